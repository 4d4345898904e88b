/**
 * The gate's judgement: every budget of a budgets file (`gateConfig.ts`) held
 * to every run of every case it covers, and the line that says why a run
 * breaks one. Pure: `check` prints it, the page's Cases view shows it.
 */
import type { CaseRun } from './caseRun';
import { GateConfigError, parseGateConfig, unknownCases, type Budget } from './gateConfig';

/** One budget held to one case: the runs that broke it, each as a line. */
export interface Verdict {
  budget: Budget;
  case: string;
  /** Runs of the case the budget covers. */
  runs: number;
  failures: string[];
}

/** The gate over a set of runs: every verdict, and each broken budget and case as one line. */
export interface GateVerdict {
  verdicts: Verdict[];
  broken: string[];
  passed: boolean;
}

const ratio = (kept: number, total: number) => (total === 0 ? 1 : kept / total);
const fixed = (value: number) => String(Math.round(value * 1000) / 1000);

/** The share a run scored on a share measure, with what counts as kept and the noun for it. */
function shareOf(measure: 'factsKept' | 'controlsKept' | 'probesPassed', run: CaseRun) {
  if (measure === 'factsKept') return { kept: run.factsKept, total: run.factsTotal, noun: 'facts' };
  if (measure === 'controlsKept')
    return { kept: run.controlsKept, total: run.controlsTotal, noun: 'controls' };
  return { kept: run.probes.filter((p) => p.passed).length, total: run.probes.length, noun: 'probes passed' };
}

/** Why one run breaks a budget, or null when it holds. */
export function breach(budget: Budget, run: CaseRun): string | null {
  const at = `${run.strategy} cut ${run.cut}`;
  switch (budget.measure) {
    case 'factsKept':
    case 'controlsKept':
    case 'probesPassed': {
      const { kept, total, noun } = shareOf(budget.measure, run);
      const value = ratio(kept, total);
      // A share of whole counts and a bound written in decimals may differ in their last bit.
      if (value >= budget.min! - 1e-9) return null;
      const side = budget.measure === 'factsKept' ? 'before' : 'after';
      const lost =
        budget.measure === 'probesPassed'
          ? ''
          : `; lost ${run.facts
              .filter((f) => !f.kept && f.side === side)
              .map((f) => f.id)
              .join(', ')}`;
      return `${at}: ${kept}/${total} ${noun} (${fixed(value)} < ${budget.min})${lost}`;
    }
    case 'tokensAfter':
    case 'summarizerMs':
    case 'costUsd': {
      const value = run[budget.measure];
      if (value === null) return `${at}: costUsd unknown (the model has no list price)`;
      return value <= budget.max! ? null : `${at}: ${budget.measure} ${fixed(value)} > ${budget.max}`;
    }
    case 'noCompactionLoop':
      return run.compactsAgain
        ? `${at}: ${run.tokensAfter} tokens after compaction are still over the threshold; the next turn compacts again`
        : null;
  }
}

/** Every budget held to every case it covers, in the file's order, then the cases' order. */
export function judge(
  budgets: readonly Budget[],
  caseIds: readonly string[],
  runs: readonly CaseRun[],
): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const budget of budgets) {
    for (const id of caseIds) {
      if (budget.cases && !budget.cases.includes(id)) continue;
      const mine = runs.filter(
        (r) => r.case === id && (!budget.strategies || budget.strategies.includes(r.strategy)),
      );
      const failures = mine.map((r) => breach(budget, r)).filter((line): line is string => line !== null);
      verdicts.push({ budget, case: id, runs: mine.length, failures });
    }
  }
  return verdicts;
}

/** Each failure as the line `check` prints: the budget, its label, the case and why. */
export function brokenLines(verdicts: readonly Verdict[]): string[] {
  return verdicts.flatMap((v) =>
    v.failures.map(
      (failure) => `budget ${v.budget.number} (${v.budget.label}) broken by ${v.case}: ${failure}`,
    ),
  );
}

/** The gate over `runs`: the verdicts, the broken lines, and whether it passes. */
export function gateVerdict(
  budgets: readonly Budget[],
  caseIds: readonly string[],
  runs: readonly CaseRun[],
): GateVerdict {
  const verdicts = judge(budgets, caseIds, runs);
  const broken = brokenLines(verdicts);
  return { verdicts, broken, passed: broken.length === 0 };
}

/** A budgets file held to a set of runs, as the page shows it: the verdict, or every reason it was refused. */
export type GateCheck =
  { passed: boolean; checks: number; held: number; broken: string[] } | { refused: string[] };

/** The gate of the budgets file `file` (its text `json`) over `runs` of the cases `caseIds`. */
export function checkGate(
  file: string,
  json: string,
  caseIds: readonly string[],
  runs: readonly CaseRun[],
): GateCheck {
  let budgets: Budget[];
  try {
    budgets = parseGateConfig(file, json).budgets;
  } catch (error) {
    if (error instanceof GateConfigError) return { refused: [...error.problems] };
    throw error;
  }
  const unknown = unknownCases(budgets, caseIds, 'the cases run');
  if (unknown.length) return { refused: unknown };
  const { verdicts, broken, passed } = gateVerdict(budgets, caseIds, runs);
  const held = verdicts.filter((v) => v.failures.length === 0).length;
  return { passed, checks: verdicts.length, held, broken };
}
