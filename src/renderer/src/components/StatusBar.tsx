// Under the toolbar: a progress bar while working, then either what is loading (with the time
// it has taken), the error, or the page's facts: title, source, sizes, tokens saved, warnings.
import { useEffect, useState } from 'react';
import { estimateTokens, formatBytes, formatCount, formatSeconds, percentSaved } from '../lib/format';
import { useApp } from '../store/app-store';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span className="muted">{formatSeconds(now - since)}</span>;
}

function Warnings() {
  const warnings = useApp((s) => s.result?.warnings ?? []);
  const [open, setOpen] = useState(false);
  if (warnings.length === 0) return <span className="stat ok">no loss warnings</span>;
  return (
    <span className="popover-anchor">
      <button type="button" className="link-button warn" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="warnings">
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
  const { title } = result.metadata;
  const source = page.source.finalUrl ?? page.source.url;
  const external = /^https?:\/\//i.test(source);
  return (
    <>
      <span className="page-title" title={title ?? ''} data-testid="page-title">
        {title || 'Untitled page'}
      </span>
      {external ? (
        <a className="page-url" href={source} target="_blank" rel="noopener noreferrer" title={`Open ${source} in the browser`}>
          {source}
        </a>
      ) : (
        <span className="page-url">{source}</span>
      )}
      {page.source.status !== undefined && <span className="stat">HTTP {page.source.status}</span>}
      {page.source.rendered && <span className="badge">rendered</span>}
      <span className="stat" data-testid="sizes" title="HTML in, Markdown out">
        {formatBytes(stats.inputBytes)} → {formatBytes(stats.outputBytes)}
      </span>
      <span className="stat" data-testid="tokens" title="Estimated at 4 characters per token">
        ≈{formatCount(tokensBefore)} → {formatCount(tokensAfter)} tokens <strong>−{percentSaved(tokensBefore, tokensAfter)}%</strong>
      </span>
      <span className="stat">{formatSeconds(page.elapsedMs ?? 0)}</span>
      <Warnings />
    </>
  );
}

export function StatusBar() {
  const status = useApp((s) => s.status);
  const converting = useApp((s) => s.converting);
  const label = useApp((s) => s.loadingLabel);
  const since = useApp((s) => s.loadStartedAt);
  const error = useApp((s) => s.error);
  const dismiss = useApp((s) => s.dismissError);
  const busy = status === 'loading' || converting;
  return (
    <>
      <div className={`progress ${busy ? 'active' : ''}`} role="progressbar" aria-busy={busy} aria-label="Progress" />
      <div className="statusbar" data-testid="status">
        {status === 'loading' && since !== null ? (
          <span className="loading-line">
            <span className="spinner" aria-hidden="true" /> Loading <strong>{label}</strong> <Elapsed since={since} />
          </span>
        ) : (
          <PageFacts />
        )}
      </div>
      {error && (
        <div className={`error-line ${error.code === 'cancelled' ? 'neutral' : ''}`} role="alert" data-testid="error-line">
          <span className="badge">{error.code}</span>
          <span className="error-message">{error.message}</span>
          <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </>
  );
}
