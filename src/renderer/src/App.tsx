// The app's screen: toolbar and status, the three panes, the removal inspector, the export bar —
// or, below the toolbar, the Batch view. Over them: the command palette, settings, and the note
// a keep leaves ("restored 1,204 characters", over the panes: see PaneLayout).
import { useCallback, useEffect } from 'react';
import { BatchView } from './components/BatchView';
import { CommandPalette } from './components/CommandPalette';
import { DropZone } from './components/DropZone';
import { ExportBar } from './components/ExportBar';
import { PaneLayout } from './components/PaneLayout';
import { RemovalInspector } from './components/RemovalInspector';
import { SettingsDialog } from './components/SettingsDialog';
import { StatusBar } from './components/StatusBar';
import { Toolbar } from './components/Toolbar';
import { useCommands } from './components/use-commands';
import { appStore, useApp } from './store/app-store';
import { useApplyTheme } from './theme';

export function App() {
  const settingsOpen = useApp((s) => s.popover === 'settings');
  const openPopover = useApp((s) => s.openPopover);
  const closeSettings = useCallback(() => openPopover(null), [openPopover]);
  const view = useApp((s) => s.view);
  const loading = useApp((s) => s.status === 'loading');
  useApplyTheme();
  useCommands();
  // Loading a page from the toolbar shows it.
  useEffect(() => {
    if (loading) appStore.getState().setView('page');
  }, [loading]);
  useEffect(() => {
    appStore
      .getState()
      .init()
      .catch((error: unknown) => appStore.setState({ error: { code: 'internal', message: `cannot reach the app's main process: ${error instanceof Error ? error.message : String(error)}` } }));
  }, []);
  return (
    <div className="app">
      <Toolbar />
      {view === 'batch' ? (
        <BatchView />
      ) : (
        <>
          <StatusBar />
          <PaneLayout />
          <RemovalInspector />
          <ExportBar />
        </>
      )}
      <DropZone />
      <CommandPalette />
      {settingsOpen && <SettingsDialog onClose={closeSettings} />}
    </div>
  );
}
