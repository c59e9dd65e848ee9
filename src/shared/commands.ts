// Every action of the app, defined once: the command palette lists them, the keyboard runs them,
// the desktop app's menu shows them (src/main/electron/menu.ts) and sends them to the renderer.
// Types and data only: nothing here imports Electron or React.

export type CommandId =
  | 'focus-address'
  | 'load'
  | 'open-file'
  | 'cancel'
  | 'retry'
  | 'save'
  | 'copy-markdown'
  | 'command-palette'
  | 'next-pane'
  | 'previous-pane'
  | 'toggle-original-view'
  | 'toggle-cleaned-view'
  | 'toggle-markdown-view'
  | 'toggle-inspector'
  | 'filter-removals'
  | 'toggle-render'
  | 'toggle-article'
  | 'toggle-front-matter'
  | 'recent'
  | 'batch'
  | 'toggle-theme'
  | 'settings';

/** Where the command sits in the app's menu. */
export type CommandGroup = 'file' | 'edit' | 'view';

export interface Command {
  id: CommandId;
  /** What the palette and the menu call it. */
  label: string;
  group: CommandGroup;
  /**
   * Its key, written as Electron's accelerators are ("CmdOrCtrl+Shift+C"): the menu uses it as it
   * is, the renderer matches key presses against it (see keys.ts in the renderer).
   */
  accelerator?: string;
  /** More words the palette's filter finds it by. */
  keywords?: string;
}

export const COMMANDS: readonly Command[] = [
  { id: 'focus-address', label: 'Go to the address bar', group: 'file', accelerator: 'CmdOrCtrl+L', keywords: 'url location' },
  { id: 'load', label: 'Load the address', group: 'file', accelerator: 'CmdOrCtrl+Enter', keywords: 'open fetch go' },
  { id: 'open-file', label: 'Open a file…', group: 'file', accelerator: 'CmdOrCtrl+O', keywords: 'html pdf' },
  { id: 'cancel', label: 'Cancel loading', group: 'file', keywords: 'stop' },
  { id: 'retry', label: 'Load the page again', group: 'file', keywords: 'retry reload refresh' },
  { id: 'save', label: 'Save the Markdown', group: 'file', accelerator: 'CmdOrCtrl+S', keywords: 'export md file' },
  { id: 'copy-markdown', label: 'Copy the Markdown', group: 'edit', accelerator: 'CmdOrCtrl+Shift+C', keywords: 'clipboard' },
  { id: 'filter-removals', label: 'Filter the removed elements', group: 'edit', accelerator: 'CmdOrCtrl+Shift+F', keywords: 'search find inspector' },
  { id: 'recent', label: 'Recent pages…', group: 'file', keywords: 'history' },
  { id: 'batch', label: 'Batch export…', group: 'file', keywords: 'many urls sitemap folder' },
  { id: 'settings', label: 'Settings…', group: 'file', accelerator: 'CmdOrCtrl+,', keywords: 'preferences options' },
  { id: 'command-palette', label: 'All commands…', group: 'view', accelerator: 'CmdOrCtrl+K', keywords: 'palette actions' },
  { id: 'next-pane', label: 'Next pane', group: 'view', accelerator: 'F6', keywords: 'focus cycle' },
  { id: 'previous-pane', label: 'Previous pane', group: 'view', accelerator: 'Shift+F6', keywords: 'focus cycle' },
  { id: 'toggle-original-view', label: 'Original HTML: source or rendered', group: 'view', keywords: 'preview' },
  { id: 'toggle-cleaned-view', label: 'Cleaned DOM: source or rendered', group: 'view', keywords: 'preview' },
  { id: 'toggle-markdown-view', label: 'Markdown: source or rendered', group: 'view', keywords: 'preview' },
  { id: 'toggle-inspector', label: 'Show or hide the removed elements', group: 'view', accelerator: 'CmdOrCtrl+J', keywords: 'inspector panel' },
  { id: 'toggle-render', label: 'Render JavaScript (on or off)', group: 'view', keywords: 'browser js' },
  { id: 'toggle-article', label: 'Article mode: the main content only (on or off)', group: 'view', keywords: 'reader readability main content' },
  { id: 'toggle-front-matter', label: 'YAML front matter (on or off)', group: 'view', keywords: 'export metadata' },
  { id: 'toggle-theme', label: 'Switch the theme (system, light, dark)', group: 'view', keywords: 'dark light colours' },
];

const IDS: ReadonlySet<string> = new Set(COMMANDS.map((command) => command.id));

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && IDS.has(value);
}

export function commandById(id: CommandId): Command {
  return COMMANDS.find((command) => command.id === id)!;
}
