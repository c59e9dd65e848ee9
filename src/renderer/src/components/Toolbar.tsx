// The top bar: what to load (URL, path, an opened file, or pasted HTML), whether to run the
// page's JavaScript, Load and Cancel, the command palette, the theme and settings. When the window
// is narrow, the secondary controls move into a "⋯" menu instead of being squeezed.
import { type ClipboardEvent, type FormEvent, useCallback, useRef } from 'react';
import { commandById } from '../../../shared/commands';
import { ACCEPTED_FILES, looksLikeHtml } from '../lib/file-input';
import { formatAccelerator } from '../lib/keys';
import { useApp } from '../store/app-store';
import type { Theme } from '../store/settings-slice';
import { runCommand } from './use-commands';
import { useDismiss } from './use-dismiss';
import { useLoadFile } from './use-load-file';
import { useWidth } from './use-width';

const THEME_LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const THEME_ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };
/** Below this toolbar width, Open, Render JS, the palette and the theme go into the "⋯" menu. */
const COMPACT_PX = 780;
/** Below this, the brand shows its mark only. */
const NARROW_BRAND_PX = 980;

function keyOf(id: Parameters<typeof commandById>[0]): string {
  const accelerator = commandById(id).accelerator;
  return accelerator ? ` (${formatAccelerator(accelerator)})` : '';
}

function Overflow({ render, article, theme }: { render: boolean; article: boolean; theme: Theme }) {
  const open = useApp((s) => s.popover === 'overflow');
  const openPopover = useApp((s) => s.openPopover);
  const togglePopover = useApp((s) => s.togglePopover);
  const close = useCallback(() => openPopover(null), [openPopover]);
  const anchor = useRef<HTMLSpanElement>(null);
  useDismiss(open, anchor, close);
  const item = (label: string, run: () => void, testId: string, checked?: boolean) => (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={checked}
      className="menu-item row"
      onClick={() => {
        close();
        run();
      }}
      data-testid={testId}
    >
      <span className="menu-title">{label}</span>
      {checked !== undefined && <span aria-hidden="true">{checked ? '✓' : ''}</span>}
    </button>
  );
  return (
    <span className="popover-anchor" ref={anchor}>
      <button type="button" className="icon-button large" onClick={() => togglePopover('overflow')} aria-expanded={open} aria-haspopup="menu" aria-label="More" title="More" data-testid="toolbar-more">
        ⋯
      </button>
      {open && (
        <div className="popover menu narrow" role="menu">
          {item('Open a file…', () => runCommand('open-file'), 'more-open')}
          {item('Render JavaScript', () => runCommand('toggle-render'), 'more-render', render)}
          {item('Article mode', () => runCommand('toggle-article'), 'more-article', article)}
          {item(`All commands…${keyOf('command-palette')}`, () => runCommand('command-palette'), 'more-palette')}
          {item(THEME_LABEL[theme], () => runCommand('toggle-theme'), 'more-theme')}
        </div>
      )}
    </span>
  );
}

export function Toolbar() {
  const address = useApp((s) => s.address);
  const setAddress = useApp((s) => s.setAddress);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const width = useWidth(form);
  const loading = useApp((s) => s.status === 'loading');
  const busy = useApp((s) => s.status === 'loading' || s.converting);
  const render = useApp((s) => s.settings.render);
  const article = useApp((s) => s.settings.article);
  const theme = useApp((s) => s.settings.theme);
  const updateSettings = useApp((s) => s.updateSettings);
  const load = useApp((s) => s.load);
  const cancel = useApp((s) => s.cancel);
  const openPopover = useApp((s) => s.openPopover);
  const loadFile = useLoadFile();
  const compact = width > 0 && width < COMPACT_PX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = address.trim();
    if (url !== '' && !loading) void load({ kind: 'url', url });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!looksLikeHtml(text)) return;
    event.preventDefault();
    void load({ kind: 'html', html: text, name: 'pasted HTML' });
  };

  return (
    <form className={`toolbar ${compact ? 'compact' : ''}`} onSubmit={submit} role="search" ref={form} data-region="address">
      <span className="brand" aria-label="OpenScraper" title="OpenScraper">
        <span className="brand-mark" aria-hidden="true">◆</span>
        {width >= NARROW_BRAND_PX && <span className="brand-name">OpenScraper</span>}
      </span>
      <input
        className="address"
        type="text"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onPaste={onPaste}
        placeholder="https://… or a file path — or drop a file, or paste HTML here"
        aria-label="URL or file path"
        title={`URL or file path${keyOf('focus-address')}`}
        spellCheck={false}
        autoComplete="off"
        data-testid="address"
        data-focus
      />
      {!compact && (
        <button type="button" className="button" onClick={() => fileInput.current?.click()} title={`Open an HTML or PDF file${keyOf('open-file')}`}>
          Open…
        </button>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_FILES}
        hidden
        data-testid="file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void loadFile(file);
          event.target.value = '';
        }}
      />
      {!compact && (
        <label className="toggle" title="Run the page's JavaScript in a hidden browser before converting">
          <input type="checkbox" checked={render} onChange={(event) => updateSettings({ render: event.target.checked })} data-testid="render-toggle" />
          <span>Render JS</span>
        </label>
      )}
      {!compact && (
        <label className="toggle" title="Article mode: keep only the main content (every cut is listed under “Article”, and can be kept)">
          <input type="checkbox" checked={article} onChange={() => runCommand('toggle-article')} data-testid="article-toggle" />
          <span>Article</span>
        </label>
      )}
      <button type="submit" className="button primary" disabled={address.trim() === '' || loading} title={`Load${keyOf('load')}`} data-testid="load">
        {loading ? 'Loading…' : 'Load'}
      </button>
      <button type="button" className="button" disabled={!busy} onClick={() => void cancel()} data-testid="cancel">
        Cancel
      </button>
      <span className="toolbar-sep" />
      {compact ? (
        <Overflow render={render} article={article} theme={theme} />
      ) : (
        <>
          <button type="button" className="button ghost key-hint" onClick={() => runCommand('command-palette')} title="All commands" aria-label="All commands" data-testid="open-palette">
            {formatAccelerator(commandById('command-palette').accelerator!)}
          </button>
          <button type="button" className="icon-button large" onClick={() => runCommand('toggle-theme')} title={THEME_LABEL[theme]} aria-label={THEME_LABEL[theme]} data-testid="theme-toggle">
            {THEME_ICON[theme]}
          </button>
        </>
      )}
      <button type="button" className="icon-button large" onClick={() => openPopover('settings')} title={`Settings${keyOf('settings')}`} aria-label="Settings" data-testid="open-settings">
        ⚙
      </button>
    </form>
  );
}
