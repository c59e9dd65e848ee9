// A rendered view of hostile HTML: sanitised, in an iframe with sandbox="" (no scripts, no
// same-origin access, no popups, no navigation of the app), under a CSP that loads nothing remote
// unless the user allowed remote images.
import { useMemo } from 'react';
import { previewDocument, sanitizeForPreview } from '../lib/preview';

export interface SandboxedPreviewProps {
  html: string;
  dark: boolean;
  remoteImages: boolean;
  title: string;
  testId?: string;
}

export function SandboxedPreview({ html, dark, remoteImages, title, testId }: SandboxedPreviewProps) {
  const safe = useMemo(() => sanitizeForPreview(html, { remoteImages }), [html, remoteImages]);
  const document = useMemo(() => previewDocument(safe, { dark, remoteImages }), [safe, dark, remoteImages]);
  return <iframe className="preview" title={title} sandbox="" referrerPolicy="no-referrer" srcDoc={document} data-testid={testId} />;
}
