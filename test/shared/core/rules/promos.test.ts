import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;
const more = `<p>${'Work starts in spring and the road stays open during the building. '.repeat(3)}</p>`;

function removedBy(html: string, rule: string): string[] {
  return convert(html).removed.filter((r) => r.ruleId === rule).map((r) => r.reason);
}

describe('promo-link', () => {
  it('removes a paragraph that is only a label announcing other stories and links to them', () => {
    expect(removedBy(`${story}<p><strong>READ MORE:</strong> <a href="/tunnel">The tunnel plan is back</a></p>${more}`, 'promo-link')).toEqual([
      'links to other stories announced as "READ MORE"',
    ]);
    expect(removedBy(`${story}<p>Lesen Sie auch: <a href="/a">Die Brücke</a> | <a href="/b">Der Tunnel</a> [VIDEO]</p>${more}`, 'promo-link')).toHaveLength(1);
    expect(convert(`${story}<h6>Related: <a href="/tunnel">The tunnel plan is back</a></h6>${more}`).markdown).not.toContain('tunnel plan');
  });

  it('keeps prose that starts with an announcing word, and labels that are not set apart', () => {
    const prose = `${story}<p>Related costs rose, as <a href="/audit">the audit</a> shows.</p>${more}`;
    expect(removedBy(prose, 'promo-link')).toEqual([]);
    expect(removedBy(`${story}<p>Related work <a href="/audit">the audit</a></p>${more}`, 'promo-link')).toEqual([]);
    // A link to a section of the page is a table of contents, not a promotion.
    expect(removedBy(`${story}<p><b>Read more:</b> <a href="#costs">Costs</a></p>${more}`, 'promo-link')).toEqual([]);
  });

  it('removes the post\'s tags and categories set as a label and links ("Tags:", "Schlagworte:")', () => {
    expect(removedBy(`${story}${more}<p><b>Schlagworte:</b> <a href="/t/bruecke">Brücke</a>, <a href="/t/verkehr">Verkehr</a></p>`, 'promo-link')).toEqual([
      'the post\'s tags or categories, labelled "Schlagworte"',
    ]);
    // A sentence about tags is prose.
    expect(removedBy(`${story}<p>Tags on the bridge were painted over, as <a href="/p">the photos</a> show.</p>${more}`, 'promo-link')).toEqual([]);
  });
});
