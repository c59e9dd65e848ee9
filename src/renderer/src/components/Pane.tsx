// The frame of one pane: a header with its title, optional view tabs and a collapse button.
import type { ReactNode } from 'react';
import type { PaneView } from '../store/settings-slice';

export interface PaneProps {
  title: string;
  testId: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  view?: PaneView;
  onView?: (view: PaneView) => void;
  /** Shown in the header after the title (sizes, "updating…"). */
  note?: ReactNode;
  children: ReactNode;
}

export function Pane({ title, testId, collapsed, onToggleCollapsed, view, onView, note, children }: PaneProps) {
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
    <section className="pane" data-testid={testId} aria-label={title}>
      <header className="pane-header">
        <h2 className="pane-title">{title}</h2>
        {note && <span className="pane-note">{note}</span>}
        <span className="spacer" />
        {view && onView && (
          <div className="segmented" role="tablist" aria-label={`${title} view`}>
            {(['source', 'view'] as const).map((option) => (
              <button key={option} type="button" role="tab" aria-selected={view === option} className={view === option ? 'active' : ''} onClick={() => onView(option)} data-testid={`${testId}-${option}`}>
                {option === 'source' ? 'Source' : 'Rendered'}
              </button>
            ))}
          </div>
        )}
        <button type="button" className="icon-button" onClick={onToggleCollapsed} title={`Hide ${title}`} aria-label={`Hide ${title}`}>
          ‹
        </button>
      </header>
      <div className="pane-body">{children}</div>
    </section>
  );
}

export function EmptyPane({ children }: { children: ReactNode }) {
  return <div className="pane-empty">{children}</div>;
}
