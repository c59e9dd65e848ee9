// The default rule set, in the order rules are tried on each element (the first match wins).
import { adsByGoogle, adSlot, consentBanner, dialog, sponsoredLink } from './ads';
import { announcedBlock, furnitureToken, sidebarWidget } from './announced';
import { aside, footer, header, menu, navigation } from './boilerplate';
import { ariaHidden, hiddenAttribute, hiddenStyle } from './hidden';
import { formControls, interfaceForm } from './forms';
import { chromeLandmark } from './landmarks';
import { linkList } from './link-lists';
import { outsideMainRegion } from './main-region';
import { shareBar } from './share-bars';
import type { CleaningRule } from './types';
import { headTagsInBody, metaRefresh, unwantedElements } from './unwanted';

export const DEFAULT_RULES: readonly CleaningRule[] = [
  unwantedElements,
  metaRefresh,
  headTagsInBody,
  navigation,
  header,
  footer,
  aside,
  menu,
  adsByGoogle,
  adSlot,
  dialog,
  consentBanner,
  sponsoredLink,
  hiddenAttribute,
  ariaHidden,
  hiddenStyle,
  outsideMainRegion,
  chromeLandmark,
  shareBar,
  announcedBlock,
  sidebarWidget,
  furnitureToken,
  formControls,
  interfaceForm,
  linkList,
];

export type { CleaningRule } from './types';
