// Settings, remembered between sessions: how pages load, which rules apply to new pages, the
// elements kept on every page of a site, how previews behave, the theme.
import { useEffect, useRef } from 'react';
import { CATEGORIES, categoryHint, categoryLabel } from '../lib/categories';
import { useApp } from '../store/app-store';
import type { Theme } from '../store/settings-slice';

function SiteKeeps() {
  const siteKeeps = useApp((s) => s.settings.siteKeeps);
  const update = useApp((s) => s.updateSettings);
  const sites = Object.keys(siteKeeps).sort();
  const remove = (site: string, path: string) => {
    const next = { ...siteKeeps, [site]: siteKeeps[site].filter((keep) => keep.path !== path) };
    if (next[site].length === 0) delete next[site];
    update({ siteKeeps: next });
  };
  return (
    <fieldset data-testid="site-keeps">
      <legend>Kept on every page of a site</legend>
      {sites.length === 0 ? (
        <p className="muted field-note">None yet. In the list of removed elements, ☆ keeps an element on every page of its site (single pages and batches).</p>
      ) : (
        <ul className="site-keeps">
          {sites.map((site) =>
            siteKeeps[site].map((keep) => (
              <li key={`${site} ${keep.path}`} data-testid="site-keep" data-site={site} data-path={keep.path}>
                <span className="site-keep-site">{site}</span>
                <code className="site-keep-what" title={`${keep.path}\n${keep.excerpt}`}>
                  &lt;{keep.tag}&gt; {keep.path}
                </code>
                <button type="button" className="link-button" onClick={() => remove(site, keep.path)} aria-label={`Stop keeping <${keep.tag}> on ${site}`} data-testid="site-keep-remove">
                  Remove
                </button>
              </li>
            )),
          )}
        </ul>
      )}
    </fieldset>
  );
}

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
      if (opener && document.contains(opener)) opener.focus();
    };
    window.addEventListener('keydown', onKey);
    dialog.current?.querySelector<HTMLElement>('input, select')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="settings-title" ref={dialog} data-testid="settings">
        <header className="modal-header">
          <h2 id="settings-title">Settings</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
            ×
          </button>
        </header>
        <div className="modal-body">
          <fieldset>
            <legend>Loading</legend>
            <label className="field check">
              <input type="checkbox" checked={settings.render} onChange={(e) => update({ render: e.target.checked })} />
              Render JavaScript by default
            </label>
            <label className="field">
              <span>Timeout (seconds)</span>
              <input type="number" min={1} max={600} value={Math.round(settings.timeoutMs / 1000)} onChange={(e) => update({ timeoutMs: Math.min(600, Math.max(1, Number(e.target.value) || 30)) * 1000 })} />
            </label>
            <label className="field">
              <span>User agent</span>
              <input type="text" value={settings.userAgent} placeholder="the default browser-like one" onChange={(e) => update({ userAgent: e.target.value.replace(/[\r\n]/g, '') })} />
            </label>
            <label className="field">
              <span>When rendering, wait for</span>
              <input type="text" value={settings.waitFor} placeholder="a CSS selector, e.g. article h1" onChange={(e) => update({ waitFor: e.target.value })} />
            </label>
            <label className="field">
              <span>Then wait extra (ms)</span>
              <input type="number" min={0} max={120000} step={250} value={settings.extraWaitMs} onChange={(e) => update({ extraWaitMs: Math.min(120_000, Math.max(0, Number(e.target.value) || 0)) })} />
            </label>
          </fieldset>
          <fieldset>
            <legend>Limits for hostile pages</legend>
            <label className="field">
              <span>Conversion time (seconds of CPU, 0 = default)</span>
              <input type="number" min={0} max={600} step={1} value={settings.maxTimeS} onChange={(e) => update({ maxTimeS: Math.min(600, Math.max(0, Number(e.target.value) || 0)) })} />
            </label>
            <label className="field">
              <span>Nodes and attributes (0 = default)</span>
              <input type="number" min={0} max={100000000} step={10000} value={settings.maxNodes} onChange={(e) => update({ maxNodes: Math.min(100_000_000, Math.max(0, Math.round(Number(e.target.value) || 0))) })} />
            </label>
            <p className="muted">The defaults are the command line's: 10 s plus 3 s per MB of HTML (at most 60 s), and twice the page's length in nodes (50,000 to 4,000,000). A page past them fails alone, however busy the machine is.</p>
          </fieldset>
          <fieldset>
            <legend>Cleaning rules for new pages</legend>
            {CATEGORIES.map((category) => (
              <label key={category} className="field check">
                <input type="checkbox" checked={settings.categories[category]} onChange={(e) => update({ categories: { ...settings.categories, [category]: e.target.checked } })} />
                {categoryLabel(category)} <span className="muted">({categoryHint(category)})</span>
              </label>
            ))}
          </fieldset>
          <SiteKeeps />
          <fieldset>
            <legend>Export and previews</legend>
            <label className="field check">
              <input type="checkbox" checked={settings.frontMatter} onChange={(e) => update({ frontMatter: e.target.checked })} />
              YAML front matter (title, author, date, URL)
            </label>
            <label className="field check">
              <input type="checkbox" checked={settings.includeCleanedHtml} onChange={(e) => update({ includeCleanedHtml: e.target.checked })} />
              Save the cleaned HTML next to the Markdown
            </label>
            <label className="field check">
              <input type="checkbox" checked={settings.remoteImages} onChange={(e) => update({ remoteImages: e.target.checked })} data-testid="remote-images" />
              Load remote images in rendered previews (the page's servers will see the requests)
            </label>
            <label className="field">
              <span>Theme</span>
              <select value={settings.theme} onChange={(e) => update({ theme: e.target.value as Theme })}>
                <option value="system">Follow the system</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </label>
          </fieldset>
        </div>
      </div>
    </div>
  );
}
