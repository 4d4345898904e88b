/**
 * A summary scored against the facts it had to keep: each fact kept or lost,
 * the recall of each kind and overall, and the share of tokens the
 * compaction removed (a summary that keeps everything by keeping everything
 * has saved nothing).
 */
import { FACT_KINDS, type Fact, type FactKind } from './facts';
import {
  clueHolds,
  commandRule,
  identifierRule,
  indexSummary,
  pathRule,
  ruleHolds,
  sentenceRule,
  type Rule,
  type SummaryIndex,
} from './match';

/** Failure lines are noisy (timings, counts): half their key words is enough. */
const ERROR_SHARE = 0.5;

export interface ScoredFact extends Fact {
  kept: boolean;
}

export interface KindScore {
  expected: number;
  kept: number;
  /** kept ÷ expected, or null when nothing was expected. */
  recall: number | null;
}

export interface Scorecard {
  items: ScoredFact[];
  byKind: Record<FactKind, KindScore>;
  /** Over every fact of every kind; null when there were none. */
  overall: number | null;
  tokensBefore: number;
  tokensAfter: number;
  /** (before − after) ÷ before, in percent, one decimal; 0 when before is 0. */
  tokensRemovedPct: number;
}

/** What keeping `fact` takes of a text, by its kind. */
export function factRule(fact: Fact): Rule {
  switch (fact.kind) {
    case 'artifact':
      return pathRule(fact.text);
    case 'identifier':
      return identifierRule(fact.text);
    case 'last-command':
      return commandRule(fact.text);
    case 'last-error':
      return sentenceRule(fact.text, ERROR_SHARE);
    case 'constraint':
    case 'open-task':
      return sentenceRule(fact.text);
  }
}

export function factKept(fact: Fact, summary: SummaryIndex): boolean {
  return ruleHolds(factRule(fact), (clue) => clueHolds(clue, summary));
}

function recall(kept: number, expected: number): number | null {
  return expected === 0 ? null : kept / expected;
}

export function tokensRemovedPct(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.round(((before - after) / before) * 1000) / 10;
}

export function scoreSummary(
  facts: readonly Fact[],
  summary: string,
  tokens: { before: number; after: number },
): Scorecard {
  const index = indexSummary(summary);
  const items = facts.map((fact) => ({ ...fact, kept: factKept(fact, index) }));
  const byKind = Object.fromEntries(
    FACT_KINDS.map((kind) => {
      const ofKind = items.filter((item) => item.kind === kind);
      const kept = ofKind.filter((item) => item.kept).length;
      return [kind, { expected: ofKind.length, kept, recall: recall(kept, ofKind.length) }];
    }),
  ) as Record<FactKind, KindScore>;
  const kept = items.filter((item) => item.kept).length;
  return {
    items,
    byKind,
    overall: recall(kept, items.length),
    tokensBefore: tokens.before,
    tokensAfter: tokens.after,
    tokensRemovedPct: tokensRemovedPct(tokens.before, tokens.after),
  };
}
