/**
 * Which other strategies get a line on the strip. A line says "this strategy
 * would keep from here": it means something only for a strategy that cuts
 * inside the list. A preset that summarizes everything would put its line at
 * the very end, one that only clears would put it at the start, and with
 * eight strategies those lines would crowd the edges and say nothing the
 * strategy table does not say better, so they get none.
 */
import type { StrategyOutcome } from '../../core/analysis';
import type { Strategy } from '../../core/settings';
import type { StrategyMarker } from './markerPlacement';

export function markersFor(
  outcomes: readonly StrategyOutcome[],
  chosen: Strategy,
  messages: number,
): StrategyMarker[] {
  return outcomes
    .filter(
      (o) =>
        o.strategy !== chosen &&
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
