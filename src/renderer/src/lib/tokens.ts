// Syntax tokens for the source views, stored flat (typed arrays, not objects) because a 5 MB page
// has a million of them. Token i covers [starts[i], starts[i + 1]) (the last one runs to the end).

export const Kind = {
  Text: 0,
  Tag: 1,
  AttrName: 2,
  AttrValue: 3,
  Comment: 4,
  Doctype: 5,
  RawText: 6,
  Heading: 7,
  Code: 8,
  Link: 9,
  Punct: 10,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** CSS class per kind (the stylesheet colours them per theme). */
export const KIND_CLASS: readonly string[] = ['', 't-tag', 't-attr', 't-val', 't-com', 't-doc', 't-raw', 't-h', 't-code', 't-link', 't-punct'];

export interface Tokens {
  starts: Int32Array;
  kinds: Uint8Array;
  count: number;
  length: number;
}

/** Appends tokens, merging a token into the previous one when they are of the same kind. */
export class TokenBuilder {
  private starts = new Int32Array(1024);
  private kinds = new Uint8Array(1024);
  private count = 0;

  constructor(private readonly length: number) {}

  push(start: number, kind: Kind): void {
    if (start >= this.length) return;
    if (this.count > 0) {
      if (this.kinds[this.count - 1] === kind) return;
      if (this.starts[this.count - 1] === start) {
        this.kinds[this.count - 1] = kind; // an empty token: the new one replaces it
        if (this.count > 1 && this.kinds[this.count - 2] === kind) this.count--;
        return;
      }
    }
    if (this.count === this.starts.length) {
      const starts = new Int32Array(this.count * 2);
      starts.set(this.starts);
      this.starts = starts;
      const kinds = new Uint8Array(this.count * 2);
      kinds.set(this.kinds);
      this.kinds = kinds;
    }
    this.starts[this.count] = start;
    this.kinds[this.count] = kind;
    this.count++;
  }

  finish(): Tokens {
    return { starts: this.starts.subarray(0, this.count), kinds: this.kinds.subarray(0, this.count), count: this.count, length: this.length };
  }
}

/** Index of the token that contains `offset` (the last one starting at or before it). */
export function tokenAt(tokens: Tokens, offset: number): number {
  let lo = 0;
  let hi = tokens.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (tokens.starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function tokenEnd(tokens: Tokens, index: number): number {
  return index + 1 < tokens.count ? tokens.starts[index + 1] : tokens.length;
}
