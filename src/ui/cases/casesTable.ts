/**
 * The Cases view's numbers: the totals per strategy of the `cases --json`
 * document as the worker made it (src/cases/report.ts's `totalsOf`), ranked
 * by the share of facts kept among the runs that compacted, and each cell as
 * the command line's table writes it.
 */
import { compactedLabel, type StrategyTotal } from '../../cases/report';

/** The share of facts kept over the runs that compacted; null when none did (or none had facts). */
export const keptRate = (t: StrategyTotal): number | null =>
  t.compacted === 0 || t.factsTotal === 0 ? null : t.factsKept / t.factsTotal;

/**
 * The highest share of facts kept among the runs that compacted first; a
 * tie goes to fewer tokens after, then to the name. A strategy that never
 * compacted comes last, whatever it "kept": doing nothing keeps everything.
 */
export function rankTotals(totals: readonly StrategyTotal[]): StrategyTotal[] {
  const rate = (t: StrategyTotal) => keptRate(t) ?? -1;
  return [...totals].sort(
    (a, b) =>
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
