import { describe, expect, it } from 'vitest';
import { READING_TIME } from '../../../../src/shared/core/rules/reading-time';
import { markdownOf, removedBy } from './helpers';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

describe('reading-time', () => {
  it('knows reading-time labels in several languages', () => {
    for (const label of ['4 Min Read', '12 minute read', '4 Min. Lesedauer', 'Lesezeit: ca. 3 Minuten', '8 minutos de lectura', 'Reading time: 5 minutes', 'Temps de lecture : 6 min']) {
      expect(READING_TIME.test(label), label).toBe(true);
    }
    for (const text of ['25 Min.', '4 minutes', 'Read the minutes', 'The 10 minute read that changed my life']) expect(READING_TIME.test(text), text).toBe(false);
  });

  it("removes the label by the byline, with its formatting and icon, and keeps the byline's words", () => {
    const byline = '<p class="meta">By Anna Muster, 12 May 2020 <span class="read"><svg><path d="M1 1"></path></svg><strong>3 min</strong> Lesezeit</span></p>';
    const markdown = markdownOf(`<h1>Bridge</h1>${byline}${story}`);
    expect(markdown).not.toContain('Lesezeit');
    expect(markdown).toContain('By Anna Muster, 12 May 2020');
    expect(removedBy(`<h1>Bridge</h1><div class="time">- Lesedauer: 8 Min.</div>${story}`)).toEqual(['reading-time div']);
  });

  it('keeps the words inside a sentence and a recipe\'s times', () => {
    expect(markdownOf(`${story}<p>It is a 4 min read, and worth it.</p>`)).toContain('4 min read');
    expect(markdownOf(`${story}<ul><li>Preparation</li><li>25 Min.</li></ul>`)).toContain('25 Min.');
  });
});
