// The Markdown: its source, or a rendered preview (GFM, sanitised, sandboxed).
import { useMemo } from 'react';
import { EmptyPane, Pane } from '../components/Pane';
import { SandboxedPreview } from '../components/SandboxedPreview';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { markdownToHtml } from '../lib/markdown-html';
import { useApp } from '../store/app-store';
import { useDarkTheme } from '../theme';
import type { PaneChromeProps } from './pane-chrome';

export function MarkdownPane(chrome: PaneChromeProps) {
  const markdown = useApp((s) => s.result?.markdown);
  const outputBytes = useApp((s) => s.result?.stats.outputBytes);
  const converting = useApp((s) => s.converting);
  const view = useApp((s) => s.settings.markdownView);
  const remoteImages = useApp((s) => s.settings.remoteImages);
  const updateSettings = useApp((s) => s.updateSettings);
  const dark = useDarkTheme();
  const html = useMemo(() => (view === 'view' && markdown !== undefined ? markdownToHtml(markdown) : ''), [view, markdown]);
  const note = converting ? <span className="updating">updating…</span> : outputBytes !== undefined ? formatBytes(outputBytes) : undefined;
  return (
    <Pane title="Markdown" testId="pane-markdown" view={view} onView={(markdownView) => updateSettings({ markdownView })} note={note} {...chrome}>
      {markdown === undefined ? (
        <EmptyPane>The Markdown of the cleaned page.</EmptyPane>
      ) : view === 'source' ? (
        <SourceView text={markdown} language="markdown" testId="markdown-source" />
      ) : (
        <SandboxedPreview html={html} dark={dark} remoteImages={remoteImages} title="Markdown, rendered" testId="markdown-preview" />
      )}
    </Pane>
  );
}
