// What a printer adds to every page, not the document: running headers and footers (the same line
// at the top or the bottom of most pages, page numbers aside), and the print stamps browsers put
// in the margins (Chromium: the date and time with the title at the top, the URL and "1/6" at the
// bottom). Only the lines nearest each edge of a page are candidates.

export interface MarginLine {
  text: string;
  /** Baseline, y growing upwards. */
  y: number;
  size: number;
}

/** A margin line stands apart from the text next to it by more than a line's pitch (in sizes). */
const MARGIN_GAP = 1.5;

/** How many lines at each edge of a page may be running headers or footers. */
const EDGE_LINES = 2;

/** The same for any page: digits (page numbers, dates) do not count. */
function runningKey(text: string): string {
  return text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}

const PAGE_NUMBER = /^(?:(?:page|seite|p\.|pág\.?|página)\s*)?\d{1,5}(?:\s*(?:\/|of|von|de|sur|di|из)\s*\d{1,5})?$/i;
// Chromium's header: "12/3/26, 4:32 PM" then the title; other browsers: "2026-03-12 16:32".
const DATE_TIME = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?(?:\s|$)/i;
// Chromium's footer: the page's URL, then "1/6".
const URL_LINE = /^(?:file|https?|about|data|chrome|blob):\S*(?:\s+\d{1,5}\s*\/\s*\d{1,5})?$/i;

export function isPrintArtefact(text: string): boolean {
  const line = text.trim();
  return PAGE_NUMBER.test(line) || DATE_TIME.test(line) || URL_LINE.test(line);
}

/**
 * Indexes of the lines nearest the top and the bottom of a page that stand apart from the text
 * further in (a running header sits in the margin, a gap wider than the line pitch above the text).
 */
function edges(lines: readonly MarginLine[]): { top: number[]; bottom: number[] } {
  const order = lines.map((_, i) => i).sort((a, b) => lines[b].y - lines[a].y);
  const count = Math.min(EDGE_LINES, Math.floor(order.length / 2));
  const apart = (at: number, inner: number) => {
    const [line, next] = [lines[order[at]], lines[order[inner]]];
    return next === undefined || Math.abs(line.y - next.y) > MARGIN_GAP * Math.max(line.size, next.size);
  };
  // A page of one or two lines: each line is at both edges.
  if (count === 0) return { top: order.slice(0, 1), bottom: order.slice(-1) };
  const top: number[] = [];
  const bottom: number[] = [];
  for (let i = 0; i < count; i++) if (apart(i, i + 1)) top.push(...order.slice(0, i + 1).filter((index) => !top.includes(index)));
  for (let i = order.length - 1; i >= order.length - count; i--) if (apart(i, i - 1)) bottom.push(...order.slice(i).filter((index) => !bottom.includes(index)));
  return { top, bottom };
}

/** The pages without their running headers, footers and print stamps. */
export function removeMarginLines<T extends MarginLine>(pages: readonly (readonly T[])[]): T[][] {
  const pageEdges = pages.map(edges);
  const repeated = (side: 'top' | 'bottom'): Set<string> => {
    const pagesWith = new Map<string, number>();
    pages.forEach((lines, p) => {
      const keys = new Set(pageEdges[p][side].map((i) => runningKey(lines[i].text)));
      for (const key of keys) if (key !== '') pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
    });
    // On most pages, and on at least two.
    const needed = Math.max(2, Math.ceil(pages.length / 2));
    return new Set([...pagesWith].filter(([, n]) => n >= needed).map(([key]) => key));
  };
  const running = { top: repeated('top'), bottom: repeated('bottom') };
  return pages.map((lines, p) => {
    const drop = new Set<number>();
    for (const side of ['top', 'bottom'] as const) {
      for (const i of pageEdges[p][side]) if (running[side].has(runningKey(lines[i].text)) || isPrintArtefact(lines[i].text)) drop.add(i);
    }
    return lines.filter((_, i) => !drop.has(i));
  });
}
