// The app's screen: toolbar and status, the three panes, the removal inspector, the export bar.
import { useEffect, useState } from 'react';
import { DropZone } from './components/DropZone';
import { ExportBar } from './components/ExportBar';
import { PaneLayout } from './components/PaneLayout';
import { RemovalInspector } from './components/RemovalInspector';
import { SettingsDialog } from './components/SettingsDialog';
import { StatusBar } from './components/StatusBar';
import { Toolbar } from './components/Toolbar';
import { appStore } from './store/app-store';
import { useApplyTheme } from './theme';

export function App() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  useApplyTheme();
  useEffect(() => {
    appStore
      .getState()
      .init()
      .catch((error: unknown) => appStore.setState({ error: { code: 'internal', message: `cannot reach the app's main process: ${error instanceof Error ? error.message : String(error)}` } }));
  }, []);
  return (
    <div className="app">
      <Toolbar onOpenSettings={() => setSettingsOpen(true)} />
      <StatusBar />
      <PaneLayout />
      <RemovalInspector />
      <ExportBar />
      <DropZone />
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
