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
import { DEFAULT_PROMPTS, type PromptOverrides, type Strategy } from '../core';
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
 * Claude Code's summary, in its shape: nine numbered sections, named as
 * Claude Code names them; the wording is ours. Claude Code also asks for an
 * analysis first and strips it from the reply; the core strips nothing, so
 * this arm asks for the summary alone, and the arms differ only in what the
 * summary is asked to hold.
 */
const CLAUDE_CODE_INITIAL = `The transcript above is an agent's session that is about to be replaced by your summary. Another instance of the agent will continue the work from the summary alone, so it must carry every technical detail that work depends on.

Go through the conversation in order, then write the summary with these sections:

1. Primary Request and Intent: everything the user asked for, in detail.
2. Key Technical Concepts: the technologies, frameworks and ideas the work uses.
3. Files and Code Sections: each file read, changed or created, why it matters, and the code that matters, quoted.
4. Errors and fixes: each error met, how it was fixed, and what the user said about it.
5. Problem Solving: what was solved and what is still being worked out.
6. All user messages: every message the user wrote that is not a tool result, listed.
7. Pending Tasks: what the user asked for that is not done yet.
8. Current Work: exactly what was being done just before this summary, with file names and code.
9. Optional Next Step: the next step, only if it follows directly from the newest request, quoting the conversation where the work stopped.

Copy paths, names, numbers and error text exactly.`;

/**
 * The presets whose own summarization prompt an arm can name. `pi` is the
 * core's default: its sections are pi's.
 */
export const PRESET_PROMPTS: Readonly<Record<string, PromptOverrides>> = {
  pi: { ...DEFAULT_PROMPTS },
  'claude-code': { initial: CLAUDE_CODE_INITIAL },
};

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
