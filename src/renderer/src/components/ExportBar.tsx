// Export of the current page: copy the Markdown, save it as .md (optionally with YAML front
// matter and the cleaned HTML beside it), the recently loaded pages, and the way to batch export.
import { useCallback, useEffect, useRef } from 'react';
import { commandById } from '../../../shared/commands';
import { formatAccelerator } from '../lib/keys';
import { useApp } from '../store/app-store';
import { copyMarkdown, saveMarkdown } from './export-actions';
import { useDismiss } from './use-dismiss';

function keyOf(id: Parameters<typeof commandById>[0]): string {
  const accelerator = commandById(id).accelerator;
  return accelerator ? ` (${formatAccelerator(accelerator)})` : '';
}

function Recent() {
  const recent = useApp((s) => s.settings.recent);
  const load = useApp((s) => s.load);
  const open = useApp((s) => s.popover === 'recent');
  const openPopover = useApp((s) => s.openPopover);
  const togglePopover = useApp((s) => s.togglePopover);
  const close = useCallback(() => openPopover(null), [openPopover]);
  const anchor = useRef<HTMLSpanElement>(null);
  useDismiss(open, anchor, close);
  // Opened from the keyboard or the palette: the first page is ready for Enter.
  useEffect(() => {
    if (open) anchor.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
  }, [open]);
  return (
    <span className="popover-anchor up" ref={anchor}>
      <button type="button" className="button" onClick={() => togglePopover('recent')} aria-expanded={open} aria-haspopup="menu" disabled={recent.length === 0} data-testid="recent">
        Recent ▴
      </button>
      {open && recent.length > 0 && (
        <div
          className="popover menu"
          role="menu"
          data-testid="recent-menu"
          onKeyDown={(event) => {
            const items = [...(anchor.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
            if (step === 0 || items.length === 0) return;
            event.preventDefault();
            items[(at + step + items.length) % items.length].focus();
          }}
        >
          {recent.map((page) => (
            <button
              key={page.input}
              type="button"
              role="menuitem"
              className="menu-item"
              title={page.input}
              onClick={() => {
                close();
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
  const web = useApp((s) => s.appInfo?.mode === 'web');
  const frontMatter = useApp((s) => s.settings.frontMatter);
  const includeHtml = useApp((s) => s.settings.includeCleanedHtml);
  const updateSettings = useApp((s) => s.updateSettings);
  const setView = useApp((s) => s.setView);
  const message = useApp((s) => s.exportMessage);
  const setMessage = useApp((s) => s.setExportMessage);
  const ready = page !== null && result !== null;
  // A message about the previous page would mislead.
  useEffect(() => setMessage(null), [page, setMessage]);

  return (
    <footer className="exportbar">
      <button type="button" className="button" disabled={!ready} onClick={() => void copyMarkdown()} title={`Copy the Markdown${keyOf('copy-markdown')}`} data-testid="copy">
        Copy Markdown
      </button>
      {/* A browser has no save dialog here: the file goes straight into the export folder. */}
      <button type="button" className="button primary" disabled={!ready} onClick={() => void saveMarkdown()} title={`${web ? 'Save into the export folder' : 'Save the Markdown as a file'}${keyOf('save')}`} data-testid="save">
        {web ? 'Save .md' : 'Save .md…'}
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
