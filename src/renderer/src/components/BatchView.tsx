// The Batch view: setup on the left; on the right the run's progress (bar, counts, rate, time
// left), its controls (pause, resume, cancel, retry the failures, open the folder) and the table.
import { useEffect } from 'react';
import { formatEta, formatInteger, formatRate, progressFraction } from '../lib/batch';
import { useApp } from '../store/app-store';
import { BatchSetup } from './BatchSetup';
import { BatchTable } from './BatchTable';
import { QueueProgress } from './QueueView';
import './batch.css';

const STATE_LABEL = { idle: 'Starting', running: 'Running', paused: 'Paused', cancelling: 'Stopping…', cancelled: 'Stopped', finished: 'Finished' } as const;

function BatchProgress() {
  const run = useApp((s) => s.batchRun);
  const control = useApp((s) => s.controlBatch);
  const retry = useApp((s) => s.retryBatch);
  const openFolder = useApp((s) => s.openBatchFolder);
  if (!run) return null;
  const { counts, state } = run;
  const fraction = progressFraction(counts);
  const active = state === 'running' || state === 'paused' || state === 'cancelling';
  return (
    <section className="batch-progress" aria-label="Batch progress" data-testid="batch-progress" data-state={state}>
      <div className="batch-progress-line">
        <strong className={`batch-state ${state}`} data-testid="batch-state">
          {STATE_LABEL[state]}
        </strong>
        <span data-testid="batch-counts">
          {formatInteger(counts.done + counts.failed)} / {formatInteger(counts.total)} · <span className="ok">{formatInteger(counts.done)} done</span> ·{' '}
          <span className={counts.failed > 0 ? 'error' : ''}>{formatInteger(counts.failed)} failed</span>
          {counts.pending + counts.running > 0 && <> · {formatInteger(counts.pending + counts.running)} to go</>}
        </span>
        {/* While paused nothing moves: a rate or a time left would be stale, so none is shown. */}
        {active && state !== 'paused' && (
          <span className="muted" data-testid="batch-rate">
            {formatRate(run.pagesPerSecond)} · ETA {formatEta(run.etaMs)}
          </span>
        )}
        <span className="batch-controls">
          {state === 'running' && (
            <button type="button" className="button" onClick={() => void control('pause')} data-testid="batch-pause">
              Pause
            </button>
          )}
          {state === 'paused' && (
            <button type="button" className="button" onClick={() => void control('resume')} data-testid="batch-resume-run">
              Resume
            </button>
          )}
          {(state === 'running' || state === 'paused') && (
            <button type="button" className="button" onClick={() => void control('cancel')} data-testid="batch-cancel">
              Cancel
            </button>
          )}
          {counts.failed > 0 && state !== 'cancelling' && (
            <button type="button" className="button" onClick={() => void retry()} data-testid="batch-retry-failed">
              Retry {formatInteger(counts.failed)} failed
            </button>
          )}
          <button type="button" className={`button ${active ? '' : 'primary'}`} onClick={() => void openFolder()} title={run.folder} data-testid="batch-open-folder">
            Open folder
          </button>
        </span>
      </div>
      <div className="batch-bar" role="progressbar" aria-valuemin={0} aria-valuemax={counts.total} aria-valuenow={counts.done + counts.failed} aria-label="Pages finished">
        <span className="batch-bar-done" style={{ width: `${(counts.total ? counts.done / counts.total : 0) * 100}%` }} />
        <span className="batch-bar-failed" style={{ width: `${(counts.total ? counts.failed / counts.total : 0) * 100}%` }} />
      </div>
      <div className="batch-progress-foot muted">
        <span title={run.folder}>
          {Math.round(fraction * 100)}% · into <span className="batch-path">{run.folder}</span>
        </span>
        {run.manifest && <span title={run.manifest}>manifest: {run.manifest.split(/[/\\]/).pop()}</span>}
      </div>
      {run.error && (
        <p className="batch-note error" role="alert">
          {run.error}
        </p>
      )}
    </section>
  );
}

/** After an update: what changed, and which files (new, rewritten, gone). */
function BatchChanges() {
  const run = useApp((s) => s.batchRun);
  if (!run?.changes) return null;
  const { new: added, changed, unchanged, gone } = run.changes;
  const files = run.rows.filter((row) => row && (row.change === 'new' || row.change === 'changed' || row.change === 'gone'));
  return (
    <section className="batch-changes" aria-label="What the update changed" data-testid="batch-changes">
      <p data-testid="batch-changes-summary">
        <strong>{formatInteger(added)} new</strong> · <strong>{formatInteger(changed)} changed</strong> · {formatInteger(unchanged)} unchanged · <span className={gone > 0 ? 'error' : ''}>{formatInteger(gone)} gone</span>
      </p>
      {files.length > 0 && (
        <ul className="batch-changed-files" data-testid="batch-changed-files">
          {files.slice(0, 200).map((row) => (
            <li key={row.index} data-change={row.change}>
              <span className={`batch-change ${row.change}`}>{row.change}</span> <span className="batch-path">{row.file ?? row.url}</span>
            </li>
          ))}
          {files.length > 200 && <li className="muted">… and {formatInteger(files.length - 200)} more (see the manifest)</li>}
        </ul>
      )}
    </section>
  );
}

export function BatchView() {
  const setView = useApp((s) => s.setView);
  const notice = useApp((s) => s.batchNotice);
  const attach = useApp((s) => s.attachBatch);
  useEffect(() => {
    void attach();
  }, [attach]);
  return (
    <main className="batch-view" data-testid="batch-view">
      <header className="batch-header">
        <button type="button" className="button" onClick={() => setView('page')} data-testid="batch-back">
          ◂ Page
        </button>
        <h1>Batch export</h1>
        <span className="muted">Many URLs, or a whole site, to a folder of Markdown files, with a manifest of every one.</span>
      </header>
      {notice && (
        <div className="error-line neutral" role="status" data-testid="batch-notice">
          <span className="error-message">{notice}</span>
        </div>
      )}
      <div className="batch-body">
        <BatchSetup />
        <div className="batch-main">
          <QueueProgress />
          <BatchProgress />
          <BatchChanges />
          <BatchTable />
        </div>
      </div>
    </main>
  );
}
