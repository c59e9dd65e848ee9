// Export of the current page: copy the Markdown, save it as .md (optionally with YAML front
// matter and the cleaned HTML beside it), the recently loaded pages, and the way to batch export.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { copyText, exportMarkdown } from '../lib/export';
import { useApp } from '../store/app-store';

function Recent() {
  const recent = useApp((s) => s.settings.recent);
  const load = useApp((s) => s.load);
  const [open, setOpen] = useState(false);
  return (
    <span className="popover-anchor up">
      <button type="button" className="button" onClick={() => setOpen(!open)} aria-expanded={open} disabled={recent.length === 0} data-testid="recent">
        Recent ▴
      </button>
      {open && (
        <div className="popover menu" role="menu">
          {recent.map((page) => (
            <button
              key={page.input}
              type="button"
              role="menuitem"
              className="menu-item"
              title={page.input}
              onClick={() => {
                setOpen(false);
                void load({ kind: 'url', url: page.input });
              }}
            >
              <span className="menu-title">{page.title || page.input}</span>
              <span className="menu-sub">{page.input}</span>
            </button>
          ))}
        </div>
      )}
    </span>
  );
}

export function ExportBar() {
  const page = useApp((s) => s.page);
  const result = useApp((s) => s.result);
  const frontMatter = useApp((s) => s.settings.frontMatter);
  const includeHtml = useApp((s) => s.settings.includeCleanedHtml);
  const updateSettings = useApp((s) => s.updateSettings);
  const setView = useApp((s) => s.setView);
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const ready = page !== null && result !== null;
  // A message about the previous page would mislead.
  useEffect(() => setMessage(null), [page]);

  const copy = async () => {
    if (!page || !result) return;
    try {
      await copyText(exportMarkdown(page, result, frontMatter));
      setMessage({ text: 'Markdown copied', tone: 'ok' });
    } catch (error) {
      setMessage({ text: `Copy failed: ${error instanceof Error ? error.message : String(error)}`, tone: 'error' });
    }
  };

  const save = async () => {
    if (!page || !result) return;
    try {
      const response = await api['export:save']({
        markdown: exportMarkdown(page, result, frontMatter),
        title: result.metadata.title ?? page.result.metadata.title,
        url: page.source.finalUrl ?? page.source.url,
        cleanedHtml: includeHtml ? result.cleanedHtml : undefined,
      });
      setMessage(response.saved ? { text: `Saved ${response.files.join(' and ')}`, tone: 'ok' } : null);
    } catch (error) {
      setMessage({ text: `Save failed: ${error instanceof Error ? error.message : String(error)}`, tone: 'error' });
    }
  };

  return (
    <footer className="exportbar">
      <button type="button" className="button" disabled={!ready} onClick={() => void copy()} data-testid="copy">
        Copy Markdown
      </button>
      <button type="button" className="button primary" disabled={!ready} onClick={() => void save()} data-testid="save">
        Save .md…
      </button>
      <label className="toggle">
        <input type="checkbox" checked={frontMatter} onChange={(event) => updateSettings({ frontMatter: event.target.checked })} data-testid="front-matter" />
        <span>YAML front matter</span>
      </label>
      <label className="toggle">
        <input type="checkbox" checked={includeHtml} onChange={(event) => updateSettings({ includeCleanedHtml: event.target.checked })} data-testid="include-html" />
        <span>Also save cleaned HTML</span>
      </label>
      {message && (
        <span className={`export-message ${message.tone}`} data-testid="export-message" title={message.text}>
          {message.text}
        </span>
      )}
      <span className="spacer" />
      <Recent />
      <button type="button" className="button" onClick={() => setView('batch')} title="Many URLs or a sitemap to a folder of Markdown files" data-testid="open-batch">
        Batch ▸
      </button>
    </footer>
  );
}
