/**
 * The agent's own compaction, scored as a strategy's run is: for a case that
 * forks at a recorded compaction, the context the agent left right after it
 * (its summary and what it kept) is matched against the same gold facts, so
 * every strategy's row can be read beside what the agent really did at that
 * point.
 */
import type { Estimator } from '../core';
import type { LoadedCase } from './caseFile';
import { findFacts } from './caseRun';

export interface RecordedRow {
  case: string;
  /** What marked the compaction in the file (`compaction`, `compact_boundary`, …), and which one it was. */
  source: string;
  ordinal: number;
  /** Where the tail the agent kept starts in the case's messages; null when it kept none. */
  keptFrom: number | null;
  factsKept: number;
  factsInSummary: number;
  factsInKept: number;
  factsTotal: number;
  controlsKept: number;
  controlsTotal: number;
  /** Our counts of the case's messages and of the context the agent left. */
  tokensBefore: number;
  tokensAfter: number;
  /** The size the agent recorded before compacting, or null. */
  recordedTokensBefore: number | null;
}

/** One row per case that forks at a recorded compaction, in the cases' order. */
export function recordedRows(cases: readonly LoadedCase[], estimator: Estimator): RecordedRow[] {
  return cases.flatMap((kase) => {
    const fork = kase.recorded;
    if (!fork) return [];
    const facts = findFacts(kase.facts, fork.after, fork.afterOrigins);
    const count = (side: 'before' | 'after', where?: 'summary' | 'message') =>
      facts.filter((f) => f.side === side && f.kept && (!where || f.foundIn === where)).length;
    return [
      {
        case: kase.id,
        source: fork.source,
        ordinal: fork.ordinal,
        keptFrom: fork.keptFrom,
        factsKept: count('before'),
        factsInSummary: count('before', 'summary'),
        factsInKept: count('before', 'message'),
        factsTotal: facts.filter((f) => f.side === 'before').length,
        controlsKept: count('after'),
        controlsTotal: facts.filter((f) => f.side === 'after').length,
        tokensBefore: estimator.countMessages(kase.messages),
        tokensAfter: estimator.countMessages(fork.after),
        recordedTokensBefore: fork.tokensBefore,
      },
    ];
  });
}
