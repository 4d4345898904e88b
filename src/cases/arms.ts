/**
 * Arms and repeats (`cases --prompt`, `--repeat`): the same cases run under
 * summarization prompts that differ and nothing else, each arm run N times,
 * and each arm's score given as mean ± SD over its runs, the way the
 * published pi benchmark reports its arms (docs/cases.md).
 *
 * A trial's score is a share over the runs that compacted (as the totals
 * count them); a trial in which no run compacted has no score and is left
 * out of the mean, so `n` says how many trials scored.
 */
import {
  DEFAULT_PROMPTS,
  HARNESSES,
  isHarness,
  presetOf,
  type PromptOverrides,
  type Strategy,
} from '../core';
import type { CaseRun } from './caseRun';
import { totalsOf, type StrategyTotal } from './report';

/** One summarization prompt to compare: a file's, or a preset's own. */
export interface Arm {
  /** How the rows name it: the file as given, or `preset:<name>`. */
  label: string;
  /** The prompts it sends; the core's own when absent. */
  prompts?: PromptOverrides;
}

/**
 * The prompts `preset:NAME` names: `pi`, the core's own (its sections are
 * pi's), and each preset that has instructions of its own
 * (`summaryInstructions` in its module).
 */
export function presetPrompts(name: string): PromptOverrides | undefined {
  if (name === 'pi') return { ...DEFAULT_PROMPTS };
  if (!isHarness(name)) return undefined;
  const initial = presetOf(name).summaryInstructions;
  return initial === undefined ? undefined : { initial };
}

/** Every name `preset:NAME` takes. */
export const PRESET_PROMPT_NAMES: readonly string[] = [
  'pi',
  ...HARNESSES.filter((id) => presetOf(id).summaryInstructions !== undefined),
];

/** Mean and sample standard deviation of the trials that scored. */
export interface Spread {
  /** Trials that scored. */
  n: number;
  /** Percent, to one decimal; null when no trial scored. */
  mean: number | null;
  /** The sample SD (n − 1), in points; null under two trials. */
  sd: number | null;
  /** Each trial's score, in order; null for a trial that did not score. */
  values: (number | null)[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function spreadOf(values: readonly (number | null)[]): Spread {
  const scored = values.filter((v): v is number => v !== null);
  const n = scored.length;
  const mean = n === 0 ? null : scored.reduce((s, v) => s + v, 0) / n;
  const sd =
    mean === null || n < 2 ? null : Math.sqrt(scored.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return {
    n,
    mean: mean === null ? null : round1(mean),
    sd: sd === null ? null : round1(sd),
    values: values.map((v) => (v === null ? null : round1(v))),
  };
}

/** One arm's runs of one trial (1-based). */
export interface Trial {
  arm: string;
  trial: number;
  runs: CaseRun[];
}

/** One strategy under one arm, over its trials. */
export interface ArmScore {
  strategy: Strategy;
  prompt: string;
  /** Trials run. */
  repeats: number;
  /** Facts from before the cut kept, percent of those of the runs that compacted. */
  facts: Spread;
  /** Probes passed, percent. */
  probes: Spread;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);

export function armScores(
  trials: readonly Trial[],
  arms: readonly Arm[],
  strategies: readonly Strategy[],
): ArmScore[] {
  return arms.flatMap((arm) => {
    const mine = trials.filter((t) => t.arm === arm.label);
    const totals: StrategyTotal[][] = mine.map((t) => totalsOf(t.runs, strategies));
    return strategies.map((strategy, s) => ({
      strategy,
      prompt: arm.label,
      repeats: mine.length,
      facts: spreadOf(totals.map((t) => percent(t[s].factsKept, t[s].factsTotal))),
      probes: spreadOf(totals.map((t) => percent(t[s].probesPassed, t[s].probesTotal))),
    }));
  });
}

/** A spread as a cell: `75.0% ± 12.5`, `75.0%` from one trial, `-` when none scored. */
export function spreadCell(spread: Spread): string {
  if (spread.mean === null) return '-';
  return spread.sd === null
    ? `${spread.mean.toFixed(1)}%`
    : `${spread.mean.toFixed(1)}% ± ${spread.sd.toFixed(1)}`;
}
