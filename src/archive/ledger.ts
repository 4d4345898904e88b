/**
 * The compaction ledger's columns of the archive: what each recorded
 * compaction kept (survival of the facts it summarized, the paths it lost)
 * and what the agent did after it (files read again, loops). The ledger
 * itself lives in the core; until it is there these columns are null, and
 * this is the one place that fills them, for the session's row and for each
 * compaction's row alike.
 */
import type { ImportResult } from '../formats/types';

export interface LedgerFigures {
  /** Share (0..1) of the summarized messages' facts that the summary kept. */
  survival: number | null;
  /** Files read again after a compaction had already read them. */
  rereads: number | null;
  /** Runs of the same calls repeated after a compaction. */
  loops: number | null;
  /** File paths the summarized messages named that the summary does not. */
  lostPaths: number | null;
}

export interface LedgerColumns {
  /** The session as a whole (survival averaged, the counts summed). */
  session: LedgerFigures;
  /** One per recorded compaction, in the order of `history.compactions`. */
  compactions: LedgerFigures[];
}

export const NO_LEDGER: LedgerFigures = { survival: null, rereads: null, loops: null, lostPaths: null };

export function ledgerColumns(imported: ImportResult): LedgerColumns {
  const compactions = imported.history?.compactions ?? [];
  return { session: NO_LEDGER, compactions: compactions.map(() => NO_LEDGER) };
}
