// Following a batch queued in Redis from the Batch view: the form (the queue's Redis URL and name)
// under the setup, and the queue's progress (counts, the jobs waiting, running and retrying, the
// workers and what each did) above the table, refreshed every second.
import { useState } from 'react';
import { DEFAULT_QUEUE_NAME } from '../../../shared/queue';
import { formatInteger, progressFraction } from '../lib/batch';
import { useApp } from '../store/app-store';

export function QueueFollowForm() {
  const following = useApp((s) => s.queueFollow);
  const follow = useApp((s) => s.followQueue);
  const stop = useApp((s) => s.stopFollowingQueue);
  const [url, setUrl] = useState('redis://127.0.0.1:6379');
  const [name, setName] = useState('');
  return (
    <fieldset className="batch-queue">
      <legend>Or follow a queued batch</legend>
      <label className="field">
        <span>Redis</span>
        <input type="text" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="redis://host:6379" spellCheck={false} disabled={following !== null} data-testid="queue-url" />
      </label>
      <label className="field">
        <span>Queue name</span>
        <input type="text" value={name} onChange={(event) => setName(event.target.value)} placeholder={DEFAULT_QUEUE_NAME} spellCheck={false} disabled={following !== null} data-testid="queue-name" />
      </label>
      <p className="muted batch-hint">A batch queued with openscraper batch --queue and run by openscraper worker processes.</p>
      <div className="batch-row">
        {following ? (
          <button type="button" className="button" onClick={stop} data-testid="queue-stop">
            Stop following
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void follow({ url, name })} disabled={url.trim() === ''} data-testid="queue-follow">
            Follow
          </button>
        )}
      </div>
    </fieldset>
  );
}

export function QueueProgress() {
  const following = useApp((s) => s.queueFollow);
  const status = useApp((s) => s.queueStatus);
  const error = useApp((s) => s.queueError);
  if (!following) return null;
  const counts = status?.counts;
  const finished = counts ? counts.done + counts.failed : 0;
  const over = status !== null && status.complete && status.waiting + status.running + status.retrying === 0;
  return (
    <section className="batch-progress" aria-label="Queued batch" data-testid="queue-progress">
      <div className="batch-progress-line">
        <strong className={`batch-state ${over ? 'finished' : 'running'}`} data-testid="queue-state">
          {status === null ? (error ? 'Not available' : 'Connecting…') : over ? 'Finished' : 'Running'}
        </strong>
        {counts && (
          <span data-testid="queue-counts">
            {formatInteger(finished)} / {formatInteger(counts.total)} · <span className="ok">{formatInteger(counts.done)} done</span> ·{' '}
            <span className={counts.failed > 0 ? 'error' : ''}>{formatInteger(counts.failed)} failed</span>
          </span>
        )}
        {status && (
          <span className="muted" data-testid="queue-jobs">
            {formatInteger(status.waiting)} waiting · {formatInteger(status.running)} running · {formatInteger(status.retrying)} retrying
            {status.lost > 0 && <span className="error"> · {formatInteger(status.lost)} lost (queue again with --resume)</span>}
          </span>
        )}
      </div>
      {counts && (
        <div className="batch-bar" role="progressbar" aria-valuemin={0} aria-valuemax={counts.total} aria-valuenow={finished} aria-label="Queued pages finished">
          <span className="batch-bar-done" style={{ width: `${(counts.total ? counts.done / counts.total : 0) * 100}%` }} />
          <span className="batch-bar-failed" style={{ width: `${(counts.total ? counts.failed / counts.total : 0) * 100}%` }} />
        </div>
      )}
      <div className="batch-progress-foot muted">
        <span>
          {counts ? `${Math.round(progressFraction(counts) * 100)}% · ` : ''}queue “{status?.name ?? (following.name.trim() || DEFAULT_QUEUE_NAME)}” at {status?.url ?? following.url}
        </span>
        {status && <span>queued {new Date(status.created).toLocaleString()}</span>}
      </div>
      {status && status.workers.length > 0 && (
        <ul className="queue-workers" data-testid="queue-workers">
          {status.workers.map((worker) => (
            <li key={worker.worker}>
              <strong>{worker.worker}</strong> · {formatInteger(worker.pages)} pages → <span className="batch-path">{worker.dir}</span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="batch-note error" role="alert" data-testid="queue-error">
          {error}
        </p>
      )}
      {over && <p className="batch-note muted">Gather the files: openscraper batch --merge --queue … -o &lt;dir&gt;</p>}
    </section>
  );
}
