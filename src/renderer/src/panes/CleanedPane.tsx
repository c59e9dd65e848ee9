// The cleaned DOM: its source (the blank lines left where scripts were, folded), or rendered
// (sanitised, sandboxed); either opens at the main content.
import { useMemo } from 'react';
import { utf8Length } from '../../../shared/core/text';
import { EmptyPane, Pane } from '../components/Pane';
import { SandboxedPreview } from '../components/SandboxedPreview';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { collapseBlankLines, mainContentOffset } from '../lib/main-content';
import { useApp } from '../store/app-store';
import { useDarkTheme } from '../theme';
import type { PaneChromeProps } from './pane-chrome';

export function CleanedPane(chrome: PaneChromeProps) {
  const html = useApp((s) => s.result?.cleanedHtml);
  const pageId = useApp((s) => s.page?.pageId);
  const converting = useApp((s) => s.converting);
  const view = useApp((s) => s.settings.cleanedView);
  const remoteImages = useApp((s) => s.settings.remoteImages);
  const updateSettings = useApp((s) => s.updateSettings);
  const dark = useDarkTheme();
  const bytes = useMemo(() => (html === undefined ? undefined : utf8Length(html)), [html]);
  const source = useMemo(() => (html === undefined || view !== 'source' ? '' : collapseBlankLines(html)), [html, view]);
  const start = useMemo(() => mainContentOffset(source), [source]);
  const note = converting ? <span className="updating">updating…</span> : bytes !== undefined ? formatBytes(bytes) : undefined;
  return (
    <Pane title="Cleaned DOM" shortTitle="Cleaned" testId="pane-cleaned" view={view} onView={(cleanedView) => updateSettings({ cleanedView })} note={note} {...chrome}>
      {html === undefined ? (
        <EmptyPane>The page without what the rules removed.</EmptyPane>
      ) : view === 'source' ? (
        <SourceView text={source} language="html" startAt={start} openKey={pageId} label="Cleaned DOM" testId="cleaned-source" />
      ) : (
        <SandboxedPreview html={html} dark={dark} remoteImages={remoteImages} title="Cleaned DOM, rendered" start="main" testId="cleaned-preview" />
      )}
    </Pane>
  );
}
