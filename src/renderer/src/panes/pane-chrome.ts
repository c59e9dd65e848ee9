// What the layout gives each pane: whether it is collapsed and how to toggle that, and whether
// its content is out of date (a new page is loading).
export interface PaneChromeProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  stale: boolean;
}
