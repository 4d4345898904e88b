/**
 * How 50,000 messages fold into a few thousand pixel columns: one bin per
 * message while each gets a device pixel, else one bin per device-pixel column
 * with its tallest message, its mean, its dominant colour and whether a turn
 * starts in it. Built once per data, zoom or width change, so a frame during a
 * drag only reads typed arrays, and hover and click find their column by a
 * binary search over the same edges the canvas painted.
 */
import type { Role } from '../../core/message';
import type { View } from './view';
import { xOfBoundary } from './view';

/** Colour classes of a bar: the four roles, and summaries drawn apart from them. */
export const KIND_SYSTEM = 0;
export const KIND_USER = 1;
export const KIND_ASSISTANT = 2;
export const KIND_TOOL = 3;
export const KIND_SUMMARY = 4;
export const KIND_COUNT = 5;

export function kindOf(role: Role, isSummary: boolean): number {
  if (isSummary) return KIND_SUMMARY;
  switch (role) {
    case 'system':
      return KIND_SYSTEM;
    case 'user':
      return KIND_USER;
    case 'assistant':
      return KIND_ASSISTANT;
    case 'tool':
      return KIND_TOOL;
  }
}

/**
 * The bars for one view and width. Either one bin per message (when every
 * message gets at least one device pixel) or one bin per device-pixel column
 * holding several messages. Computed once per data, view or width change, so a
 * redraw during a drag only reads it.
 */
export interface Bins {
  /** One bin per message in view, rather than per pixel column. */
  perMessage: boolean;
  size: number;
  /** Left edge of each bin in CSS pixels; `edges[size]` is the right edge of the last. */
  edges: Float64Array;
  /** Half-open message range of each bin. */
  first: Int32Array;
  end: Int32Array;
  /** Largest message count in the bin, and which message it is (the one hover and click pick). */
  peak: Float64Array;
  peakIdx: Int32Array;
  /** Average count in the bin: drawn solid inside the faint peak, so a column of many small messages with one big one does not read as uniformly tall. */
  mean: Float64Array;
  /** Colour class holding the most tokens in the bin (ties: the first kind in KIND order). */
  kind: Uint8Array;
  /** A turn starts (a user message) somewhere in the bin. */
  turn: Uint8Array;
  /** Largest `peak`, the scale of the bars. */
  max: number;
  /** Bins that open a turn; when they crowd every few pixels the marks are noise and are left out. */
  turns: number;
}

/**
 * Folds the messages in `view` into bins over `columns` device pixels spanning
 * `width` CSS pixels. Column c takes the messages whose left edge falls in it,
 * so every message belongs to exactly one column.
 */
export function buildBins(
  roles: readonly Role[],
  counts: ArrayLike<number>,
  isSummary: readonly boolean[],
  view: View,
  width: number,
  columns: number,
): Bins {
  const n = roles.length;
  const from = Math.max(0, view.from);
  const to = Math.min(n, view.to);
  const span = view.to - view.from;
  const visible = Math.max(0, to - from);
  const cols = Math.max(1, Math.floor(columns));
  const perMessage = span <= cols;
  const size = perMessage ? visible : cols;
  const edges = new Float64Array(size + 1);
  const first = new Int32Array(size);
  const end = new Int32Array(size);
  const peak = new Float64Array(size);
  const peakIdx = new Int32Array(size);
  const mean = new Float64Array(size);
  const kind = new Uint8Array(size);
  const turn = new Uint8Array(size);
  const weight = new Float64Array(KIND_COUNT);
  let max = 0;
  let turns = 0;
  for (let b = 0; b < size; b++) {
    let lo: number;
    let hi: number;
    if (perMessage) {
      lo = from + b;
      hi = lo + 1;
      edges[b] = xOfBoundary(view, width, lo);
    } else {
      // Integer ceilings keep the split exact: no message is counted twice or lost.
      lo = Math.min(to, view.from + Math.ceil((b * span) / cols));
      hi = Math.min(to, view.from + Math.ceil(((b + 1) * span) / cols));
      edges[b] = (b * width) / cols;
    }
    first[b] = lo;
    end[b] = hi;
    weight.fill(0);
    let sum = 0;
    let best = -1;
    let bestIdx = lo;
    let hasTurn = 0;
    let firstKind = -1;
    for (let i = lo; i < hi; i++) {
      const c = counts[i];
      const k = kindOf(roles[i], isSummary[i] === true);
      if (firstKind < 0) firstKind = k;
      weight[k] += c;
      sum += c;
      if (c > best) {
        best = c;
        bestIdx = i;
      }
      if (roles[i] === 'user') hasTurn = 1;
    }
    let k = -1;
    for (let j = 0; j < KIND_COUNT; j++) if (weight[j] > 0 && (k < 0 || weight[j] > weight[k])) k = j;
    // A column of empty messages still needs a colour: its first message's.
    if (k < 0) k = firstKind < 0 ? KIND_ASSISTANT : firstKind;
    peak[b] = Math.max(0, best);
    peakIdx[b] = hi > lo ? bestIdx : -1;
    mean[b] = hi > lo ? sum / (hi - lo) : 0;
    turns += hasTurn;
    kind[b] = k;
    turn[b] = hasTurn;
    if (peak[b] > max) max = peak[b];
  }
  edges[size] = perMessage ? xOfBoundary(view, width, from + size) : width;
  return { perMessage, size, edges, first, end, peak, peakIdx, mean, kind, turn, max, turns };
}

/** The bin drawn under x (binary search over the edges), or −1. */
export function binAtX(bins: Bins, x: number): number {
  if (bins.size === 0 || x < bins.edges[0] || x >= bins.edges[bins.size]) return -1;
  let lo = 0;
  let hi = bins.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (bins.edges[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Bar height in pixels for a count, linear or square-root (which lifts the small ones into view). */
export function barHeight(count: number, max: number, plot: number, sqrt: boolean): number {
  if (count <= 0 || max <= 0) return 0;
  const share = sqrt ? Math.sqrt(count / max) : count / max;
  return share * plot;
}
