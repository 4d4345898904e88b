/**
 * What the strip derives from its props without drawing anything: the range
 * the cut line can move over, whether the budget moves the cut at all, and
 * the text under the pointer.
 */
import type { Role } from '../../core/message';
import type { Clearing } from '../../core/harness/preset';
import { clearedNote } from './cleared';
import { cutHoverText, keepHoverText, tooltipText } from './labels';
import { GRAB_HALF } from './sliders';
import type { CutFor } from './stops';
import type { Hover } from './StripHover';

/** A finger needs a wider grab zone than a mouse. */
export const grabHalf = () =>
  globalThis.matchMedia?.('(pointer: coarse)').matches ? 2 * GRAB_HALF : GRAB_HALF;

/** About how wide a slider's tab is drawn (11 px text): past the plot's right edge it flips to the left. */
export const tabWidth = (text: string) => 20 + 7 * text.length;

/** x within the plot of a pointer event on the plot itself. */
export const plotX = (e: { clientX: number; currentTarget: Element }) =>
  e.clientX - e.currentTarget.getBoundingClientRect().left;

export interface CutRange {
  min: number;
  max: number;
  /**
   * Some budget moves the cut. When none does (a preset that cuts by its
   * own rule, or only clears), the handle still sets the budget the other
   * strategies' cuts use, but draws no bracket over a tail this strategy
   * does not keep for it.
   */
  budgetMoves: boolean;
}

/**
 * Where the strategy can put the cut: the cut for the largest budget that
 * applies, and for the smallest (`smallest`), the current cut always inside.
 */
export function cutRange(cut: number, cutFor: CutFor, largest: number, smallest: number): CutRange {
  const min = Math.min(cut, cutFor(largest));
  const max = Math.max(cut, cutFor(smallest));
  return { min, max, budgetMoves: min !== max };
}

export interface HoverFacts {
  keepRecent: number;
  cut: number;
  start: number;
  keptAfterCut: number;
  roles: readonly Role[];
  isSummary: readonly boolean[];
  counts: ArrayLike<number>;
  previews: readonly string[];
  clearingOf: ReadonlyMap<number, Clearing>;
}

/** The text at the pointer: the handle's, the cut line's, or the bar's message (`hovered`, -1 for none). */
export function hoverText(over: Hover['over'] | undefined, hovered: number, f: HoverFacts): string {
  if (over === 'keep') return keepHoverText(f.keepRecent);
  if (over === 'cut') return cutHoverText(f.cut, f.start, f.roles, f.keptAfterCut);
  if (hovered < 0 || hovered >= f.roles.length) return '';
  return (
    tooltipText(
      hovered,
      f.roles[hovered],
      f.isSummary[hovered] === true,
      f.counts[hovered],
      f.previews[hovered] ?? '',
    ) + clearedNote(f.clearingOf.get(hovered))
  );
}
