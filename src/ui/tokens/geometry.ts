/**
 * The token strip's geometry as pure functions: which message sits under an x,
 * where a keep-recent budget falls, how 50,000 messages fold into a few
 * thousand pixel columns, and what each key does to the two sliders.
 *
 * Kept free of the DOM so every number the strip draws can be checked in a
 * unit test, and so a drag costs a binary search instead of a walk.
 */
import type { Role } from '../../core/message';
import type { CutIndex } from '../../core/cutPoint';
import type { Fate } from '../../core/fates';

/** The visible half-open range of message indices; whole messages, so columns never split one. */
export interface View {
  from: number;
  to: number;
}

/** The whole transcript, or a single empty slot for an empty one (a view is never zero wide). */
export function fullView(n: number): View {
  return { from: 0, to: Math.max(1, n) };
}

/** Repairs a stored view against the current transcript length (it may have shrunk since). */
export function clampView(view: View | null, n: number, minSpan = 1): View {
  const all = fullView(n);
  if (!view) return all;
  const span = Math.min(all.to, Math.max(minSpan, Math.round(view.to - view.from)));
  const from = Math.min(Math.max(0, Math.round(view.from)), all.to - span);
  return { from, to: from + span };
}

export function isFullView(view: View, n: number): boolean {
  return view.from <= 0 && view.to >= Math.max(1, n);
}

/** x of the left edge of message boundary `i` (a fractional `i` lands inside a message). */
export function xOfBoundary(view: View, width: number, i: number): number {
  return ((i - view.from) * width) / (view.to - view.from);
}

/** The boundary position (in messages, fractional) under x, clamped to the view. */
export function boundaryAtX(view: View, width: number, x: number): number {
  const span = view.to - view.from;
  const p = view.from + (width > 0 ? (x * span) / width : 0);
  return Math.min(view.to, Math.max(view.from, p));
}

/** The message drawn under x, or −1 when the view holds no message there. */
export function messageAtX(view: View, width: number, x: number, n: number): number {
  const i = Math.floor(boundaryAtX(view, width, x));
  const last = Math.min(view.to, n) - 1;
  if (last < view.from) return -1;
  return Math.min(last, Math.max(view.from, i));
}

// ---------------------------------------------------------------------------
// Keep-recent budget ↔ position, through the suffix sums.

/**
 * Tokens of the tail that starts at boundary position `p`. Inside a message the
 * tail grows linearly from its right edge to its left edge, so the handle can
 * sit anywhere, not only on boundaries, and a drag feels continuous.
 */
export function tailTokensAt(index: CutIndex, p: number): number {
  const n = index.length;
  if (p <= 0) return index.suffix[0] ?? 0;
  if (p >= n) return 0;
  const i = Math.floor(p);
  const frac = p - i;
  return index.suffix[i] - frac * (index.suffix[i] - index.suffix[i + 1]);
}

/**
 * The boundary position whose tail holds exactly `tokens`: the inverse of
 * `tailTokensAt`. Zero-token messages are stepped over to the left, so a
 * budget lands just after the message that crosses it. A budget above the
 * whole transcript sits at 0.
 */
export function positionForTail(index: CutIndex, tokens: number): number {
  const { suffix, length: n } = index;
  if (n === 0) return 0;
  // First boundary whose tail fits the budget; suffix[n] = 0 so one always exists.
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (suffix[mid] <= tokens) hi = mid;
    else lo = mid + 1;
  }
  if (lo === 0) return 0;
  const inside = suffix[lo - 1] - suffix[lo];
  return lo - 1 + (suffix[lo - 1] - tokens) / inside;
}

/** The keep-recent value a pointer at x asks for: the tail there, rounded, within [0, max]. */
export function keepRecentAtX(index: CutIndex, view: View, width: number, x: number, max: number): number {
  const tokens = Math.round(tailTokensAt(index, boundaryAtX(view, width, x)));
  return Math.min(Math.max(0, max), Math.max(0, tokens));
}

// ---------------------------------------------------------------------------
// Cut line: legal boundaries only.

/** The leftmost cut the strip offers: the first legal position at or after `start`. */
export function lowestCut(index: CutIndex, start: number): number {
  const n = index.length;
  const s = Math.min(Math.max(0, start), n);
  return index.nextLegal[s];
}

/**
 * The legal cut nearest to boundary position `p`, never below `lowestCut`.
 * Nearest rather than always-next, so a drag to the left across a run of tool
 * results lands before them instead of springing back to the right.
 */
export function snapCut(index: CutIndex, start: number, p: number): number {
  const n = index.length;
  const lo = lowestCut(index, start);
  if (lo >= n) return n;
  const b = Math.min(n, Math.max(lo, Math.round(p)));
  const next = index.nextLegal[b];
  const prev = b < n ? index.prevLegal[b] : n;
  if (prev < lo) return next;
  return Math.abs(p - prev) < Math.abs(next - p) ? prev : next;
}

// ---------------------------------------------------------------------------
// Keyboard.

/** A slider key we handle; anything else is left to the browser. */
export type SliderKey =
  'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'PageUp' | 'PageDown' | 'Home' | 'End';

export function isSliderKey(key: string): key is SliderKey {
  return (
    key === 'ArrowLeft' ||
    key === 'ArrowRight' ||
    key === 'ArrowUp' ||
    key === 'ArrowDown' ||
    key === 'PageUp' ||
    key === 'PageDown' ||
    key === 'Home' ||
    key === 'End'
  );
}

