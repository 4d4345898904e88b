/**
 * What the strip's two sliders mean. The keep-recent handle turns a position
 * into a tail budget through the suffix sums (and back), continuously, so a
 * drag feels smooth; the cut line only ever rests on a legal boundary; and
 * each slider key has one step. Pure, so every value a drag or a key press
 * produces is pinned by a unit test, and a drag costs a binary search instead
 * of a walk over 50,000 messages.
 */
import type { CutIndex } from '../../core/cutPoint';

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
 * The keep-recent value a key asks for, before the cap (so the strip can say
 * where it stopped and why). The arrows follow the picture: a bigger budget
 * sits further left on the strip, so ← and ↓ ask for more and → and ↑ for
 * less, and the handle goes the way its arrow points, as the cut line beside
 * it does (→ once moved the handle left while the cut moved right). Page Up
 * and Page Down move 10% the same ways; Home asks for the most (the left end)
 * and End for the least (the right end). What the slider announces as its
 * value is its position (`keepPosition`), which → and ↑ increase, as ARIA
 * has it; the budget is in its value text.
 */
export function keepRecentTarget(value: number, max: number, key: SliderKey): number {
  const top = Math.max(0, max);
  const step = keepRecentStep(top);
  const page = Math.max(step, Math.round(top / 10));
  const v = Math.min(top, Math.max(0, value));
  const delta: Record<SliderKey, number> = {
    ArrowRight: -step,
    ArrowUp: -step,
    ArrowLeft: step,
    ArrowDown: step,
    PageUp: -page,
    PageDown: page,
    Home: Infinity,
    End: -Infinity,
  };
  return Math.max(0, v + delta[key]);
}

/**
 * The keep-recent handle's position as a slider value: the tokens of the
 * conversation left of it, `max` − the budget (held within `min`..`max`). It
 * grows to the right, as the handle moves under → and as the cut line's value
 * (a message index) grows, so both sliders agree with their arrows.
 */
export function keepPosition(budget: number, min: number, max: number): number {
  return max - Math.min(max, Math.max(min, budget));
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
// Pointer: which slider a press takes.

/** How far a slider's grab zone reaches left and right of its line, in CSS pixels. */
export interface GrabZone {
  left: number;
  right: number;
}

/** Half a grab zone: room for a mouse; a finger gets more (see `grabZones`). */
export const GRAB_HALF = 7;

/**
 * The two sliders' grab zones, `half` pixels either side of each line, except
 * that when the lines are closer than two halves, the sides facing each other
 * shrink to meet halfway: a press always takes the nearer line, and a line a
 * pixel or two from the other can still be grabbed. On a tie the handle takes
 * the left side, where it sits when the budget strategy cuts at its position.
 */
export function grabZones(keepX: number, cutX: number, half: number): { keep: GrabZone; cut: GrabZone } {
  const facing = Math.min(half, Math.abs(keepX - cutX) / 2);
  return keepX <= cutX
    ? { keep: { left: half, right: facing }, cut: { left: facing, right: half } }
    : { keep: { left: facing, right: half }, cut: { left: half, right: facing } };
}
