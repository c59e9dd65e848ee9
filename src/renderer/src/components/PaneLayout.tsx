// The three panes side by side, resizable by dragging (or arrow keys on) the splitters between
// them, each collapsible to a thin strip. Sizes and collapsed states live in the persisted layout.
// While a new page loads, the panes show the old one dimmed; a load that failed shows its error
// in their place.
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { resize, type Sizes } from '../lib/layout';
import { CleanedPane } from '../panes/CleanedPane';
import { MarkdownPane } from '../panes/MarkdownPane';
import { OriginalPane } from '../panes/OriginalPane';
import type { PaneChromeProps } from '../panes/pane-chrome';
import { useApp } from '../store/app-store';
import { ErrorPanel } from './ErrorPanel';
import { NoticeToast } from './NoticeToast';

const PANES: Array<{ key: string; title: string; Component: (props: PaneChromeProps) => React.ReactNode }> = [
  { key: 'original', title: 'Original HTML', Component: OriginalPane },
  { key: 'cleaned', title: 'Cleaned DOM', Component: CleanedPane },
  { key: 'markdown', title: 'Markdown', Component: MarkdownPane },
];
const MIN_PANE_PX = 180;
const KEY_STEP = 0.02;


function Splitter({ left, right, container }: { left: number; right: number; container: React.RefObject<HTMLDivElement | null> }) {
  const sizes = useApp((s) => s.settings.layout.sizes);
  const collapsed = useApp((s) => s.settings.layout.collapsed);
  const updateLayout = useApp((s) => s.updateLayout);
  const drag = useRef<{ x: number; sizes: Sizes; openWidth: number; openSum: number } | null>(null);

  const openSum = sizes.reduce((sum, size, i) => (collapsed[i] ? sum : sum + size), 0);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const width = container.current?.clientWidth ?? 1;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, sizes, openWidth: width, openSum };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const delta = ((event.clientX - start.x) / start.openWidth) * start.openSum;
    updateLayout({ sizes: resize(start.sizes, left, right, delta, (MIN_PANE_PX / start.openWidth) * start.openSum) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? -KEY_STEP : event.key === 'ArrowRight' ? KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    updateLayout({ sizes: resize(sizes, left, right, step * openSum, 0.1 * openSum) });
  };
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize panes"
      aria-valuenow={Math.round((sizes[left] / (sizes[left] + sizes[right])) * 100)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={onKeyDown}
    />
  );
}

export function PaneLayout() {
  const container = useRef<HTMLDivElement>(null);
  const sizes = useApp((s) => s.settings.layout.sizes);
  const collapsed = useApp((s) => s.settings.layout.collapsed);
  const updateLayout = useApp((s) => s.updateLayout);
  const failed = useApp((s) => s.failure !== null);
  const stale = useApp((s) => s.status === 'loading' && s.page !== null);

  const toggle = (index: number) => {
    const next = [...collapsed] as [boolean, boolean, boolean];
    next[index] = !next[index];
    if (next.every(Boolean)) return; // one pane always stays open
    updateLayout({ collapsed: next });
  };

  const children: React.ReactNode[] = [];
  PANES.forEach(({ key, Component }, index) => {
    if (index > 0) {
      // A splitter sits between two open panes: this one and the nearest open one before it.
      let before = index - 1;
      while (before >= 0 && collapsed[before]) before--;
      if (!collapsed[index] && before >= 0) children.push(<Splitter key={`split-${key}`} left={before} right={index} container={container} />);
      else children.push(<div key={`gap-${key}`} className="pane-gap" />);
    }
    children.push(
      <div key={key} className="pane-slot" style={collapsed[index] ? { flex: '0 0 32px' } : { flex: `${sizes[index] * 1000} 1 0px` }}>
        <Component collapsed={collapsed[index]} onToggleCollapsed={() => toggle(index)} stale={stale} />
      </div>,
    );
  });
  if (failed) {
    return (
      <main className="panes" ref={container}>
        <ErrorPanel />
      </main>
    );
  }
  return (
    <main className={`panes ${stale ? 'stale' : ''}`} ref={container} aria-busy={stale}>
      {children}
      {/* Over the Markdown's corner: what a keep did is said where it shows, never over a control. */}
      <NoticeToast />
    </main>
  );
}
