/**
 * The ledger as its readers get it: one projection of the core's ledger,
 * which `audit --json` prints and the page's worker hands the ledger panel,
 * so the page and the command line cannot disagree on a figure. Each reader
 * says only how it writes a fact: `audit` its text, the page its text, its
 * message and where to show it. The names are the command line's contract
 * (docs/ledger.md, docs/cli.md).
 */
import { LEDGER_KINDS, type LedgerFact, type LedgerKind } from './kinds';
import type { Ledger, LedgerEntry } from './ledger';
import type { BillTotal } from './bill';
import type { CompactionLoop } from './loops';
import type { StrategyAtCompaction } from './strategies';
import type { Survival } from './survival';

/** A ledger entry as printed: the entry's own fields, its facts projected to `F`, and the strategies beside it. */
export interface LedgerEntryDocument<F> extends Omit<LedgerEntry, 'summaryAt' | 'facts'> {
  /** In `LEDGER_KINDS` order. */
  facts: Record<LedgerKind, { kept: F[]; lost: F[] }>;
  /** Every strategy at the same moment, in `STRATEGIES` order; empty when they were not compared. */
  strategies: readonly StrategyAtCompaction[];
}

export interface LedgerDocument<F> {
  compactions: LedgerEntryDocument<F>[];
  survival: Survival;
  loops: CompactionLoop[];
  /** The compactions' bills added up. */
  bill: BillTotal;
}

export function ledgerDocument<F>(
  ledger: Ledger,
  strategies: readonly (readonly StrategyAtCompaction[])[],
  fact: (f: LedgerFact) => F,
): LedgerDocument<F> {
  return {
    compactions: ledger.compactions.map((e, k) => ({
      index: e.index,
      atMessage: e.atMessage,
      trigger: e.trigger,
      source: e.source,
      tokensBefore: e.tokensBefore,
      tokensAfter: e.tokensAfter,
      durationMs: e.durationMs,
      durationSource: e.durationSource,
      summaryTokens: e.summaryTokens,
      summarized: e.summarized,
      summary: e.summary,
      facts: Object.fromEntries(
        LEDGER_KINDS.map((kind) => [
          kind,
          { kept: e.facts[kind].kept.map(fact), lost: e.facts[kind].lost.map(fact) },
        ]),
      ) as Record<LedgerKind, { kept: F[]; lost: F[] }>,
      rereads: e.rereads,
      cacheWriteAfter: e.cacheWriteAfter,
      callsUntilNext: e.callsUntilNext,
      cost: e.cost,
      bill: e.bill,
      strategies: strategies[k] ?? [],
    })),
    survival: ledger.survival,
    loops: ledger.loops,
    bill: ledger.bill,
  };
}
