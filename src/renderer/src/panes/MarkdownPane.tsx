// The Markdown: its source, or a rendered preview (GFM, sanitised, sandboxed). After a keep, the
// block it brought back is scrolled to and flashes, in either view.
import { useEffect, useMemo, useState } from 'react';
import { EmptyPane, Pane } from '../components/Pane';
import { SandboxedPreview } from '../components/SandboxedPreview';
import { SourceView } from '../components/SourceView';
import { formatBytes } from '../lib/format';
import { capMarkdown, markdownToHtml, withMarkerBefore } from '../lib/markdown-html';
import { PREVIEW_MAX_CHARS } from '../lib/preview';
import { useApp } from '../store/app-store';
import { useDarkTheme } from '../theme';
import type { PaneChromeProps } from './pane-chrome';

/** How long a flash shows (its CSS animation fades within it). */
const FLASH_MS = 2600;
/** The text of the paragraph that marks the flashed block in the rendered Markdown: no page writes it. */
const MARKER = `os-flash-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

export function MarkdownPane(chrome: PaneChromeProps) {
  const markdown = useApp((s) => s.result?.markdown);
  const pageId = useApp((s) => s.page?.pageId);
  const outputBytes = useApp((s) => s.result?.stats.outputBytes);
  const converting = useApp((s) => s.converting);
  const flash = useApp((s) => s.flash);
  const view = useApp((s) => s.settings.markdownView);
  const remoteImages = useApp((s) => s.settings.remoteImages);
  const updateSettings = useApp((s) => s.updateSettings);
  const dark = useDarkTheme();
  const [flashing, setFlashing] = useState(flash);
  useEffect(() => {
    setFlashing(flash);
    if (!flash) return;
    const timer = setTimeout(() => setFlashing(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  // The rendered view keeps its mark until the next change: taking it out would reload the frame
  // (and its scroll position) once the flash is over.
  const markAt = flash !== null && flash.end > flash.start ? flash.start : null;
  // A huge Markdown is cut before it is turned into HTML: converting 10 MB on the UI thread takes
  // longer than anyone waits, and the preview would show only its start anyway.
  const shown = useMemo(() => (view === 'view' && markdown !== undefined ? capMarkdown(markdown, PREVIEW_MAX_CHARS) : null), [view, markdown]);
  const html = useMemo(() => {
    if (!shown) return '';
    return markdownToHtml(markAt !== null && markAt < shown.text.length ? withMarkerBefore(shown.text, markAt, MARKER) : shown.text);
  }, [shown, markAt]);
  const note = converting ? <span className="updating">updating…</span> : outputBytes !== undefined ? formatBytes(outputBytes) : undefined;
  return (
    <Pane title="Markdown" shortTitle="Markdown" testId="pane-markdown" view={view} onView={(markdownView) => updateSettings({ markdownView })} note={note} {...chrome}>
      {markdown === undefined ? (
        <EmptyPane>The Markdown of the cleaned page.</EmptyPane>
      ) : view === 'source' ? (
        <SourceView text={markdown} language="markdown" flash={flashing} openKey={pageId} label="Markdown" testId="markdown-source" />
      ) : (
        <SandboxedPreview html={html} dark={dark} remoteImages={remoteImages} title="Markdown, rendered" flashMarker={markAt !== null ? MARKER : undefined} cappedFrom={shown?.capped ? markdown.length : undefined} testId="markdown-preview" />
      )}
    </Pane>
  );
}
