/**
 * The scorecard in the shape the command line prints with `--json`: lists of
 * what was expected and what was kept per kind, so a script can diff two
 * runs without knowing how matching works.
 */
import type { Scorecard, ScoredFact } from './score';

export interface ListReport {
  expected: string[];
  kept: string[];
  recall: number | null;
}

export interface EvalReport {
  artifacts: ListReport;
  lastError: { text: string | null; kept: boolean | null };
  lastCommand: { text: string | null; kept: boolean | null };
  constraints: ListReport;
  openTasks: ListReport;
  identifiers: ListReport;
  overall: number | null;
  tokensRemovedPct: number;
}

function list(items: readonly ScoredFact[]): ListReport {
  const kept = items.filter((i) => i.kept).map((i) => i.text);
  return {
    expected: items.map((i) => i.text),
    kept,
    recall: items.length ? kept.length / items.length : null,
  };
}

function single(item: ScoredFact | undefined): { text: string | null; kept: boolean | null } {
  return item ? { text: item.text, kept: item.kept } : { text: null, kept: null };
}

export function evalReport(card: Scorecard): EvalReport {
  const of = (kind: ScoredFact['kind']) => card.items.filter((i) => i.kind === kind);
  return {
    artifacts: list(of('artifact')),
    lastError: single(of('last-error')[0]),
    lastCommand: single(of('last-command')[0]),
    constraints: list(of('constraint')),
    openTasks: list(of('open-task')),
    identifiers: list(of('identifier')),
    overall: card.overall,
    tokensRemovedPct: card.tokensRemovedPct,
  };
}
