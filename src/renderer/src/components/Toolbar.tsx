// The top bar: what to load (URL, path, an opened file, or pasted HTML), whether to run the
// page's JavaScript, Load and Cancel, and the way to settings and the theme.
import { type ClipboardEvent, type FormEvent, useRef, useState } from 'react';
import { ACCEPTED_FILES, looksLikeHtml } from '../lib/file-input';
import { useApp } from '../store/app-store';
import type { Theme } from '../store/settings-slice';
import { useLoadFile } from './use-load-file';

const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const THEME_ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

export function Toolbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const [address, setAddress] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = useApp((s) => s.status === 'loading' || s.converting);
  const render = useApp((s) => s.settings.render);
  const article = useApp((s) => s.settings.article);
  const hasPage = useApp((s) => s.page !== null);
  const reconvert = useApp((s) => s.reconvert);
  const theme = useApp((s) => s.settings.theme);
  const updateSettings = useApp((s) => s.updateSettings);
  const load = useApp((s) => s.load);
  const cancel = useApp((s) => s.cancel);
  const loadFile = useLoadFile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = address.trim();
    if (url !== '') void load({ kind: 'url', url });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!looksLikeHtml(text)) return;
    event.preventDefault();
    void load({ kind: 'html', html: text, name: 'pasted HTML' });
  };

  return (
    <form className="toolbar" onSubmit={submit} role="search">
      <span className="brand" aria-label="OpenScraper">
        <span className="brand-mark" aria-hidden="true">◆</span> OpenScraper
      </span>
      <input
        className="address"
        type="text"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onPaste={onPaste}
        placeholder="https://… or a file path — or drop a file, or paste HTML here"
        aria-label="URL or file path"
        spellCheck={false}
        autoComplete="off"
        data-testid="address"
      />
      <button type="button" className="button" onClick={() => fileInput.current?.click()} title="Open an HTML or PDF file">
        Open…
      </button>
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
      <label className="toggle" title="Run the page's JavaScript in a hidden browser before converting">
        <input type="checkbox" checked={render} onChange={(event) => updateSettings({ render: event.target.checked })} data-testid="render-toggle" />
        <span>Render JS</span>
      </label>
      <label className="toggle" title="Article mode: keep only the main content (every cut is listed under “Article”, and can be kept)">
        <input
          type="checkbox"
          checked={article}
          onChange={(event) => {
            updateSettings({ article: event.target.checked });
            if (hasPage) void reconvert();
          }}
          data-testid="article-toggle"
        />
        <span>Article</span>
      </label>
      <button type="submit" className="button primary" disabled={address.trim() === ''} data-testid="load">
        Load
      </button>
      <button type="button" className="button" disabled={!busy} onClick={() => void cancel()} data-testid="cancel">
        Cancel
      </button>
      <span className="toolbar-sep" />
      <button type="button" className="icon-button large" onClick={() => updateSettings({ theme: NEXT_THEME[theme] })} title={THEME_LABEL[theme]} aria-label={THEME_LABEL[theme]} data-testid="theme-toggle">
        {THEME_ICON[theme]}
      </button>
      <button type="button" className="icon-button large" onClick={onOpenSettings} title="Settings" aria-label="Settings" data-testid="open-settings">
        ⚙
      </button>
    </form>
  );
}
