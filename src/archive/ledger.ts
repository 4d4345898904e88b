/**
 * The compaction ledger's columns of the archive: what each recorded
 * compaction kept (survival of the facts it summarized, the paths it lost)
 * and what the agent did after it (files read again, loops). The ledger is
 * the core's (`src/core/ledger`, what `audit` prints); this is the one place
 * that turns it into columns, for the session's row and for each
 * compaction's row alike.
 */
import { compactionLedger, type LedgerEntry } from '../core/ledger/ledger';
import { LEDGER_KINDS } from '../core/ledger/kinds';
import { survivalOf } from '../core/ledger/survival';
import { historyOf } from '../core/session/calls';
import type { ImportResult } from '../formats/types';

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

/** No token counts: every column below is made of facts, paths and calls, none of tokens. */
const NO_COUNTS: readonly number[] = [];

/**
 * A session without recorded compactions has nothing to lose: zeros, and no
 * survival. One with compactions gets the ledger `audit` prints, without its
 * token figures: survival, paths, re-reads and loops (a run of compactions
 * with few calls between them) are read from the text and the calls, so
 * nothing is tokenized for these columns, and a file that records its usage
 * is never counted.
 */
export function ledgerColumns(imported: ImportResult): LedgerColumns {
  const recorded = imported.history?.compactions ?? [];
  if (recorded.length === 0) {
    return { session: { ...NO_LEDGER, rereads: 0, loops: 0, lostPaths: 0 }, compactions: [] };
  }
  const ledger = compactionLedger(historyOf(imported.messages, imported.history), NO_COUNTS);
  const compactions = ledger.compactions.map((e): LedgerFigures => ({
    survival: pooled([e]),
    rereads: e.rereads.length,
    loops: ledger.loops.filter((l) => l.from <= e.index && e.index <= l.to).length,
    lostPaths: e.facts.paths.lost.length,
    ...kindShares([e]),
  }));
  return {
    session: {
      survival: pooled(ledger.compactions),
      rereads: compactions.reduce((sum, c) => sum + (c.rereads ?? 0), 0),
      loops: ledger.loops.length,
      lostPaths: compactions.reduce((sum, c) => sum + (c.lostPaths ?? 0), 0),
      ...kindShares(ledger.compactions),
    },
    compactions,
  };
}
