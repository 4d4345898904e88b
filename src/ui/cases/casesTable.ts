/**
 * The Cases view's numbers: the totals per strategy of the `cases --json`
 * document as the worker made it (src/cases/report.ts's `totalsOf`), ranked
 * by how often each compacted, then by the share of facts kept among the
 * runs that compacted, and each cell as the command line's table writes it.
 */
import { compactedLabel, type StrategyTotal } from '../../cases/report';

/** The share of facts kept over the runs that compacted; null when none did (or none had facts). */
export const keptRate = (t: StrategyTotal): number | null =>
  t.compacted === 0 || t.factsTotal === 0 ? null : t.factsKept / t.factsTotal;

/**
 * How often a strategy compacted, as the ranking groups them: in at least
 * half its runs (`most`), in fewer (`few`), or never (`none`). A rate over
 * 2 runs of 20 is the two easiest cuts, not a measure beside one over 20.
 */
export type CompactedTier = 'most' | 'few' | 'none';

export function compactedTier(t: Pick<StrategyTotal, 'runs' | 'compacted'>): CompactedTier {
  if (t.compacted === 0) return 'none';
  return t.compacted * 2 >= t.runs ? 'most' : 'few';
}

const TIER_ORDER: Record<CompactedTier, number> = { most: 0, few: 1, none: 2 };

/**
 * The strategies that compacted in at least half their runs first, then
 * those that compacted in fewer, then those that never did (doing nothing
 * keeps everything); within each, the highest share of facts kept among the
 * runs that compacted, a tie going to fewer tokens after, then to the name.
 */
export function rankTotals(totals: readonly StrategyTotal[]): StrategyTotal[] {
  const rate = (t: StrategyTotal) => keptRate(t) ?? -1;
  const tier = (t: StrategyTotal) => TIER_ORDER[compactedTier(t)];
  return [...totals].sort(
    (a, b) =>
      tier(a) - tier(b) ||
      rate(b) - rate(a) ||
      a.tokensAfter - b.tokensAfter ||
      (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0),
  );
}

/** How many of a strategy's runs compacted, as the command line's table writes it. */
export const compactedCell = compactedLabel;

/** `kept/total`, or `-` when there was nothing to keep. */
export const share = (kept: number, total: number): string => (total === 0 ? '-' : `${kept}/${total}`);

/** A cost at list price; `?` when a model's price is unknown. */
export const usd = (value: number | null): string => (value === null ? '?' : `$${value.toFixed(4)}`);

/** The share of facts kept, in whole percent. */
export const percent = (kept: number, total: number): number =>
  total === 0 ? 0 : Math.round((kept / total) * 100);
