// The page's HTML as loaded, with every removed element marked (and kept ones marked apart);
// clicking a mark selects that removal in the inspector, selecting one there scrolls here. Or the
// page itself, rendered (sanitised, sandboxed). Either opens at the main content, not the <head>.
import { useMemo } from 'react';
import type { RemovedNode } from '../../../shared/core/types';
import { EmptyPane, Pane } from '../components/Pane';
import { SandboxedPreview } from '../components/SandboxedPreview';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { mainContentOffset } from '../lib/main-content';
import { disjointMarks, type Mark, overlayMark } from '../lib/segments';
import { useApp } from '../store/app-store';
import { useDarkTheme } from '../theme';
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
  const view = useApp((s) => s.settings.originalView);
  const remoteImages = useApp((s) => s.settings.remoteImages);
  const updateSettings = useApp((s) => s.updateSettings);
  const dark = useDarkTheme();

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
  const start = useMemo(() => mainContentOffset(html), [html]);
  return (
    <Pane
      title="Original HTML"
      shortTitle="Original"
      testId="pane-original"
      view={view}
      onView={(originalView) => updateSettings({ originalView })}
      note={page ? formatBytes(page.stats?.inputBytes ?? html.length) : undefined}
      {...chrome}
    >
      {!page ? (
        <EmptyPane>
          <p className="empty-title">No page yet</p>
          <p>Type a URL or a file path above and press Load, drop an <code>.html</code> or <code>.pdf</code> file anywhere, or paste HTML into the address field.</p>
        </EmptyPane>
      ) : view === 'source' ? (
        <SourceView text={html} language="html" marks={marks} selected={selected} onMarkClick={(id) => select(id === selectedPath ? null : id)} startAt={start} openKey={page.pageId} label="Original HTML" testId="original-source" />
      ) : (
        <SandboxedPreview html={html} dark={dark} remoteImages={remoteImages} title="Original page, rendered" start="main" testId="original-preview" />
      )}
    </Pane>
  );
}
