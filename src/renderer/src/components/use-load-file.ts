// Loading a file the user dropped or opened: checked, read as base64, sent through the contract.
import { useCallback } from 'react';
import { isAcceptedFile, MAX_FILE_BYTES, readAsBase64 } from '../lib/file-input';
import { formatBytes } from '../lib/format';
import { appStore } from '../store/app-store';

export function useLoadFile(): (file: File) => Promise<void> {
  return useCallback(async (file: File) => {
    const state = appStore.getState();
    if (!isAcceptedFile(file)) {
      appStore.setState({ error: { code: 'unsupported-type', message: `${file.name}: only .html, .htm, .xhtml and .pdf files can be loaded` } });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      appStore.setState({ error: { code: 'too-large', message: `${file.name} is ${formatBytes(file.size)}, more than the ${formatBytes(MAX_FILE_BYTES)} allowed` } });
      return;
    }
    const base64 = await readAsBase64(file);
    await state.load({ kind: 'file', name: file.name, base64 });
  }, []);
}
