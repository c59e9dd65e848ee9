// The site's own template: blocks that stand at the same place with the same text on most pages of
// a site. One page cannot tell (it is off for single pages); a crawl or a batch learns them from the
// pages of each site and passes them in as `siteTemplate` (see core/template). Recorded and keepable
// like every rule: its reason says on how many pages the block was seen.
import type { Document, Element } from '../dom/nodes';
import { blockFingerprints } from '../template/fingerprints';
import type { SiteTemplate } from '../types';
import type { CleaningRule } from './types';

export const SITE_TEMPLATE_RULE_ID = 'site-template';
const DESCRIBE = 'a block repeated at the same place on most pages of the site (its template): learned by a crawl or a batch';

/** What the rule is, for lists of rules (it exists only in a conversion given a template). */
export const SITE_TEMPLATE_RULE_INFO = { id: SITE_TEMPLATE_RULE_ID, category: 'chrome', describe: DESCRIBE } as const;

/** The rule for one conversion, with the site's template. */
export function siteTemplateRule(template: SiteTemplate): CleaningRule {
  let seen: { document: Document; fingerprints: Map<Element, string> } | undefined;
  return {
    ...SITE_TEMPLATE_RULE_INFO,
    matches(el, context) {
      if (seen?.document !== context.document) seen = { document: context.document, fingerprints: blockFingerprints(context.document) };
      const fingerprint = seen.fingerprints.get(el);
      const count = fingerprint !== undefined && Object.hasOwn(template.blocks, fingerprint) ? template.blocks[fingerprint] : undefined;
      return count === undefined ? null : `on ${count} of ${template.pages} pages of ${template.site}`;
    },
  };
}
