// Numbers for people: sizes, counts, token estimates.

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

export function formatCount(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)}M`;
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${(count / 1000).toFixed(1)}k`;
  return String(count);
}

/**
 * Tokens a language model would read, estimated at four characters per token (the usual rule of
 * thumb for English with BPE tokenizers); shown as an estimate, never as an exact count.
 */
export function estimateTokens(text: string | number): number {
  const length = typeof text === 'number' ? text : text.length;
  return Math.ceil(length / 4);
}

export function formatSeconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

export function percentSaved(before: number, after: number): number {
  return before <= 0 ? 0 : Math.max(0, Math.round((1 - after / before) * 100));
}
