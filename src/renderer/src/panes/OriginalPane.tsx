// The page's HTML as loaded, with every removed element marked (and kept ones marked apart);
// clicking a mark selects that removal in the inspector, selecting one there scrolls here.
import { useMemo } from 'react';
import type { RemovedNode } from '../../../shared/core/types';
import { EmptyPane, Pane } from '../components/Pane';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { disjointMarks, type Mark, overlayMark } from '../lib/segments';
import { useApp } from '../store/app-store';
import type { PaneChromeProps } from './pane-chrome';

function markOf(node: RemovedNode, tone: string): Mark | null {
  return node.source ? { start: node.source.start, end: node.source.end, tone, id: node.path } : null;
}

export function OriginalPane(chrome: PaneChromeProps) {
  const page = useApp((s) => s.page);
  const removed = useApp((s) => s.result?.removed);
  const keep = useApp((s) => s.keep);
  const selectedPath = useApp((s) => s.selectedPath);
  const select = useApp((s) => s.select);

  const kept = useMemo(() => [...Object.values(keep.paths), ...Object.values(keep.rules).flat()], [keep]);
  const base = useMemo(() => {
    const marks = [...(removed ?? []).map((node) => markOf(node, 'removed')), ...kept.map((node) => markOf(node, 'kept'))];
    return disjointMarks(marks.filter((mark): mark is Mark => mark !== null));
  }, [removed, kept]);
  const selected = useMemo(() => {
    if (!selectedPath) return null;
    const node = (removed ?? []).find((n) => n.path === selectedPath);
    if (node) return markOf(node, 'removed');
    const keptNode = kept.find((n) => n.path === selectedPath);
    return keptNode ? markOf(keptNode, 'kept') : null;
  }, [selectedPath, removed, kept]);
  const marks = useMemo(() => (selected ? overlayMark(base, selected) : base), [base, selected]);

  const html = page?.originalHtml ?? '';
  return (
    <Pane title="Original HTML" testId="pane-original" note={page ? formatBytes(page.result.stats.inputBytes) : undefined} {...chrome}>
      {page ? (
        <SourceView text={html} language="html" marks={marks} selected={selected} onMarkClick={(id) => select(id === selectedPath ? null : id)} testId="original-source" />
      ) : (
        <EmptyPane>
          <p className="empty-title">No page yet</p>
          <p>Type a URL or a file path above and press Load, drop an <code>.html</code> or <code>.pdf</code> file anywhere, or paste HTML into the address field.</p>
        </EmptyPane>
      )}
    </Pane>
  );
}
