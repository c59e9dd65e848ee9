// A load that failed, said where the page would have been: what was asked, why it failed, what
// to try (the address it probably meant, a hint per kind of failure), Retry — and the way back to
// the page that was on screen before.
import type { ScrapeErrorCode } from '../../../shared/page';
import { suggestAddress } from '../../../shared/suggest';
import { useApp } from '../store/app-store';
import { runCommand } from './use-commands';

const HINTS: Partial<Record<ScrapeErrorCode, string>> = {
  dns: 'No server answers to that name: check the address for a typo.',
  connection: 'Nothing answered there: is the server running, and the address right?',
  tls: 'The site’s certificate could not be trusted.',
  timeout: 'The page took longer than allowed: try again, or give it more time in Settings.',
  'http-status': 'The server answered, but not with the page.',
  'too-many-redirects': 'The site sends the request round in circles.',
  'unsupported-type': 'Only HTML pages and PDFs can be converted.',
  'too-large': 'The page is larger than the app takes.',
  budget: 'The page is too large or too tangled to convert in the time allowed.',
  render: 'The hidden browser could not render it: try again without “Render JS”.',
  'not-found': 'No such file: check the path.',
};

export function ErrorPanel() {
  const failure = useApp((s) => s.failure);
  const page = useApp((s) => s.page);
  const retry = useApp((s) => s.retry);
  const load = useApp((s) => s.load);
  const backToPage = useApp((s) => s.backToPage);
  if (!failure) return null;
  const suggestion = failure.input.kind === 'url' ? suggestAddress(failure.input.url) : null;
  const hint = HINTS[failure.error.code];
  const offered = suggestion !== null && !failure.error.message.includes(suggestion);
  return (
    <section className="error-panel" role="alert" aria-labelledby="error-panel-title" data-testid="error-pane" data-region="error">
      <div className="error-card">
        <h2 id="error-panel-title">
          <span className="error-icon" aria-hidden="true">
            ⚠
          </span>{' '}
          Could not load <span className="error-target" title={failure.label}>{failure.label}</span>
        </h2>
        <p className="error-reason">
          <span className="badge">{failure.error.code}</span> <span data-testid="error-message">{failure.error.message}</span>
        </p>
        {hint && <p className="muted">{hint}</p>}
        {suggestion && (
          <p className="error-suggestion" data-testid="error-suggestion">
            {offered ? 'Did you mean' : 'Load'}{' '}
            <button type="button" className="link-button" onClick={() => void load({ kind: 'url', url: suggestion })} data-testid="suggestion">
              {suggestion}
            </button>
            {offered ? '?' : ' instead'}
          </p>
        )}
        <div className="error-actions">
          <button type="button" className="button primary" onClick={() => void retry()} data-testid="retry" data-focus autoFocus>
            Retry
          </button>
          <button type="button" className="button" onClick={() => runCommand('focus-address')}>
            Edit the address
          </button>
          {page && (
            <button type="button" className="button" onClick={backToPage} data-testid="back-to-page" title={page.title}>
              Back to {page.title ? `“${page.title.length > 40 ? `${page.title.slice(0, 39)}…` : page.title}”` : 'the page'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
