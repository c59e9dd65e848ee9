// A read-only, virtualised, highlighted source view: only the rows in sight are in the DOM, every
// row has the same height (long lines wrap at the pane's width), so a 5 MB page scrolls as
// smoothly as a small one. Marks (removed / kept elements) are drawn over the syntax colours. It
// opens where the content starts (`startAt`), is one stop for the keyboard (arrows and Page keys
// scroll it), and scrolls to a span it is asked to flash.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { lexHtml } from '../lib/html-lexer';
import { lexMarkdown } from '../lib/markdown-lexer';
import { buildRows, rowAt, rowRange, type Rows } from '../lib/rows';
import { type Mark, overlayMark, segmentRow } from '../lib/segments';
import { KIND_CLASS, type Tokens } from '../lib/tokens';

export const ROW_HEIGHT = 18;
const OVERSCAN = 12;
/** Browsers cap element heights (~33M px in Chromium); beyond this the scroll range is scaled. */
const MAX_SCROLL_HEIGHT = 8_000_000;
const PADDING_PX = 12;
const NO_MARKS: readonly Mark[] = [];

export interface SourceViewProps {
  text: string;
  language: 'html' | 'markdown';
  /** Disjoint, sorted by start (see disjointMarks). */
  marks?: readonly Mark[];
  /** The mark to scroll to and outline (see overlayMark, for one nested in another). */
  selected?: Mark | null;
  onMarkClick?: (id: string) => void;
  /** Where to open: the row holding this offset comes to the top. */
  startAt?: number;
  /** Opens at `startAt` again when this changes (a new page; not a new conversion of the same one). */
  openKey?: string;
  /** A span to scroll to (when its id changes) and show flashing. */
  flash?: { start: number; end: number; id: number } | null;
  label?: string;
  testId?: string;
}