/** One arrow press on the keep-recent slider: 1% of the range, never less than 100 tokens. */
export function keepRecentStep(max: number): number {
  return Math.max(100, Math.round(max / 100));
}

/**
 * The keep-recent value after a key. A bigger budget sits further left, so ←
 * keeps more and → keeps less: the handle moves the way the arrow points. ↑ and
 * Page Up keep more, ↓ and Page Down less, as on any slider; Home is 0 and End
 * the maximum, the slider's own minimum and maximum.
 */
export function stepKeepRecent(value: number, max: number, key: SliderKey): number {
  const top = Math.max(0, max);
  const step = keepRecentStep(top);
  const page = Math.max(step, Math.round(top / 10));
  const v = Math.min(top, Math.max(0, value));
  const delta: Record<SliderKey, number> = {
    ArrowLeft: step,
    ArrowUp: step,
    ArrowRight: -step,
    ArrowDown: -step,
    PageUp: page,
    PageDown: -page,
    Home: -Infinity,
    End: Infinity,
  };
  return Math.min(top, Math.max(0, v + delta[key]));
}

/** Messages one Page Up/Down moves the cut. */
export const CUT_PAGE = 10;

/**
 * The cut after a key. The value is a message index, which grows to the right,
 * so → and ↑ move it to the next legal cut and ← and ↓ to the previous one;
 * Page Up/Down jump ten messages and then snap to a legal cut in the direction
 * of travel; Home and End go to the first legal cut and to the end.
 */
export function stepCut(index: CutIndex, start: number, current: number, key: SliderKey): number {
  const n = index.length;
  const lo = lowestCut(index, start);
  if (lo >= n) return n;
  const c = Math.min(n, Math.max(lo, current));
  const back = (to: number) => (to <= lo ? lo : index.prevLegal[to]);
  const forward = (to: number) => (to >= n ? n : index.nextLegal[to]);
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return forward(c + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return back(c - 1);
    case 'PageUp':
      return forward(c + CUT_PAGE);
    case 'PageDown':
      return back(c - CUT_PAGE);
    case 'Home':
      return lo;
    case 'End':
      return n;
  }
}

// ---------------------------------------------------------------------------
// Columns: what the canvas draws.

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

// ---------------------------------------------------------------------------
// Fate bands.

export interface FateRun {
  fate: Fate;
  from: number;
  to: number;
}

/** Consecutive messages with the same fate, as ranges: a few rectangles instead of one per message. */
export function fateRuns(fates: readonly Fate[]): FateRun[] {
  const runs: FateRun[] = [];
  for (let i = 0; i < fates.length;) {
    let j = i + 1;
    while (j < fates.length && fates[j] === fates[i]) j++;
    runs.push({ fate: fates[i], from: i, to: j });
    i = j;
  }
  return runs;
}

// ---------------------------------------------------------------------------
// Marker labels.

/**
 * Stacks labels into rows so none overlaps another: each goes into the first
 * row whose last label ends before it starts. Returns the row of each label,
 * in the input order.
 */
export function labelRows(
  lefts: readonly number[],
  widths: readonly number[],
  gap = 6,
): { rows: number[]; count: number } {
  const order = lefts.map((_, i) => i).sort((a, b) => lefts[a] - lefts[b] || a - b);
  const rowEnds: number[] = [];
  const rows = new Array<number>(lefts.length).fill(0);
  for (const i of order) {
    let r = rowEnds.findIndex((e) => e + gap <= lefts[i]);
    if (r < 0) r = rowEnds.push(0) - 1;
    rowEnds[r] = lefts[i] + widths[i];
    rows[i] = r;
  }
  return { rows, count: rowEnds.length };
}

// ---------------------------------------------------------------------------
// Zoom and pan.

/**
 * Scales the view by `factor` (< 1 zooms in) around the message position
 * `anchor`, which stays under the pointer. Never narrower than `minSpan`
 * messages nor wider than the transcript.
 */
export function zoomView(view: View, n: number, anchor: number, factor: number, minSpan: number): View {
  const all = fullView(n);
  const span = view.to - view.from;
  const next = Math.min(all.to, Math.max(Math.min(minSpan, all.to), Math.round(span * factor)));
  if (next === span) return view;
  const t = span > 0 ? (anchor - view.from) / span : 0.5;
  const from = Math.round(anchor - t * next);
  return clampView({ from, to: from + next }, n, 1);
}

/** Moves the view by `delta` messages, stopping at either end. */
export function panView(view: View, n: number, delta: number): View {
  return clampView({ from: view.from + Math.round(delta), to: view.to + Math.round(delta) }, n, 1);
}

// ---------------------------------------------------------------------------
// Text.

/** Built once: `toLocaleString` builds a formatter on every call, which shows in a drag at 50,000 messages. */
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatTokens(n: number): string {
  return WHOLE.format(Math.round(n));
}

/** The label of another strategy's cut. */
export function markerLabel(strategy: string, tokensAfter: number, nothingToCompact: boolean): string {
  return nothingToCompact
    ? `${strategy} · nothing to compact`
    : `${strategy} · ${formatTokens(tokensAfter)} after`;
}

/** The hover line: index, role, tokens and the first line, as plain text. */
export function tooltipText(
  i: number,
  role: Role,
  isSummary: boolean,
  tokens: number,
  preview: string,
): string {
  const who = isSummary ? `${role} (summary)` : role;
  const line = preview.length > 160 ? `${preview.slice(0, 159)}…` : preview;
  return `#${i} · ${who} · ${formatTokens(tokens)} tokens${line ? ` · ${line}` : ''}`;
}
