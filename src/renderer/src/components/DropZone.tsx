// Files dropped anywhere on the window load as pages; HTML pasted outside a text field loads too.
import { useEffect, useState } from 'react';
import { looksLikeHtml } from '../lib/file-input';
import { appStore } from '../store/app-store';
import { useLoadFile } from './use-load-file';

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

export function DropZone() {
  const [over, setOver] = useState(false);
  const loadFile = useLoadFile();

  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setOver(true);
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    // Without preventDefault on dragover and drop, the browser would open the file itself.
    const overHandler = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      event.preventDefault();
      depth = 0;
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) void loadFile(file);
    };
    const paste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable]')) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!looksLikeHtml(text)) return;
      event.preventDefault();
      void appStore.getState().load({ kind: 'html', html: text, name: 'pasted HTML' });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    window.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
      window.removeEventListener('paste', paste);
    };
  }, [loadFile]);

  if (!over) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-card">Drop an .html or .pdf file to load it</div>
    </div>
  );
}
