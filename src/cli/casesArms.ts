/**
 * `cases --prompt` and `--repeat`: the arms (summarization prompts that
 * differ and nothing else) and how many times each runs, read from the
 * command line; the runs of every arm and trial; and the table of each
 * arm's mean ± SD. Its help lines live here, in one place.
 */
import type { OptionTable } from './caseOptions';
import { type Strategy } from '../core';
import { runCases, type CaseRun, type RunOptions } from '../cases/caseRun';
import type { LoadedCase } from '../cases/caseFile';
import {
  armScores,
  PRESET_PROMPT_NAMES,
  presetPrompts,
  spreadCell,
  type Arm,
  type ArmScore,
  type Trial,
} from '../cases/arms';
import { totalsOf, type BaselineTotal, type CasesDocument } from '../cases/report';
import { UsageError } from './io';
import { integer } from './options';
import { readPromptFile } from './promptOption';

/** The options of arms and repeats, rows of `cases`' option table. */
export const ARMS_ROWS = {
  prompt: {
    usage: '--prompt FILE',
    help: `an arm: compact with this summarization prompt (plain text replaces the instructions of a first summary; a JSON object sets any of {"system", "initial", "update", "turnPrefix"}), or a preset's own: preset:${PRESET_PROMPT_NAMES.join(', preset:')}; give it again for more arms, a row each`,
    parse: { type: 'string', multiple: true },
  },
  repeat: {
    usage: '--repeat N',
    help: 'run each arm N times and report mean ± SD (default 1)',
    parse: { type: 'string' },
  },
} as const satisfies OptionTable;

const PRESET = 'preset:';
/** More would only repeat a deterministic summarizer's answer, or spend a key's money by mistake. */
const MAX_REPEAT = 100;

/** The arms `--prompt` names, in order; one arm of the default prompts when none is given. */
export async function armsFrom(raw: unknown): Promise<Arm[]> {
  const given = raw === undefined ? [] : (raw as string[]);
  if (given.length === 0) return [{ label: 'default' }];
  const arms: Arm[] = [];
  for (const name of given) {
    if (arms.some((a) => a.label === name)) throw new UsageError(`--prompt ${name}: given twice`);
    if (name.startsWith(PRESET)) {
      const preset = name.slice(PRESET.length);
      const prompts = presetPrompts(preset);
      if (!prompts)
        throw new UsageError(
          `--prompt ${name}: no such preset prompt (one of ${PRESET_PROMPT_NAMES.map((p) => PRESET + p).join(', ')})`,
        );
      arms.push({ label: name, prompts });
    } else arms.push({ label: name, prompts: await readPromptFile(name) });
  }
  return arms;
}

/** `--repeat N`: 1 when not given. */
export function repeatFrom(raw: string | undefined): number {
  const repeat = integer({ repeat: raw }, 'repeat', 'runs') ?? 1;
  if (repeat < 1 || repeat > MAX_REPEAT)
    throw new UsageError(`--repeat: between 1 and ${MAX_REPEAT} runs, got ${repeat}`);
  return repeat;
}

/** A run of an arm and trial, as `--json` lists it when arms or repeats are asked for. */
export type ArmedRun = CaseRun & { prompt: string; trial: number };

/** Every arm, `repeat` times, in that order. */
export async function runTrials(
  cases: readonly LoadedCase[],
  strategies: readonly Strategy[],
  arms: readonly Arm[],
  repeat: number,
  options: RunOptions,
): Promise<Trial[]> {
  const trials: Trial[] = [];
  for (const arm of arms)
    for (let trial = 1; trial <= repeat; trial++) {
      const runs = await runCases(cases, strategies, {
        ...options,
        ...(arm.prompts ? { prompts: arm.prompts } : {}),
      });
      trials.push({ arm: arm.label, trial, runs });
    }
  return trials;
}

export const armedRuns = (trials: readonly Trial[]): ArmedRun[] =>
  trials.flatMap((t) => t.runs.map((r) => ({ ...r, prompt: t.arm, trial: t.trial })));

/**
 * `cases --json` with arms or repeats: the document without them, its runs
 * every arm's every trial, its totals one per strategy and arm, and the
 * arms' mean ± SD.
 */
export function armedDocument(
  doc: CasesDocument,
  trials: readonly Trial[],
  arms: readonly Arm[],
  strategies: readonly Strategy[],
  repeat: number,
) {
  return {
    ...doc,
    prompts: arms.map((a) => a.label),
    repeat,
    runs: armedRuns(trials),
    totals: arms.flatMap((arm) =>
      totalsOf(
        trials.filter((t) => t.arm === arm.label).flatMap((t) => t.runs),
        strategies,
      ).map((t) => ({ ...t, prompt: arm.label })),
    ),
    arms: armScores(trials, arms, strategies),
  };
}

/**
 * The arms' table: the no-compaction baseline first, then a row per
 * strategy and arm, its facts and probes as mean ± SD over the trials.
 */
export function armsTable(
  scores: readonly ArmScore[],
  baseline: BaselineTotal,
  repeat: number,
  offline: boolean,
  table: (header: string[], rows: string[][]) => string,
): string {
  const base =
    baseline.factsTotal === 0 ? '-' : `${((100 * baseline.factsKept) / baseline.factsTotal).toFixed(1)}%`;
  const rows = [
    ['no compaction', '-', '1', base, '-'],
    ...scores.map((s) => [
      s.strategy,
      s.prompt,
      `${s.facts.n} of ${s.repeats}`,
      spreadCell(s.facts),
      spreadCell(s.probes),
    ]),
  ];
  return [
    table(['strategy', 'prompt', 'n', 'facts kept', 'probes'], rows),
    '',
    `Each arm ran ${repeat} time${repeat === 1 ? '' : 's'}: facts kept and probes passed are mean ± sample SD, in percent, over the runs that compacted (n).`,
    ...(offline
      ? [
          'Offline the summarizer is deterministic and reads no prompt: every arm and repeat writes the same summary, so the arms tie and the SD is 0. A model (--provider) is the measure.',
        ]
      : []),
  ].join('\n');
}
