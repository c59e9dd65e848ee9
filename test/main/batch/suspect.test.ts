// Pages that converted but are not the page: bot walls and challenges by status plus markers (as
// data), soft 404s, near-empty extractions — and real pages that look a little like them are left alone.
import { describe, expect, it } from 'vitest';
import { convert } from '../../../src/shared/core';
import type { ConvertedPage } from '../../../src/shared/page';
import { suspectPage } from '../../../src/main/batch/suspect';
import { detectBotWall } from '../../../src/main/loaders/bot-walls';

function converted(html: string, status = 200): ConvertedPage {
  return { ok: true, source: { url: 'https://example.com/x', finalUrl: 'https://example.com/x', status }, result: convert(html, { url: 'https://example.com/x' }), originalHtml: html };
}

const ARTICLE = `<p>${'A long paragraph of real text about fountain pens and their inks. '.repeat(40)}</p>`;

describe('bot walls', () => {
  it('knows the usual walls by their title or markers', () => {
    expect(detectBotWall({ status: 503, html: '<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>' })).toContain('Just a moment');
    expect(detectBotWall({ status: 403, html: '<title>Attention Required! | Cloudflare</title><div id="cf-error-details">…</div>' })).toContain('Attention Required');
    expect(detectBotWall({ status: 200, html: '<title>Pardon Our Interruption</title><p>As you were browsing something about your browser made us think you were a bot.</p>' })).toContain('Pardon Our Interruption');
    expect(detectBotWall({ status: 403, html: '<title>Access Denied</title><h1>Access Denied</h1>You don\'t have permission to access "http://x/" on this server.<p>Reference #18.1</p>' })).toContain('Access denied');
    expect(detectBotWall({ status: 403, html: '<script src="https://geo.captcha-delivery.com/captcha/"></script>' })).toContain('DataDome');
    expect(detectBotWall({ status: 200, html: '<title>Are you a robot?</title><div class="g-recaptcha" data-sitekey="x"></div>' })).toContain('captcha');
  });

  it('leaves a real page alone even when it carries a captcha for its form, and a plain refusal', () => {
    expect(detectBotWall({ status: 200, html: `<title>Contact us</title>${ARTICLE}<form><div class="g-recaptcha"></div></form>` })).toBeUndefined();
    expect(detectBotWall({ status: 403, html: '<title>Forbidden</title><p>You may not.</p>' })).toBeUndefined();
  });
});

describe('suspect pages', () => {
  it('fails a challenge sent with status 200, a soft 404 and a page with almost no text, each with its reason', () => {
    expect(suspectPage(converted('<title>Just a moment...</title><h1>example.com</h1><p>Checking your browser before accessing.</p><script src="/cdn-cgi/challenge-platform/x.js"></script>'))).toMatchObject({ code: 'bot-wall' });
    const soft = suspectPage(converted('<title>Page not found – Example</title><h1>Oops!</h1><p>We looked everywhere.</p>'));
    expect(soft).toMatchObject({ code: 'soft-404' });
    expect(soft?.message).toContain('HTTP 200');
    expect(suspectPage(converted('<title>Error 404</title><p>Nothing here.</p>'))).toMatchObject({ code: 'soft-404' });
    expect(suspectPage(converted('<div id="app"></div><script src="/app.js"></script>'))).toMatchObject({ code: 'no-content' });
  });

  it('keeps real pages: an article about something not found, a page numbered 404, a picture with no words', () => {
    expect(suspectPage(converted(`<title>Why the treasure was not found</title>${ARTICLE}`))).toBeUndefined();
    expect(suspectPage(converted('<title>Page 404</title><p>This is page number 404 of the list.</p>'))).toBeUndefined();
    expect(suspectPage(converted('<p><img src="/comic.png" alt=""></p>'))).toBeUndefined();
  });
});
