/**
 * The compaction ledger's columns of the archive: what each recorded
 * compaction kept (survival of the facts it summarized, the paths it lost)
 * and what the agent did after it (files read again, loops). The ledger is
 * the core's (`src/core/ledger`, what `audit` prints); this is the one place
 * that turns it into columns, for the session's row and for each
 * compaction's row alike.
 */
import type { Estimator } from '../core/estimate';
import { billTotal, compactionBills, type CompactionBill } from '../core/ledger/bill';
import { compactionLedger, type LedgerEntry } from '../core/ledger/ledger';
import { LEDGER_KINDS } from '../core/ledger/kinds';
import { survivalOf } from '../core/ledger/survival';
import { historyOf } from '../core/session/calls';
import type { ImportResult } from '../formats/types';
import { ledgerPrice } from '../providers/prices';

export interface LedgerFigures {
  /** Share (0..1) of the summarized messages' facts that the summary kept, every kind pooled. */
  survival: number | null;
  /** Files read again after a compaction that the summarized part had read or written. */
  rereads: number | null;
  /** Compaction loops (three or more in a row, each followed by fewer than three calls). */
  loops: number | null;
  /** File paths the summarized messages named that the summary does not. */
  lostPaths: number | null;
  /** Share (0..1) of the summarized messages' file paths the summary kept; null when there were none. */
  pathSurvival: number | null;
  /** The same for shell commands. */
  commandSurvival: number | null;
  /** The same for the user's instructions. */
  instructionSurvival: number | null;
  /** The amnesia bill (`src/core/ledger/bill.ts`): calls to the first edit after it (the session: the most). */
  billActionsToFirstEdit: number | null;
  /** Median calls between edits before it; a compaction's only. */
  billPaceBefore: number | null;
  /** Calls to the session's first edit, when it came before the first compaction. */
  billFreshStart: number | null;
  billFilesReRead: number | null;
  billCommandsReRun: number | null;
  /** Our count of the results of the re-reads and re-runs. */
  billRegatherTokens: number | null;
  /** Those tokens at the session's model's input price; null without a price. */
  billRegatherCostUsd: number | null;
  billFactsLost: number | null;
}

export interface LedgerColumns {
  /** The session as a whole (survival pooled, the counts summed). */
  session: LedgerFigures;
  /** One per recorded compaction, in the order of `history.compactions`. */
  compactions: LedgerFigures[];
}

export const NO_LEDGER: LedgerFigures = {
  survival: null,
  rereads: null,
  loops: null,
  lostPaths: null,
  pathSurvival: null,
  commandSurvival: null,
  instructionSurvival: null,
  billActionsToFirstEdit: null,
  billPaceBefore: null,
  billFreshStart: null,
  billFilesReRead: null,
  billCommandsReRun: null,
  billRegatherTokens: null,
  billRegatherCostUsd: null,
  billFactsLost: null,
};

/** A compaction's bill as columns. */
function billColumns(b: CompactionBill) {
  return {
    billActionsToFirstEdit: b.actionsToFirstEdit,
    billPaceBefore: b.paceBefore,
    billFreshStart: b.freshStart,
    billFilesReRead: b.filesReRead,
    billCommandsReRun: b.commandsReRun,
    billRegatherTokens: b.regatherTokens,
    billRegatherCostUsd: b.regatherCost,
    billFactsLost: b.factsLost,
  };
}

/** Nothing to bill: a session without compactions lost nothing and gathered nothing again. */
const NO_BILL = {
  billFilesReRead: 0,
  billCommandsReRun: 0,
  billRegatherTokens: 0,
  billRegatherCostUsd: 0,
  billFactsLost: 0,
};

/** The per-kind shares of some entries, as columns. */
function kindShares(entries: readonly LedgerEntry[]) {
  const s = survivalOf(entries);
  return { pathSurvival: s.paths, commandSurvival: s.commands, instructionSurvival: s.instructions };
}

/** Kept and all facts of some entries, every kind pooled. */
function pooled(entries: readonly LedgerEntry[]): number | null {
  let kept = 0;
  let all = 0;
  for (const e of entries)
    for (const kind of LEDGER_KINDS) {
      kept += e.facts[kind].kept.length;
      all += e.facts[kind].kept.length + e.facts[kind].lost.length;
    }
  return all === 0 ? null : kept / all;
}

/** No token counts: every column but the bill's re-gathered tokens is made of facts, paths and calls. */
const NO_COUNTS: readonly number[] = [];

/**
 * A session without recorded compactions has nothing to lose: zeros, and no
 * survival. One with compactions gets the ledger `audit` prints, without its
 * token figures: survival, paths, re-reads and loops (a run of compactions
 * with few calls between them) are read from the text and the calls. The
 * bill's re-gathered tokens are the one count: only the results of the
 * calls that read or ran again what they had before a compaction, with the
 * estimator `audit` uses, loaded only when there is such a call.
 */
export async function ledgerColumns(
  imported: ImportResult,
  estimator: () => Promise<Estimator>,
  model: string | null,
): Promise<LedgerColumns> {
  const recorded = imported.history?.compactions ?? [];
  if (recorded.length === 0) {
    return {
      session: { ...NO_LEDGER, rereads: 0, loops: 0, lostPaths: 0, ...NO_BILL },
      compactions: [],
    };
  }
  const history = historyOf(imported.messages, imported.history);
  const price = ledgerPrice(model ?? undefined);
  const asked = new Set<number>();
  const ledger = compactionLedger(history, NO_COUNTS, { price, tokensOf: (i) => (asked.add(i), 0) });
  let bills = ledger.compactions.map((e) => e.bill);
  if (asked.size > 0) {
    const counter = await estimator();
    const counts = new Map<number, number>();
    for (const i of asked) counts.set(i, counter.countMessage(history.messages[i]!));
    bills = compactionBills({
      messages: history.messages,
      compactionsAt: history.compactions.map((c) => c.atMessage),
      factsLost: bills.map((b) => b.factsLost),
      tokensOf: (i) => counts.get(i) ?? 0,
      price,
    });
  }
  const compactions = ledger.compactions.map((e, k): LedgerFigures => ({
    survival: pooled([e]),
    rereads: e.rereads.length,
    loops: ledger.loops.filter((l) => l.from <= e.index && e.index <= l.to).length,
    lostPaths: e.facts.paths.lost.length,
    ...kindShares([e]),
    ...billColumns(bills[k]!),
  }));
  const total = billTotal(bills);
  return {
    session: {
      survival: pooled(ledger.compactions),
      rereads: compactions.reduce((sum, c) => sum + (c.rereads ?? 0), 0),
      loops: ledger.loops.length,
      lostPaths: compactions.reduce((sum, c) => sum + (c.lostPaths ?? 0), 0),
      ...kindShares(ledger.compactions),
      billActionsToFirstEdit: total.actionsToFirstEditMax,
      billPaceBefore: null,
      billFreshStart: bills[0]!.freshStart,
      billFilesReRead: total.filesReRead,
      billCommandsReRun: total.commandsReRun,
      billRegatherTokens: total.regatherTokens,
      billRegatherCostUsd: total.regatherCost,
      billFactsLost: total.factsLost,
    },
    compactions,
  };
}
