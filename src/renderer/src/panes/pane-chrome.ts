// What the layout gives each pane: whether it is collapsed and how to toggle that.
export interface PaneChromeProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
}
