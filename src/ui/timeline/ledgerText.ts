/** The ledger's words for its numbers: a count or a dash, dollars, where a strategy cut, the cost's verdict. */
import type { StrategyAtCompaction } from '../../core';
import type { LedgerEntryView } from '../../worker/protocol';
import { fmt } from '../format';

/** A count, or a dash when the file does not give it. */
export const n = (value: number | null) => (value === null ? '–' : fmt(value));

/** Dollars to the cent, to four places below a cent, or a dash when unpriced. */
export const usd = (value: number | null) =>
  value === null ? '–' : `$${value.toFixed(value < 0.01 ? 4 : 2)}`;

/** Where a strategy cut the context the agent had, in the figures `audit --json` gives. */
export function cutOf(s: StrategyAtCompaction, contextMessages: number): string {
  if (s.tokensAfter === null) return 'nothing to compact';
  const kept = s.keptMessages >= contextMessages ? `all ${fmt(s.keptMessages)}` : fmt(s.keptMessages);
  if (s.summarizedMessages === 0) return `summarizes none, keeps ${kept}`;
  if (s.summarizedMessages >= contextMessages)
    return s.keptMessages > 0 ? `summarizes all, keeps ${kept}` : 'summarizes all';
  return `summarizes ${fmt(s.summarizedMessages)}, keeps ${kept}`;
}

/** Whether the compaction paid for itself, or null when the session's model has no list price. */
export function costVerdict(paidForItself: boolean | null): string | null {
  return paidForItself === null ? null : paidForItself ? 'It paid for itself.' : 'It did not pay for itself.';
}

/** The agent's own facts: how many its summary kept, of all it summarized. */
export function agentFacts(entry: Pick<LedgerEntryView, 'facts'>): { kept: number; all: number } {
  return {
    kept: entry.facts.reduce((sum, f) => sum + f.kept.length, 0),
    all: entry.facts.reduce((sum, f) => sum + f.kept.length + f.lost.length, 0),
  };
}
