// Pane sizes are fractions; dragging a splitter moves width from one pane to its neighbour.

export type Sizes = [number, number, number];

/** Moves `delta` (a fraction) from pane `right` to pane `left`, neither going below `minFraction`. */
export function resize(sizes: Sizes, left: number, right: number, delta: number, minFraction: number): Sizes {
  const next = [...sizes] as Sizes;
  const pair = next[left] + next[right];
  const min = Math.min(minFraction, pair / 2);
  next[left] = Math.min(pair - min, Math.max(min, next[left] + delta));
  next[right] = pair - next[left];
  return next;
}
