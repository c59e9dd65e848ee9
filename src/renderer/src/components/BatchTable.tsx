// The batch's URLs as a table: filterable (all, failed, done, pending), virtualised (only the rows
// in sight are in the DOM, so 10,000 rows cost what 30 do), each failure with its reason and a
// Retry button.
import { useCallback, useMemo } from 'react';
import type { BatchRow } from '../../../shared/batch';
import { formatBytes, formatSeconds } from '../lib/format';
import { matchesFilter, type RowFilter, splitUrl } from '../lib/batch';
import { useApp } from '../store/app-store';
import { VirtualList } from './VirtualList';

const ROW_HEIGHT = 30;
/** A row that says why it failed has room for two lines of it. */
const ERROR_ROW_HEIGHT = 40;
const FILTERS: Array<[RowFilter, string]> = [
  ['all', 'All'],
  ['failed', 'Failed'],
  ['done', 'Done'],
  ['pending', 'Waiting'],
];
const STATUS_LABEL: Record<BatchRow['status'], string> = { pending: 'waiting', running: 'loading', retrying: 'retrying', done: 'done', failed: 'failed' };

function Row({ row, onRetry, canRetry }: { row: BatchRow; onRetry: (index: number) => void; canRetry: boolean }) {
  const detail = row.status === 'failed' || row.status === 'retrying' ? row.error?.message : row.file;
  const url = splitUrl(row.url);
  return (
    <div className={`batch-table-row status-${row.status}`} data-testid="batch-row" data-status={row.status} data-index={row.index}>
      <span className="batch-cell index">{row.index + 1}</span>
      <span className={`batch-status ${row.status}`}>{STATUS_LABEL[row.status]}</span>
      <span className="batch-cell url" title={row.finalUrl && row.finalUrl !== row.url ? `${row.url} → ${row.finalUrl}` : row.url}>
        <span className="url-host">{url.host}</span>
        <span className="url-rest">
          <bdi dir="ltr">{url.rest}</bdi>
        </span>
      </span>
      <span className={`batch-cell detail ${row.status === 'failed' || row.status === 'retrying' ? 'error' : ''}`} title={detail}>
        {row.status === 'failed' && row.error && <span className="badge">{row.error.code}</span>} {detail}
      </span>
      <span className="batch-cell size">{row.bytes !== undefined ? formatBytes(row.bytes) : ''}</span>
      <span className="batch-cell time">{row.ms !== undefined && (row.status === 'done' || row.status === 'failed') ? formatSeconds(row.ms) : ''}</span>
      <span className="batch-cell action">
        {row.status === 'failed' && (
          <button type="button" className="link-button" onClick={() => onRetry(row.index)} disabled={!canRetry} data-testid="batch-row-retry">
            Retry
          </button>
        )}
      </span>
    </div>
  );
}

export function BatchTable() {
  const run = useApp((s) => s.batchRun);
  const filter = useApp((s) => s.batchFilter);
  const setFilter = useApp((s) => s.setBatchFilter);
  const retry = useApp((s) => s.retryBatch);
  const rows = useMemo(() => (run ? run.rows.filter((row) => row && matchesFilter(row, filter)) : []), [run, filter]);
  const heightOf = useCallback((row: BatchRow) => (row.status === 'failed' || row.status === 'retrying' ? ERROR_ROW_HEIGHT : ROW_HEIGHT), []);
  const keyOf = useCallback((row: BatchRow) => String(row.index), []);
  const canRetry = run !== null && run.state !== 'cancelling';
  const onRetry = useCallback((index: number) => void retry([index]), [retry]);
  const render = useCallback((row: BatchRow) => <Row row={row} onRetry={onRetry} canRetry={canRetry} />, [onRetry, canRetry]);
  const counts = run?.counts;
  const countOf: Record<RowFilter, number | undefined> = { all: counts?.total, failed: counts?.failed, done: counts?.done, pending: counts ? counts.pending + counts.running : undefined };

  return (
    <section className="batch-table" aria-label="URLs of the batch">
      <div className="batch-filters segmented" role="tablist">
        {FILTERS.map(([value, label]) => (
          <button key={value} type="button" role="tab" aria-selected={filter === value} className={filter === value ? 'active' : ''} onClick={() => setFilter(value)} data-testid={`batch-filter-${value}`}>
            {label} {countOf[value] !== undefined && <span className="muted">{countOf[value]!.toLocaleString('en-US')}</span>}
          </button>
        ))}
      </div>
      <div className="batch-table-head" aria-hidden="true">
        <span className="batch-cell index">#</span>
        <span className="batch-status head">status</span>
        <span className="batch-cell url">URL</span>
        <span className="batch-cell detail">file or error</span>
        <span className="batch-cell size">size</span>
        <span className="batch-cell time">time</span>
        <span className="batch-cell action" />
      </div>
      {run === null ? (
        <div className="batch-empty muted">Paste URLs or a sitemap, choose a folder, and start: every URL shows here, with its file or why it failed.</div>
      ) : rows.length === 0 ? (
        <div className="batch-empty muted">No URLs here.</div>
      ) : (
        <VirtualList items={rows} heightOf={heightOf} keyOf={keyOf} render={render} className="batch-rows" />
      )}
    </section>
  );
}
