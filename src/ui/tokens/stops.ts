/**
 * Where the strip's two sliders stop, and why. A value the settings would
 * lower, or a cut the strategy would move, is never written: the slider stops
 * at the value that applies and says what held it there, so a drag cannot
 * leave the field showing a number the page then quietly ignores.
 *
 * Pure, like sliders.ts: the settings' own ceiling is the one the core's
 * normalization applies, so the strip and the settings panel cannot disagree
 * about it, and the strategy's cut comes in as a function of the budget.
 */
import { keepRecentForCut, type CutIndex } from '../../core/cutPoint';
import { keepRecentCeiling, type Settings } from '../../core/settings';
import type { SliderKey } from './sliders';
import { lowestCut, stepCut } from './sliders';

/** The smallest keep-recent budget: normalization replaces 0 or less with the default. */
export const MIN_KEEP_RECENT = 1;

/**
 * The largest keep-recent budget that applies as it is: the settings' own
 * ceiling (normalization lowers anything above it), or the whole conversation
 * compaction may touch (a bigger budget keeps nothing more).
 */
export type KeepCap =
  { max: number; by: 'settings'; reason: string } | { max: number; by: 'transcript'; start: number };

/**
 * The budget's ceiling under `settings` for a transcript indexed by `index`
 * whose compactable part begins at `start`. The core's `keepRecentCeiling`,
 * which normalization lowers the budget to, gives the number and its rule,
 * so the rule (today a quarter of window − reserve) lives in one place.
 */
export function keepRecentCap(settings: Settings, index: CutIndex, start: number): KeepCap {
  const from = Math.min(Math.max(0, start), index.length);
  const whole = Math.max(MIN_KEEP_RECENT, Math.round(index.suffix[from] ?? 0));
  const ceiling = keepRecentCeiling(settings.maxContextTokens, settings.reserveTokens);
  if (ceiling && ceiling.max >= MIN_KEEP_RECENT && ceiling.max < whole) {
    return { max: ceiling.max, by: 'settings', reason: ceiling.rule };
  }
  return { max: whole, by: 'transcript', start: from };
}

/** A budget the strip applies, and the ceiling that held it back when the user asked for more. */
export interface KeepMove {
  keep: number;
  stop: KeepCap | null;
}

/** The budget for a request of `asked` tokens (a pointer's tail, or a key's target): rounded and within the cap. */
export function resolveKeep(asked: number, cap: KeepCap): KeepMove {
  const keep = Math.min(cap.max, Math.max(MIN_KEEP_RECENT, Math.round(asked)));
  return { keep, stop: asked > cap.max ? cap : null };
}

// ---------------------------------------------------------------------------
// The cut line.

/** Why the cut is not where the user put it. */
export type CutStop =
  /** Before the first message compaction may touch: the system prompt or the previous summary stays. */
  | { kind: 'start'; start: number }
  /** The boundary asked for is before a tool result, which stays with the call that made it. */
  | { kind: 'tool-result'; at: number }
  /** The budget that cut implies is above the ceiling; the cut stops where the ceiling allows. */
  | { kind: 'cap'; cap: KeepCap; cut: number }
  /** The strategy keeps whole turns: the cut moved back to where the turn begins. */
  | { kind: 'turn'; cut: number }
  /** Asked for the very end: the strategy always keeps the newest message or turn. */
  | { kind: 'newest'; cut: number }
  /** Any other move the strategy makes for that budget (`nothing`: it compacts nothing). */
  | { kind: 'strategy'; cut: number; nothing: boolean };

/** Where the cut goes and the budget the strip writes for it. */
export interface CutMove {
  /** The first kept message the strategy then chooses (`start` when nothing is compacted). */
  cut: number;
  /** The budget written to the settings: the tail from `cut`, within the ceiling. */
  keep: number;
  stop: CutStop | null;
}

/** Where the current strategy cuts for a keep-recent budget (`start` when nothing is compacted). */
export type CutFor = (keepRecent: number) => number;

/**
 * The cut for a request at boundary `asked` that snapped to the legal boundary
 * `legal`. The budget the request implies (the tail from `legal`) is capped and
 * handed to the strategy; what the strategy answers is where the cut goes, and
 * the budget written is the tail from there, so the field holds exactly the
 * value that produces the cut on screen.
 */
export function resolveCut(
  index: CutIndex,
  start: number,
  asked: number,
  legal: number,
  cap: KeepCap,
  cutFor: CutFor,
): CutMove {
  const tail = (i: number) => Math.round(keepRecentForCut(index, i));
  const within = (tokens: number) => Math.min(cap.max, Math.max(MIN_KEEP_RECENT, tokens));
  const cut = cutFor(within(tail(legal)));
  const keep = within(tail(cut));
  let stop: CutStop | null = null;
  if (cut > legal && tail(legal) > cap.max) stop = { kind: 'cap', cap, cut };
  else if (cut < legal && legal >= index.length) stop = { kind: 'newest', cut };
  else if (cut < legal && cut === index.prevUser[legal]) stop = { kind: 'turn', cut };
  else if (cut !== legal) stop = { kind: 'strategy', cut, nothing: cut <= start };
  else if (asked !== legal) {
    const lo = lowestCut(index, start);
    if (asked < lo) stop = { kind: 'start', start: lo };
    else if (index.roles[asked] === 'tool') stop = { kind: 'tool-result', at: asked };
  }
  return { cut, keep, stop };
}

/**
 * The cut after a key. Steps go from one legal boundary to the next as in
 * `stepCut`, and keep going while the strategy would leave the cut where it
 * is (a turn rule lets it rest only on user messages), so an arrow press
 * always moves the cut when it can; when it cannot, the answer says why, as
 * do Home and End when they stop short of the end they name.
 */
export function stepCutTo(
  index: CutIndex,
  start: number,
  current: number,
  key: SliderKey,
  cap: KeepCap,
  cutFor: CutFor,
): CutMove {
  let from = current;
  for (;;) {
    const target = stepCut(index, start, from, key);
    const move = resolveCut(index, start, target, target, cap, cutFor);
    // Home and End say why they stop short of the end they name; a step says why only when
    // the cut could not move at all.
    if (key === 'Home' || key === 'End') return move;
    if (move.cut !== current) return { ...move, stop: null };
    if (target === from) return move;
    from = target;
  }
}
