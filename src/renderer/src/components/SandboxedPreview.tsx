// A rendered view of hostile HTML: sanitised, in an iframe with sandbox="" (no scripts, no
// same-origin access, no popups, no navigation of the app), under a CSP that loads nothing remote
// unless the user allowed remote images. One stop for the keyboard (its links are left out of the
// Tab order); a page larger than PREVIEW_MAX_CHARS shows its start, and says so.
import { useMemo } from 'react';
import { formatBytes } from '../lib/format';
import { capHtml, PREVIEW_MAX_CHARS, previewBody, previewDocument, type PreviewMarks } from '../lib/preview';

export interface SandboxedPreviewProps extends PreviewMarks {
  html: string;
  dark: boolean;
  remoteImages: boolean;
  title: string;
  /** The length of what `html` was cut from, when the caller cut it already (the Markdown). */
  cappedFrom?: number;
  testId?: string;
}

export function SandboxedPreview({ html, dark, remoteImages, title, testId, start, flashMarker, cappedFrom }: SandboxedPreviewProps) {
  const shown = useMemo(() => capHtml(html), [html]);
  const safe = useMemo(() => previewBody(shown.html, { remoteImages, start, flashMarker }), [shown, remoteImages, start, flashMarker]);
  const document = useMemo(() => previewDocument(safe, { dark, remoteImages }), [safe, dark, remoteImages]);
  return (
    // F6 lands on the frame around the preview, not inside it: keys pressed inside a sandboxed
    // preview never reach the app, so F6 could not move on from there. Tab goes in, to the
    // preview's body (one stop, where the arrow keys scroll), and out again.
    <div className="preview-frame" tabIndex={-1} data-focus>
      {(shown.capped || cappedFrom !== undefined) && (
        <p className="preview-cap" data-testid={testId ? `${testId}-capped` : undefined}>
          Showing the first {formatBytes(PREVIEW_MAX_CHARS)} of {formatBytes(cappedFrom ?? html.length)}: the Source view has all of it.
        </p>
      )}
      <iframe className="preview" title={title} sandbox="" referrerPolicy="no-referrer" srcDoc={document} data-testid={testId} />
    </div>
  );
}
