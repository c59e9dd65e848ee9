// The Batch view's left column: the URLs (pasted, an imported list, or a sitemap), the folder, the
// options, and Start. Locked while a batch runs.
import { useRef } from 'react';
import { BATCH_LIMITS, NAME_PLACEHOLDERS } from '../../../shared/batch';
import { CRAWL_LIMITS } from '../../../shared/crawl';
import { readAsBase64 } from '../lib/file-input';
import { formatInteger } from '../lib/batch';
import { useApp } from '../store/app-store';
import { QueueFollowForm } from './QueueView';

const LIST_FILES = '.txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,application/xml,text/xml,application/gzip';

function NumberField({ label, value, min, max, onChange, testId, hint }: { label: string; value: number; min: number; max: number; onChange: (value: number) => void; testId: string; hint?: string }) {
  return (
    <label className="field batch-number" title={hint}>
      <span>{label}</span>
      <input type="number" min={min} max={max} value={value} onChange={(event) => onChange(Math.min(max, Math.max(min, Math.round(Number(event.target.value)) || min)))} data-testid={testId} />
    </label>
  );
}

export function BatchSetup() {
  const input = useApp((s) => s.batchInput);
  const folder = useApp((s) => s.batchFolder);
  const resume = useApp((s) => s.batchResume);
  const settings = useApp((s) => s.settings.batch);
  const article = useApp((s) => s.settings.article);
  const updateSettings = useApp((s) => s.updateSettings);
  const running = useApp((s) => s.batchRun !== null && ['running', 'paused', 'cancelling'].includes(s.batchRun.state));
  const setText = useApp((s) => s.setBatchText);
  const read = useApp((s) => s.readBatchInput);
  const chooseFolder = useApp((s) => s.chooseBatchFolder);
  const setResume = useApp((s) => s.setBatchResume);
  const update = useApp((s) => s.updateBatchSettings);
  const start = useApp((s) => s.startBatch);
  const mode = useApp((s) => s.batchMode);
  const crawl = useApp((s) => s.batchCrawl);
  const updating = useApp((s) => s.batchUpdate);
  const setMode = useApp((s) => s.setBatchMode);
  const setCrawl = useApp((s) => s.setBatchCrawl);
  const setUpdate = useApp((s) => s.setBatchUpdate);
  const fileInput = useRef<HTMLInputElement>(null);
  const crawling = mode === 'crawl';
  const ready = crawling ? crawl.start.trim() !== '' : input.text.trim() !== '';
  const web = useApp((s) => s.appInfo?.mode === 'web');

  const importFile = async (file: File) => {
    const base64 = await readAsBase64(file);
    await read({ kind: 'file', name: file.name, base64 });
  };

  return (
    <aside className="batch-setup" aria-label="Batch setup">
      <fieldset disabled={running}>
        <legend>1 · {crawling ? 'Site' : 'URLs'}</legend>
        <div className="batch-mode" role="radiogroup" aria-label="What to export">
          <label className="field check">
            <input type="radio" name="batch-mode" checked={!crawling} onChange={() => setMode('list')} data-testid="batch-mode-list" />
            A list of URLs
          </label>
          <label className="field check">
            <input type="radio" name="batch-mode" checked={crawling} onChange={() => setMode('crawl')} data-testid="batch-mode-crawl" />
            Crawl a site
          </label>
        </div>
        {crawling && (
          <div className="batch-crawl" data-testid="batch-crawl">
            <label className="field batch-template">
              <span>Start at</span>
              <input type="text" inputMode="url" value={crawl.start} onChange={(event) => setCrawl({ start: event.target.value.replace(/[\r\n]/g, '') })} placeholder="https://example.com/docs/" spellCheck={false} data-testid="batch-crawl-start" />
            </label>
            <div className="batch-grid">
              <NumberField label="Depth" value={crawl.maxDepth} {...CRAWL_LIMITS.maxDepth} onChange={(maxDepth) => setCrawl({ maxDepth })} testId="batch-crawl-depth" hint="Links followed this many steps from the start at most" />
              <NumberField label="Pages" value={crawl.maxPages} {...CRAWL_LIMITS.maxPages} onChange={(maxPages) => setCrawl({ maxPages })} testId="batch-crawl-pages" hint="URLs taken into the crawl at most" />
            </div>
            <label className="field batch-template">
              <span>Only under</span>
              <input type="text" value={crawl.prefix} onChange={(event) => setCrawl({ prefix: event.target.value.replace(/[\r\n]/g, '') })} placeholder="/ (the whole site)" spellCheck={false} data-testid="batch-crawl-prefix" />
            </label>
            <p className="muted batch-hint">Same host; robots.txt and its sitemaps are read first.</p>
          </div>
        )}
        {!crawling && (<>
        <textarea
          className="batch-urls"
          value={input.text}
          onChange={(event) => setText(event.target.value)}
          placeholder={'Paste URLs, one per line (# for comments)\n— or one sitemap URL, e.g. https://example.com/sitemap.xml'}
          spellCheck={false}
          aria-label="URLs, one per line, or a sitemap URL"
          data-testid="batch-urls"
        />
        <div className="batch-row">
          <button type="button" className="button" onClick={() => fileInput.current?.click()} title="A text or CSV list of URLs, or a sitemap (.xml, .gz)">
            Import file…
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={LIST_FILES}
            hidden
            data-testid="batch-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void importFile(file);
              event.target.value = '';
            }}
          />
          <button type="button" className="button" onClick={() => void read()} disabled={input.text.trim() === '' || input.reading} data-testid="batch-read">
            {input.reading ? 'Reading…' : 'Check URLs'}
          </button>
        </div>
        {input.summary && (
          <p className="batch-note ok" data-testid="batch-summary">
            {input.summary}
          </p>
        )}
        {input.error && (
          <p className="batch-note error" role="alert" data-testid="batch-input-error">
            {input.error}
          </p>
        )}
        </>)}
      </fieldset>

      <fieldset disabled={running}>
        <legend>2 · Folder</legend>
        <div className="batch-row">
          {/* A browser has no folder dialog: each batch gets a new folder under the export folder. */}
          <button type="button" className="button" onClick={() => void chooseFolder()} title={web ? 'A new folder in the export folder' : undefined} data-testid="batch-choose-folder">
            {web ? 'New folder' : 'Choose folder…'}
          </button>
          <span className="batch-path" title={folder?.path} data-testid="batch-folder">
            {folder?.path ?? 'none yet'}
          </span>
        </div>
        {folder?.existing && (
          <label className="field check batch-resume">
            <input type="checkbox" checked={resume} onChange={(event) => setResume(event.target.checked)} data-testid="batch-resume" />
            Resume the batch in this folder ({formatInteger(folder.existing.done)} of {formatInteger(folder.existing.total)} done)
          </label>
        )}
        {folder?.existing && (
          <label className="field check batch-resume" title="Every page again, asked for only if changed (ETag, Last-Modified); unchanged files are not touched">
            <input type="checkbox" checked={updating} onChange={(event) => setUpdate(event.target.checked)} data-testid="batch-update" />
            Update this export: rewrite only what changed
          </label>
        )}
      </fieldset>

      <fieldset disabled={running}>
        <legend>3 · Options</legend>
        <div className="batch-grid">
          <NumberField label="At once" value={settings.concurrency} {...BATCH_LIMITS.concurrency} onChange={(concurrency) => update({ concurrency })} testId="batch-concurrency" hint="Pages loaded at the same time" />
          <NumberField label="Per host" value={settings.perHost} {...BATCH_LIMITS.perHost} onChange={(perHost) => update({ perHost })} testId="batch-per-host" hint="Pages loaded at the same time from one site" />
          <NumberField label="Delay (ms)" value={settings.delayMs} {...BATCH_LIMITS.delayMs} onChange={(delayMs) => update({ delayMs })} testId="batch-delay" hint="Least time between two requests to one site" />
          <NumberField label="Retries" value={settings.retries} {...BATCH_LIMITS.retries} onChange={(retries) => update({ retries })} testId="batch-retries" hint="More attempts after a timeout, a reset connection, HTTP 429 or 5xx" />
          <NumberField label="Timeout (s)" value={Math.round(settings.timeoutMs / 1000)} min={1} max={600} onChange={(seconds) => update({ timeoutMs: seconds * 1000 })} testId="batch-timeout" />
          <label className="field batch-number">
            <span>Manifest</span>
            <select value={settings.manifest} onChange={(event) => update({ manifest: event.target.value === 'csv' ? 'csv' : 'json' })} data-testid="batch-manifest">
              <option value="json">JSON</option>
              <option value="csv">CSV</option>
            </select>
          </label>
        </div>
        <label className="field batch-template">
          <span>File names</span>
          <input type="text" value={settings.nameTemplate} maxLength={BATCH_LIMITS.maxTemplateChars} onChange={(event) => update({ nameTemplate: event.target.value.replace(/[\r\n]/g, '') })} spellCheck={false} data-testid="batch-template" />
          <span className="muted batch-hint">{NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')} · “/” makes folders</span>
        </label>
        <div className="batch-checks">
          <label className="field check">
            <input type="checkbox" checked={settings.render} onChange={(event) => update({ render: event.target.checked })} data-testid="batch-render" />
            Render JavaScript
          </label>
          <label className="field check" title="Keep only each page's main content">
            <input type="checkbox" checked={article} onChange={(event) => updateSettings({ article: event.target.checked })} data-testid="batch-article" />
            Article mode
          </label>
          <label className="field check">
            <input type="checkbox" checked={settings.frontMatter} onChange={(event) => update({ frontMatter: event.target.checked })} data-testid="batch-front-matter" />
            YAML front matter
          </label>
          <label className="field check">
            <input type="checkbox" checked={settings.cleanedHtml} onChange={(event) => update({ cleanedHtml: event.target.checked })} data-testid="batch-cleaned-html" />
            Cleaned HTML beside
          </label>
          <label className="field check">
            <input type="checkbox" checked={settings.images} onChange={(event) => update({ images: event.target.checked })} data-testid="batch-images" />
            Download images
          </label>
          <label className="field check">
            <input type="checkbox" checked={settings.overwrite} onChange={(event) => update({ overwrite: event.target.checked })} data-testid="batch-overwrite" />
            Replace existing files
          </label>
          <label className="field check" title="Disallow, Allow and Crawl-delay for our agent">
            <input type="checkbox" checked={settings.robots} onChange={(event) => update({ robots: event.target.checked })} data-testid="batch-robots" />
            Honour robots.txt
          </label>
          <label className="field check" title="Blocks repeated on most pages of a site (rule “site-template”)">
            <input type="checkbox" checked={settings.siteTemplate} onChange={(event) => update({ siteTemplate: event.target.checked })} data-testid="batch-site-template" />
            Remove the site’s template
          </label>
          <label className="field check" title="Bot walls, soft 404s and near-empty pages are written instead of failing">
            <input type="checkbox" checked={settings.keepSuspect} onChange={(event) => update({ keepSuspect: event.target.checked })} data-testid="batch-keep-suspect" />
            Keep suspect pages
          </label>
        </div>
      </fieldset>

      <div className="batch-start-bar">
        <button type="button" className="button primary batch-start" onClick={() => void start()} disabled={running || folder === null || (!ready && !resume && !updating)} data-testid="batch-start">
          {updating ? 'Update export' : resume ? `Resume ${crawling ? 'crawl' : 'batch'}` : crawling ? 'Start crawl' : 'Start batch'}
        </button>
      </div>
      <QueueFollowForm />
    </aside>
  );
}
