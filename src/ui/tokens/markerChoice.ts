/**
 * Which other strategies get a line on the strip. A line says "this strategy
 * would keep from here": it means something only for a strategy that cuts
 * inside the list. A preset that summarizes everything would put its line at
 * the very end, one that only clears would put it at the start, and with
 * eight strategies those lines would crowd the edges and say nothing the
 * strategy table does not say better, so they get none.
 *
 * By default the strip shows the chosen strategy's cut alone: the others'
 * lines come with "Compare all strategies" (`compare`), and a strategy that
 * is off (no threshold: no window, or no trigger set) never gets one.
 */
import type { StrategyOutcome } from '../../core/analysis';
import type { Strategy } from '../../core/settings';
import type { StrategyMarker } from './markerPlacement';

/** A strategy that never acts on its own: the table says "off". */
function isOff(o: StrategyOutcome): boolean {
  return o.trigger.comparison !== 'always' && o.trigger.threshold <= 0;
}

export function markersFor(
  outcomes: readonly StrategyOutcome[],
  chosen: Strategy,
  messages: number,
  compare: boolean,
): StrategyMarker[] {
  if (!compare) return [];
  return outcomes
    .filter(
      (o) =>
        o.strategy !== chosen &&
        !isOff(o) &&
        !o.plan.nothingToCompact &&
        o.plan.firstKeptIdx > o.plan.start &&
        o.plan.firstKeptIdx < messages,
    )
    .map((o) => ({
      strategy: o.strategy,
      firstKeptIdx: o.plan.firstKeptIdx,
      tokensAfter: o.tokensAfter,
      nothingToCompact: false,
    }));
}
