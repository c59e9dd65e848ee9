// What the app's requests may carry, and the ranges of its options: the renderer is trusted less
// than main, so main checks every request against these (contract.ts), and the renderer keeps its
// stored settings within them.
export const LIMITS = {
  /** Pasted HTML and saved Markdown / HTML, in characters. */
  maxHtmlChars: 64 * 1024 * 1024,
  /** A dropped or opened file, in bytes (its base64 is 4/3 of that). */
  maxFileBytes: 64 * 1024 * 1024,
  maxUrlChars: 8192,
  maxNameChars: 255,
  maxListItems: 10_000,
  maxSettingChars: 1024 * 1024,
  timeoutMs: { min: 1000, max: 600_000 },
  extraWaitMs: { min: 0, max: 120_000 },
  /** A page's conversion budget: CPU time, and nodes and attributes created. */
  budgetMs: { min: 100, max: 600_000 },
  budgetNodes: { min: 1000, max: 100_000_000 },
  /** Text pasted or a file imported for a batch, in characters / bytes. */
  maxBatchInputChars: 64 * 1024 * 1024,
  maxPollWaitMs: 25_000,
  maxPollRows: 20_000,
  /** Sites with elements kept on every page, and kept elements per site. */
  maxKeepSites: 1000,
  maxKeepsPerSite: 500,
} as const;

