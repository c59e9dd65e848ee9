// A list that renders only the items in sight, for items of known (per-kind) heights: the
// inspector may list ten thousand removals and must stay as quick as with ten.
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

const OVERSCAN_PX = 300;

export interface VirtualListProps<T> {
  items: readonly T[];
  heightOf: (item: T) => number;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  /** Index of an item to bring into view (when it changes). */
  reveal?: number;
  className?: string;
}

/** Offset of each item, and the total height at the end. */
function offsetsOf<T>(items: readonly T[], heightOf: (item: T) => number): Float64Array {
  const offsets = new Float64Array(items.length + 1);
  for (let i = 0; i < items.length; i++) offsets[i + 1] = offsets[i] + heightOf(items[i]);
  return offsets;
}

/** The last item starting at or before `y`. */
function indexAt(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (offsets[mid] <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

export function VirtualList<T>({ items, heightOf, keyOf, render, reveal, className }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);
  const offsets = useMemo(() => offsetsOf(items, heightOf), [items, heightOf]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => setHeight(element.clientHeight);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (reveal === undefined || reveal < 0 || !element) return;
    const top = offsets[reveal];
    const bottom = offsets[reveal + 1];
    if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
    // Only a new item to reveal scrolls; the list growing or shrinking does not.
  }, [reveal]);

  const first = items.length === 0 ? 0 : indexAt(offsets, Math.max(0, scrollTop - OVERSCAN_PX));
  const last = items.length === 0 ? -1 : indexAt(offsets, scrollTop + height + OVERSCAN_PX);
  const visible: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    visible.push(
      <div key={keyOf(items[i])} className="vl-item" style={{ top: offsets[i], height: offsets[i + 1] - offsets[i] }}>
        {render(items[i])}
      </div>,
    );
  }
  return (
    <div className={`vl ${className ?? ''}`} ref={scroller} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <div className="vl-space" style={{ height: offsets[items.length] }}>
        {visible}
      </div>
    </div>
  );
}
