// The cleaned DOM: its source, or rendered (sanitised, sandboxed).
import { useMemo } from 'react';
import { utf8Length } from '../../../shared/core/text';
import { EmptyPane, Pane } from '../components/Pane';
import { SandboxedPreview } from '../components/SandboxedPreview';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { useApp } from '../store/app-store';
import { useDarkTheme } from '../theme';
import type { PaneChromeProps } from './pane-chrome';

export function CleanedPane(chrome: PaneChromeProps) {
  const html = useApp((s) => s.result?.cleanedHtml);
  const converting = useApp((s) => s.converting);
  const view = useApp((s) => s.settings.cleanedView);
  const remoteImages = useApp((s) => s.settings.remoteImages);
  const updateSettings = useApp((s) => s.updateSettings);
  const dark = useDarkTheme();
  const bytes = useMemo(() => (html === undefined ? undefined : utf8Length(html)), [html]);
  const note = converting ? <span className="updating">updating…</span> : bytes !== undefined ? formatBytes(bytes) : undefined;
  return (
    <Pane title="Cleaned DOM" testId="pane-cleaned" view={view} onView={(cleanedView) => updateSettings({ cleanedView })} note={note} {...chrome}>
      {html === undefined ? (
        <EmptyPane>The page without what the rules removed.</EmptyPane>
      ) : view === 'source' ? (
        <SourceView text={html} language="html" testId="cleaned-source" />
      ) : (
        <SandboxedPreview html={html} dark={dark} remoteImages={remoteImages} title="Cleaned DOM, rendered" testId="cleaned-preview" />
      )}
    </Pane>
  );
}
