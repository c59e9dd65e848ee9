// Files the user drops or opens: which ones we take, and their bytes as base64 for the contract.

export const ACCEPTED_FILES = '.html,.htm,.xhtml,.pdf,text/html,application/xhtml+xml,application/pdf';
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export function isAcceptedFile(file: { name: string; type: string }): boolean {
  return /\.(x?html?|pdf)$/i.test(file.name) || ['text/html', 'application/xhtml+xml', 'application/pdf'].includes(file.type);
}

/** The file's bytes as base64 (through a data: URL, which the browser encodes natively). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Pasted text that is HTML markup rather than a URL or a path. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text) && /<[a-z!][^>]*>/i.test(text);
}
