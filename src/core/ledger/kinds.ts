/**
 * The kinds of fact a ledger checks, and a fact as the ledger reports it:
 * its text and where it was stated, so the page can lead to it.
 */

/** In the order the ledger reports them. */
export const LEDGER_KINDS = ['paths', 'commands', 'errors', 'instructions', 'numbers', 'todos'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerFact {
  text: string;
  /** Index in the history's messages of where the fact was stated. */
  atMessage: number;
}

export interface FactSurvival {
  kept: LedgerFact[];
  lost: LedgerFact[];
}

/** The facts' texts alone, as the command line's JSON gives them. */
export function factTexts(s: FactSurvival): { kept: string[]; lost: string[] } {
  return { kept: s.kept.map((f) => f.text), lost: s.lost.map((f) => f.text) };
}
