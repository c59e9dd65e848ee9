// What Copy and Save write: the Markdown on screen, with YAML front matter in front when asked.
import { frontMatter } from '../../../shared/core/front-matter';
import type { ConvertResult } from '../../../shared/core/types';
import type { ConvertedPage } from '../../../shared/page';

export function exportMarkdown(page: ConvertedPage, result: ConvertResult, withFrontMatter: boolean): string {
  if (!withFrontMatter) return result.markdown;
  const url = page.source.finalUrl ?? page.source.url;
  const source = /^https?:/i.test(url) && url !== result.metadata.canonicalUrl ? url : undefined;
  return frontMatter({ ...result.metadata, source }) + result.markdown;
}

/** Copies text; falls back to a hidden textarea where the async clipboard is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('the clipboard refused the text');
  }
}
