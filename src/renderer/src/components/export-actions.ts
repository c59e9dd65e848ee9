// Copy and Save, as the buttons, the keys, the palette and the menu run them: the Markdown on
// screen (with front matter when asked), the message beside the buttons saying what happened.
import { api } from '../api';
import { copyText, exportMarkdown } from '../lib/export';
import { appStore } from '../store/app-store';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function copyMarkdown(): Promise<void> {
  const { page, result, settings, setExportMessage } = appStore.getState();
  if (!page || !result) return;
  try {
    await copyText(exportMarkdown(page, result, settings.frontMatter));
    setExportMessage({ text: 'Markdown copied', tone: 'ok' });
  } catch (error) {
    setExportMessage({ text: `Copy failed: ${message(error)}`, tone: 'error' });
  }
}

export async function saveMarkdown(): Promise<void> {
  const { page, result, settings, setExportMessage } = appStore.getState();
  if (!page || !result) return;
  try {
    const response = await api['export:save']({
      markdown: exportMarkdown(page, result, settings.frontMatter),
      title: result.metadata.title ?? page.title,
      url: page.finalUrl ?? page.url,
      cleanedHtml: settings.includeCleanedHtml ? result.cleanedHtml : undefined,
    });
    setExportMessage(response.saved ? { text: `Saved ${response.files.join(' and ')}`, tone: 'ok' } : null);
  } catch (error) {
    setExportMessage({ text: `Save failed: ${message(error)}`, tone: 'error' });
  }
}
