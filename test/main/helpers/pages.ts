// A Page is converted or failed: these check which, saying why when it is the other, and hand back
// the narrowed shape for the test to look into.
import { expect } from 'vitest';
import type { ConvertedPage, FailedPage, Page } from '../../../src/shared/page';

export function converted(page: Page): ConvertedPage {
  expect(page.ok ? null : page.error, `${page.source.url} failed`).toBeNull();
  return page as ConvertedPage;
}

export function failed(page: Page): FailedPage {
  expect(page.ok, `${page.source.url} converted`).toBe(false);
  return page as FailedPage;
}
