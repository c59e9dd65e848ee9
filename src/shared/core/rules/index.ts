// The default rule set, in the order rules are tried on each element (the first match wins).
import { adLabel, adsByGoogle, adSlot, consentBanner, dialog, sponsoredLink } from './ads';
import { announcedBlock, furnitureToken, sidebarWidget } from './announced';
import { cookieNotice } from './cookie-notices';
import { aside, footer, header, menu, navigation } from './boilerplate';
import { ariaHidden, hiddenAttribute, hiddenClass, hiddenStyle, narrowOnly, notDocumentClass } from './hidden';
import { docsNavigation } from './docs-navigation';
import { besideColumn } from './grid-columns';
import { permalinkAnchor } from './permalinks';
import { announcingLink, backLink, sectionLink } from './lone-links';
import { repeatedCaption } from './repeated';
import { imageCredit } from './image-credits';
import { readingTime } from './reading-time';
import { codeBlockButton, formControls, interfaceButton, interfaceForm } from './forms';
import { builderPart, chromeLandmark } from './landmarks';
import { linkList } from './link-lists';
import { outsideMainRegion } from './main-region';
import { pageEnd } from './page-end';
import { shareBar } from './share-bars';
import { signUpBox } from './sign-up-boxes';
import { inlinePromo } from './promos';
import { orphanHeading } from './orphan-headings';
import { articleCaption, articleInside, articleOutside, articleTrailing, articleNamed } from './article';
import type { ConvertMode } from '../types';
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
  cookieNotice,
  sponsoredLink,
  hiddenAttribute,
  ariaHidden,
  hiddenStyle,
  hiddenClass,
  notDocumentClass,
  narrowOnly,
  outsideMainRegion,
  chromeLandmark,
  builderPart,
  shareBar,
  docsNavigation,
  permalinkAnchor,
  backLink,
  announcingLink,
  sectionLink,
  repeatedCaption,
  imageCredit,
  readingTime,
  announcedBlock,
  inlinePromo,
  sidebarWidget,
  furnitureToken,
  signUpBox,
  formControls,
  codeBlockButton,
  interfaceButton,
  interfaceForm,
  linkList,
  besideColumn,
  pageEnd,
  orphanHeading,
  adLabel,
];

/** Article mode's own rules, run after the default ones on what they left. */
export const ARTICLE_RULES: readonly CleaningRule[] = [articleOutside, articleInside, articleTrailing, articleCaption, articleNamed];

const WITH_ARTICLE: readonly CleaningRule[] = [...DEFAULT_RULES, ...ARTICLE_RULES];

/** The rules a mode applies (before any extra rules of the caller). */
export function rulesOfMode(mode: ConvertMode | undefined): readonly CleaningRule[] {
  return mode === 'article' ? WITH_ARTICLE : DEFAULT_RULES;
}

export type { CleaningRule } from './types';
