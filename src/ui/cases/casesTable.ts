/**
 * The Cases view's numbers: the totals per strategy of the `cases --json`
 * document as the worker made it (src/cases/report.ts's `totalsOf`), ranked
 * by facts kept, and each cell as the command line's table writes it.
 */
import type { StrategyTotal } from '../../cases/report';

/** Most facts kept first; a tie goes to fewer tokens after, then to the name. */
export function rankTotals(totals: readonly StrategyTotal[]): StrategyTotal[] {
  return [...totals].sort(
    (a, b) =>
      b.factsKept - a.factsKept ||
      a.tokensAfter - b.tokensAfter ||
      (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0),
  );
}

/** `kept/total`, or `-` when there was nothing to keep. */
export const share = (kept: number, total: number): string => (total === 0 ? '-' : `${kept}/${total}`);

/** A cost at list price; `?` when a model's price is unknown. */
export const usd = (value: number | null): string => (value === null ? '?' : `$${value.toFixed(4)}`);

/** The share of facts kept, in whole percent. */
export const percent = (kept: number, total: number): number =>
  total === 0 ? 0 : Math.round((kept / total) * 100);