function lex(text: string, language: SourceViewProps['language']): Tokens {
  return language === 'html' ? lexHtml(text) : lexMarkdown(text);
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** The width of one character of the monospace font, measured once per view. */
function useCharWidth(probe: React.RefObject<HTMLSpanElement | null>): number {
  const [width, setWidth] = useState(7.2);
  useLayoutEffect(() => {
    const measured = probe.current?.getBoundingClientRect().width;
    if (measured) setWidth(measured / 100);
  }, [probe]);
  return width;
}

function useSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setSize((old) => (old.width === element.clientWidth && old.height === element.clientHeight ? old : { width: element.clientWidth, height: element.clientHeight }));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

interface RowProps {
  text: string;
  rows: Rows;
  index: number;
  tokens: Tokens;
  marks: readonly Mark[];
  selectedId: string | null | undefined;
}

const Row = memo(function Row({ text, rows, index, tokens, marks, selectedId }: RowProps) {
  const [start, end] = rowRange(rows, text, index);
  const line = rows.lines[index];
  const segments = segmentRow(start, end, tokens, marks);
  return (
    <div className="sv-row">
      <span className="sv-ln">{line > 0 ? line : ''}</span>
      <span className="sv-code">
        {segments.map((segment) => {
          const mark = segment.mark >= 0 ? marks[segment.mark] : undefined;
          const classes = [KIND_CLASS[segment.kind], mark ? `mk mk-${mark.tone}` : '', mark && mark.id === selectedId ? 'mk-selected' : ''].filter(Boolean).join(' ');
          return (
            <span key={segment.start} className={classes || undefined} data-mark={mark?.id}>
              {text.slice(segment.start, segment.end)}
            </span>
          );
        })}
      </span>
    </div>
  );
});

export function SourceView({ text, language, marks: givenMarks = NO_MARKS, selected, onMarkClick, startAt, openKey, flash, label, testId }: SourceViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const charWidth = useCharWidth(probe);
  const { width, height } = useSize(scroller);
  const [scrollTop, setScrollTop] = useState(0);

  const tokens = useMemo(() => lex(text, language), [text, language]);
  const lineDigits = useMemo(() => String(countLines(text)).length, [text]);
  const gutter = Math.max(3, lineDigits) * charWidth + 14;
  const columns = Math.max(20, Math.floor((width - gutter - PADDING_PX * 2) / charWidth));
  const rows = useMemo(() => buildRows(text, columns), [text, columns]);

  const total = rows.count * ROW_HEIGHT;
  const scrollHeight = Math.min(total, MAX_SCROLL_HEIGHT);
  const ratio = total > scrollHeight ? (total - height) / Math.max(1, scrollHeight - height) : 1;
  const virtualTop = scrollTop * ratio;
  const first = Math.max(0, Math.floor(virtualTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.count, Math.ceil((virtualTop + height) / ROW_HEIGHT) + OVERSCAN);
  const offset = scrollTop - (virtualTop - first * ROW_HEIGHT);

  // A flashing span is drawn over the other marks (the Markdown pane has no others).
  const flashMark = useMemo<Mark | null>(() => (flash && flash.end > flash.start ? { start: flash.start, end: flash.end, tone: 'flash', id: `flash-${flash.id}` } : null), [flash]);
  const marks = useMemo(() => (flashMark ? overlayMark(givenMarks, flashMark) : givenMarks), [givenMarks, flashMark]);

  // Each new page opens where its content starts, once the width (and so the rows) is known.
  const openedFor = useRef<string | null>(null);
  const key = openKey ?? text;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || width === 0 || openedFor.current === key) return;
    openedFor.current = key;
    const row = startAt ? rowAt(rows, startAt) : 0;
    element.scrollTop = Math.max(0, row * ROW_HEIGHT - ROW_HEIGHT) / ratio;
    setScrollTop(element.scrollTop);
    anchor.current = { key, columns, offset: rows.starts[Math.min(rows.count - 1, row)] ?? 0 };
  }, [key, rows, width, startAt, ratio]);

  // The text at the top stays at the top when the pane's width rewraps the lines.
  const anchor = useRef<{ key: string; columns: number; offset: number } | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    const held = anchor.current;
    if (!element || !held || held.key !== key || held.columns === columns || rows.count === 0) return;
    element.scrollTop = (rowAt(rows, held.offset) * ROW_HEIGHT) / ratio;
    setScrollTop(element.scrollTop);
    anchor.current = { ...held, columns };
  }, [rows]);
  const onScroll = (top: number) => {
    setScrollTop(top);
    if (rows.count > 0) anchor.current = { key, columns, offset: rows.starts[Math.min(rows.count - 1, Math.floor((top * ratio) / ROW_HEIGHT))] };
  };

  // A new flash scrolls its span into view, a third of the way down.
  useEffect(() => {
    const element = scroller.current;
    if (!flash || !element) return;
    const top = rowAt(rows, flash.start) * ROW_HEIGHT;
    const visibleTop = element.scrollTop * ratio;
    if (top >= visibleTop && top < visibleTop + element.clientHeight - ROW_HEIGHT * 3) return;
    element.scrollTop = Math.max(0, top - element.clientHeight / 3) / ratio;
    // Only a new flash scrolls.
  }, [flash?.id]);

  // Scroll the selected mark into view, a third of the way down.
  const selectedId = selected?.id ?? null;
  useEffect(() => {
    const element = scroller.current;
    if (!selected || !element) return;
    const row = rowAt(rows, selected.start);
    const top = row * ROW_HEIGHT;
    const visibleTop = element.scrollTop * ratio;
    if (top >= visibleTop && top < visibleTop + element.clientHeight - ROW_HEIGHT * 2) return;
    element.scrollTop = Math.max(0, top - element.clientHeight / 3) / ratio;
    // Only a new selection scrolls; a resize (new rows, new ratio) leaves the view where it is.
  }, [selected?.id, selected?.start]);

  const onClick = (event: MouseEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-mark]');
    if (target?.dataset.mark && onMarkClick) onMarkClick(target.dataset.mark);
  };

  const visible = [];
  for (let index = first; index < last; index++) {
    visible.push(<Row key={index} text={text} rows={rows} index={index} tokens={tokens} marks={marks} selectedId={selectedId} />);
  }

  return (
    <div
      className="sv"
      ref={scroller}
      onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
      onClick={onClick}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-focus
      data-testid={testId}
      style={{ ['--gutter' as string]: `${gutter}px` }}
    >
      <span className="sv-probe" ref={probe} aria-hidden="true">
        {'M'.repeat(100)}
      </span>
      <div className="sv-space" style={{ height: scrollHeight }}>
        <div className="sv-rows" style={{ transform: `translateY(${offset}px)` }}>
          {visible}
        </div>
      </div>
    </div>
  );
}
