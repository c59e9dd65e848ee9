import { describe, expect, it } from 'vitest';
import { convert } from '../../../../src/shared/core';

const story = `<p>${'The council voted on the bridge after a long debate about its cost. '.repeat(3)}</p>`;

describe('forms', () => {
  it('removes a comment form and drop-down lists', () => {
    const result = convert(`${story}<form><label>Name <input name="n"></label><textarea>Your comment</textarea><button>Post</button></form>`);
    expect(result.removed.map((r) => r.ruleId)).toEqual(['form']);
    expect(convert(`${story}<p>Pick: <select><option>Abarth</option><option>Audi</option></select></p>`).markdown).not.toContain('Abarth');
  });

  it('removes a form laid out in a table (a label beside each field), but keeps a form holding a data table', () => {
    const row = (label: string, field: string) => `<tr><td>${label}</td><td>${field}</td></tr>`;
    const laidOut = `<form><table>${row('Name*', '<input name="username">')}${row('Email', '<input name="email">')}${row('Beitrag*', '<textarea name="comment"></textarea>')}${row('&nbsp;', '<input type="submit" value="Eintragen">')}</table></form>`;
    const result = convert(`<h1>News</h1>${story}${laidOut}`);
    expect(result.removed.map((r) => r.ruleId)).toContain('form');
    expect(result.markdown).not.toContain('Beitrag');
    // A timetable with a search field above it is data inside a form.
    const timetable = `<form><input name="q"><table><tr><th>Train</th><th>Time</th></tr><tr><td>IC 5</td><td>09:12</td></tr><tr><td>RE 7</td><td>09:40</td></tr></table></form>`;
    expect(convert(`<h1>Trains</h1>${story}${timetable}`).markdown).toContain('IC 5');
  });

  it('keeps a form that wraps the page (its title and story)', () => {
    const result = convert(`<form action="/"><h1>Title</h1>${story}<input type="hidden" name="v"></form>`);
    expect(result.removed).toEqual([]);
    expect(result.markdown).toContain('# Title');
  });
});

describe('code-button', () => {
  it("removes a copy button inside a code block, so its label is not read as the code's last line", () => {
    const html = '<p>Run it:</p><pre><code>npm test</code><button class="copy-button">copy</button></pre>';
    const result = convert(html);
    expect(result.removed.map((r) => r.ruleId)).toEqual(['code-button']);
    expect(result.markdown).toContain('```\nnpm test\n```');
  });

  it('keeps buttons outside code blocks (an FAQ question is often a button)', () => {
    const faq = '<h3><button aria-expanded="false">Can I pay by card?</button></h3><p>Yes, every major card is accepted at the desk.</p>';
    expect(convert(faq).markdown).toContain('Can I pay by card?');
  });

  it('removes buttons and role=button controls outside forms: their labels work the page', () => {
    const gallery = `${story}<div class="gallery"><span role="button" class="close">Close</span><button class="next">Next</button><img src="/a.jpg" alt="Harbour"></div>${story}`;
    expect(convert(gallery).removed.map((r) => r.ruleId)).toEqual(['button', 'button']);
    expect(convert(gallery).markdown).not.toMatch(/Close|Next/);
    // A label drawn as an icon-sized image is still a control's (rustdoc's "Copy item path").
    expect(convert(`${story}<h1>Constant x <button id="copy-path"><img src="/clip.svg" width="19" height="18" alt="Copy item path"></button></h1>`).markdown).not.toContain('Copy item path');
  });

  it('keeps buttons that name content: disclosures, tabs, questions, headings, and links styled as buttons', () => {
    expect(convert(`${story}<button aria-controls="p1">Opening hours</button><div id="p1"><p>Nine to five.</p></div>`).markdown).toContain('Opening hours');
    expect(convert(`${story}<div role="tablist"><button role="tab">Static Methods</button></div>`).markdown).toContain('Static Methods');
    expect(convert(`${story}<button class="accordion">How do I return an item?</button><div class="panel"><p>Bring it back within a month.</p></div>`).markdown).toContain('How do I return an item?');
    expect(convert(`${story}<p><a href="/report.pdf" role="button">Download the report</a></p>`).markdown).toContain('Download the report');
    // A gallery's figure made clickable is a picture of the story.
    expect(convert(`${story}<section role="button"><figure role="button"><img src="/bridge.jpg" alt="The bridge at dawn"></figure></section>`).markdown).toContain('The bridge at dawn');
  });
});
