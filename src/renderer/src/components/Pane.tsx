// The frame of one pane: a header with its title, the same Source/Rendered control on every
// pane, a note (size, "updating…") and a collapse button. The header gives way when the pane is
// narrow (the note goes, then the title shortens) rather than clipping its controls.
import type { ReactNode } from 'react';
import type { PaneView } from '../store/settings-slice';

export interface PaneProps {
  title: string;
  /** The title when the pane is narrow. */
  shortTitle: string;
  testId: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  view: PaneView;
  onView: (view: PaneView) => void;
  /** Shown in the header after the title (sizes, "updating…"). */
  note?: ReactNode;
  /** Its content is out of date (a new page is loading): shown dimmed. */
  stale?: boolean;
  children: ReactNode;
}

export function Pane({ title, shortTitle, testId, collapsed, onToggleCollapsed, view, onView, note, stale, children }: PaneProps) {
  if (collapsed) {
    return (
      <section className="pane pane-collapsed" data-testid={testId} aria-label={title}>
        <button type="button" className="pane-expand" onClick={onToggleCollapsed} title={`Show ${title}`}>
          <span className="pane-expand-icon" aria-hidden="true">›</span>
          <span className="pane-vertical-title">{title}</span>
        </button>
      </section>
    );
  }
  return (
    <section className={`pane ${stale ? 'stale' : ''}`} data-testid={testId} aria-label={title} data-region={testId}>
      <header className="pane-header">
        <h2 className="pane-title" title={title}>
          <span className="title-long">{title}</span>
          <span className="title-short">{shortTitle}</span>
        </h2>
        {note && <span className="pane-note">{note}</span>}
        <span className="spacer" />
        <div className="segmented" role="tablist" aria-label={`${title} view`}>
          {(['source', 'view'] as const).map((option) => (
            <button key={option} type="button" role="tab" aria-selected={view === option} className={view === option ? 'active' : ''} onClick={() => onView(option)} data-testid={`${testId}-${option}`}>
              {option === 'source' ? 'Source' : 'Rendered'}
            </button>
          ))}
        </div>
        <button type="button" className="icon-button" onClick={onToggleCollapsed} title={`Hide ${title}`} aria-label={`Hide ${title}`}>
          ‹
        </button>
      </header>
      <div className="pane-body">{children}</div>
    </section>
  );
}

export function EmptyPane({ children }: { children: ReactNode }) {
  return (
    <div className="pane-empty" tabIndex={-1} data-focus>
      {children}
    </div>
  );
}
