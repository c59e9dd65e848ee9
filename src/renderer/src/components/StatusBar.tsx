// Under the toolbar: while a page loads, its stages (fetch or render, parse, clean, Markdown) with
// the bytes so far and the time taken; then the page's facts — title and address on the first
// line, sizes, tokens and warnings after them, on a second line when the window is narrow.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SCRAPE_STAGES, type ScrapeStage } from '../../../shared/page';
import { estimateTokens, formatBytes, formatCount, formatSeconds, percentSaved } from '../lib/format';
import { PREVIEW_MAX_CHARS } from '../lib/preview';
import { useApp } from '../store/app-store';
import { useDismiss } from './use-dismiss';

/** A page this large gets a word about the wait, and previews that show only its start. */
export const LARGE_PAGE_BYTES = 4 * 1024 * 1024;

const STAGE_LABEL: Record<ScrapeStage, string> = { fetch: 'fetch', render: 'render', parse: 'parse', clean: 'clean', markdown: 'Markdown' };

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="muted elapsed" data-testid="elapsed">
      {formatSeconds(now - since)}
    </span>
  );
}

function LoadingLine({ since }: { since: number }) {
  const label = useApp((s) => s.loadingLabel);
  const progress = useApp((s) => s.progress);
  const rendering = useApp((s) => s.settings.render);
  const stages = SCRAPE_STAGES.filter((stage) => stage !== 'render' || rendering || progress?.stage === 'render');
  const current = progress ? stages.indexOf(progress.stage) : 0;
  const bytes = progress?.bytes;
  const large = (progress?.totalBytes ?? bytes ?? 0) >= LARGE_PAGE_BYTES;
  return (
    <span className="loading-line" data-testid="loading-line">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">
        Loading <strong title={label}>{label}</strong>
      </span>
      <ol className="stages" aria-label="Stages" data-testid="stages">
        {stages.map((stage, index) => (
          <li key={stage} className={index < current ? 'done' : index === current ? 'current' : ''} data-stage={stage} aria-current={index === current ? 'step' : undefined}>
            {STAGE_LABEL[stage]}
            {(stage === 'fetch' || stage === 'render') && index <= current && bytes !== undefined && bytes > 0 && (
              <span className="stage-bytes" data-testid="stage-bytes">
                {' '}
                {formatBytes(bytes)}
                {progress?.totalBytes ? ` of ${formatBytes(progress.totalBytes)}` : ''}
              </span>
            )}
          </li>
        ))}
      </ol>
      <Elapsed since={since} />
      {large && <span className="badge warn-badge">large page: this can take a while</span>}
    </span>
  );
}

function Warnings() {
  const warnings = useApp((s) => s.result?.warnings ?? []);
  const open = useApp((s) => s.popover === 'warnings');
  const openPopover = useApp((s) => s.openPopover);
  const togglePopover = useApp((s) => s.togglePopover);
  const close = useCallback(() => openPopover(null), [openPopover]);
  const anchor = useRef<HTMLSpanElement>(null);
  useDismiss(open, anchor, close);
  if (warnings.length === 0) return <span className="stat ok">no loss warnings</span>;
  return (
    <span className="popover-anchor" ref={anchor}>
      <button type="button" className="link-button warn" onClick={() => togglePopover('warnings')} aria-expanded={open} data-testid="warnings">
        ⚠ {warnings.length} warning{warnings.length === 1 ? '' : 's'}
      </button>
      {open && (
        <div className="popover" role="dialog" aria-label="Warnings">
          <ul>
            {warnings.map((warning, i) => (
              <li key={i}>
                <span className="badge">{warning.code}</span> {warning.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </span>
  );
}

function PageFacts() {
  const page = useApp((s) => s.page);
  const result = useApp((s) => s.result);
  if (!page || !result) return <span className="muted">Web pages to clean Markdown.</span>;
  const { stats } = result;
  const tokensBefore = estimateTokens(page.originalHtml.length);
  const tokensAfter = estimateTokens(result.markdown.length);
  const source = page.finalUrl ?? page.url;
  const external = /^https?:\/\//i.test(source);
  return (
    <>
      <span className="page-id">
        <span className="page-title" title={page.title ?? ''} data-testid="page-title">
          {page.title || 'Untitled page'}
        </span>
        {external ? (
          <a className="page-url" href={source} target="_blank" rel="noopener noreferrer" title={`Open ${source} in the browser`} data-testid="page-url">
            {source}
          </a>
        ) : (
          <span className="page-url" title={source} data-testid="page-url">
            {source}
          </span>
        )}
      </span>
      <span className="page-stats">
        {page.status !== undefined && <span className="stat">HTTP {page.status}</span>}
        {page.rendered && <span className="badge">rendered</span>}
        <span className="stat" data-testid="sizes" title="HTML in, Markdown out">
          {formatBytes(stats.inputBytes)} → {formatBytes(stats.outputBytes)}
        </span>
        <span className="stat" data-testid="tokens" title="Estimated at 4 characters per token">
          ≈{formatCount(tokensBefore)} → {formatCount(tokensAfter)} tokens <strong>−{percentSaved(tokensBefore, tokensAfter)}%</strong>
        </span>
        <span className="stat" title="Time to load and convert">
          {formatSeconds(page.elapsedMs ?? 0)}
        </span>
        <Warnings />
      </span>
    </>
  );
}

/** A word that the page is large: the rendered previews show only its start. */
function LargePage() {
  const bytes = useApp((s) => (s.status === 'loading' ? 0 : (s.result?.stats.inputBytes ?? 0)));
  const [dismissed, setDismissed] = useState<number | null>(null);
  if (bytes < LARGE_PAGE_BYTES || dismissed === bytes) return null;
  return (
    <div className="error-line neutral" role="status" data-testid="large-page">
      <span className="badge">large page</span>
      <span className="error-message">
        {formatBytes(bytes)} of HTML: the rendered previews show its first {formatBytes(PREVIEW_MAX_CHARS)}; the Source views have all of it.
      </span>
      <button type="button" className="icon-button" onClick={() => setDismissed(bytes)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

export function StatusBar() {
  const status = useApp((s) => s.status);
  const converting = useApp((s) => s.converting);
  const since = useApp((s) => s.loadStartedAt);
  const error = useApp((s) => s.error);
  const dismiss = useApp((s) => s.dismissError);
  const busy = status === 'loading' || converting;
  return (
    <>
      <div className={`progress ${busy ? 'active' : ''}`} role="progressbar" aria-busy={busy} aria-label="Progress" />
      <div className="statusbar" data-testid="status">
        {status === 'loading' && since !== null ? <LoadingLine since={since} /> : <PageFacts />}
      </div>
      <LargePage />
      {error && (
        <div className={`error-line ${error.code === 'cancelled' ? 'neutral' : ''}`} role="alert" data-testid="error-line">
          <span className="badge">{error.code}</span>
          <span className="error-message" title={error.message}>
            {error.message}
          </span>
          <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </>
  );
}
