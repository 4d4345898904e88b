/**
 * The budgets file of `check` (docs/cases.md): where the cases are, and the
 * budgets every case must hold under the strategies each names. Checked
 * with valibot; a bad file is a `UsageError` naming the field.
 */
import { dirname, isAbsolute, normalize, resolve, win32 } from 'node:path';
import * as v from 'valibot';
import { STRATEGIES, type Strategy } from '../core';
import { CaseError } from '../cases/caseFile';
import { MAX_CASE_BYTES, readInside, type CaseReadOptions } from './caseDisk';
import { issueText } from './caseFile';
import type { CaseRun } from '../cases/caseRun';
import { UsageError } from './io';

const share = (name: string) =>
  v.strictObject({
    min: v.pipe(
      v.number(`${name}.min must be a number`),
      v.minValue(0, `${name}.min is a share from 0 to 1`),
      v.maxValue(1, `${name}.min is a share from 0 to 1`),
    ),
  });
const ceiling = (name: string) =>
  v.strictObject({
    max: v.pipe(v.number(`${name}.max must be a number`), v.minValue(0, `${name}.max must be 0 or more`)),
  });
const names = (what: string, allowed?: readonly string[]) => {
  const one = allowed
    ? v.picklist(allowed, `${what} must be one of ${allowed.join(', ')}`)
    : v.pipe(v.string(`${what} must be a string`), v.minLength(1, `${what} must not be empty`));
  return v.optional(
    v.union(
      [one, v.pipe(v.array(one), v.minLength(1, `${what} must not be empty`))],
      `${what} must be a name or a list of names (${allowed ? allowed.join(', ') : 'case ids'})`,
    ),
  );
};

/** What a budget measures, each once per run of a case. */
export const MEASURES = [
  'factsKept',
  'controlsKept',
  'probesPassed',
  'tokensAfter',
  'summarizerMs',
  'costUsd',
  'noCompactionLoop',
] as const;
export type Measure = (typeof MEASURES)[number];

const BudgetSchema = v.pipe(
  v.strictObject({
    name: v.optional(v.pipe(v.string(), v.minLength(1))),
    strategy: names('strategy', STRATEGIES),
    case: names('case'),
    factsKept: v.optional(share('factsKept')),
    controlsKept: v.optional(share('controlsKept')),
    probesPassed: v.optional(share('probesPassed')),
    tokensAfter: v.optional(ceiling('tokensAfter')),
    summarizerMs: v.optional(ceiling('summarizerMs')),
    costUsd: v.optional(ceiling('costUsd')),
    noCompactionLoop: v.optional(v.literal(true, 'noCompactionLoop must be true')),
  }),
  v.check(
    (b) => MEASURES.filter((m) => b[m] !== undefined).length === 1,
    `a budget names exactly one of ${MEASURES.join(', ')}`,
  ),
);

/**
 * Whether a path, relative to the budgets file's folder, stays in it. The
 * budgets file comes with the cases it gates (in a pull request, from its
 * author): a case folder anywhere on the disk would let its cases read
 * anything there.
 */
function insideItsFolder(path: string): boolean {
  if (isAbsolute(path) || win32.isAbsolute(path)) return false;
  return normalize(path).split(/[\\/]/)[0] !== '..';
}

export const CheckConfigSchema = v.strictObject({
  $schema: v.optional(v.string()),
  cases: v.pipe(
    v.string('cases must be a folder path'),
    v.minLength(1, 'cases must not be empty'),
    v.check(insideItsFolder, "cases must be a folder inside the budgets file's own, named relative to it"),
  ),
  budgets: v.pipe(
    v.array(BudgetSchema, 'budgets must be a list'),
    v.minLength(1, 'budgets must not be empty'),
  ),
});

type BudgetInput = v.InferOutput<typeof BudgetSchema>;

export interface Budget {
  /** Its place in the file, from 1. */
  number: number;
  /** What a person reads: its name, or the measure and bound. */
  label: string;
  /** Null for every strategy run. */
  strategies: Strategy[] | null;
  /** Null for every case. */
  cases: string[] | null;
  measure: Measure;
  /** The bound: a minimum share, a maximum, or nothing for `noCompactionLoop`. */
  min?: number;
  max?: number;
}

export interface CheckConfig {
  /** The budgets file's folder, which holds the cases. */
  folder: string;
  /** The folder of cases, resolved against the config file's folder. */
  cases: string;
  budgets: Budget[];
}

const list = <T extends string>(value: T | T[] | undefined): T[] | null =>
  value === undefined ? null : Array.isArray(value) ? value : [value];

function toBudget(input: BudgetInput, number: number): Budget {
  const measure = MEASURES.find((m) => input[m] !== undefined)!;
  const bound = input[measure] as { min?: number; max?: number } | true;
  const strategies = list(input.strategy as Strategy | Strategy[] | undefined);
  const cases = list(input.case);
  const where = [strategies?.join(','), cases ? `case ${cases.join(',')}` : ''].filter(Boolean).join(' ');
  const rule =
    bound === true
      ? 'no compaction loop'
      : bound.min !== undefined
        ? `${measure} ≥ ${bound.min}`
        : `${measure} ≤ ${bound.max}`;
  return {
    number,
    label: input.name ?? (where ? `${where}: ${rule}` : rule),
    strategies,
    cases,
    measure,
    ...(bound !== true ? bound : {}),
  };
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) =>
    typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`,
  );
  return keys.length ? keys.join('').replace(/^\./, '') : '(top level)';
}

export function parseCheckConfig(file: string, json: string): CheckConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = v.safeParse(CheckConfigSchema, raw);
  if (!parsed.success) {
    // Every problem at once: a budgets file is fixed in one go, not one run per mistake.
    const problems = [...new Set(parsed.issues.map((issue) => `${issuePath(issue)}: ${issueText(issue)}`))];
    if (problems.length === 1) throw new UsageError(`${file}: ${problems[0]}`);
    throw new UsageError(`${file}: ${problems.length} problems`, problems);
  }
  return {
    folder: dirname(file),
    cases: resolve(dirname(file), parsed.output.cases),
    budgets: parsed.output.budgets.map((b, i) => toBudget(b, i + 1)),
  };
}

/**
 * Reads the budgets file as a case file is read (`caseDisk.ts`): a regular
 * file, bounded, and not a link out of its folder unless `--follow-links`.
 * It may come from a pull request, and a link to a device would hang the
 * check, one to any other file would show its first words in the JSON error.
 */
export async function readCheckConfig(file: string, options: CaseReadOptions = {}): Promise<CheckConfig> {
  const json = await readInside(
    dirname(file),
    file,
    MAX_CASE_BYTES,
    options,
    "the budgets file's folder",
  ).catch((error: unknown) => {
    if (error instanceof CaseError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  });
  return parseCheckConfig(file, json);
}

/** The strategies the budgets need run: those they name, or every one when a budget names none. */
export function strategiesOf(config: CheckConfig): Strategy[] {
  if (config.budgets.some((b) => b.strategies === null)) return [...STRATEGIES];
  const named = new Set(config.budgets.flatMap((b) => b.strategies ?? []));
  return STRATEGIES.filter((s) => named.has(s));
}

const ratio = (kept: number, total: number) => (total === 0 ? 1 : kept / total);
const fixed = (value: number) => String(Math.round(value * 1000) / 1000);

/** Why one run breaks a budget, or null when it holds. */
export function breach(budget: Budget, run: CaseRun): string | null {
  const at = `${run.strategy} cut ${run.cut}`;
  switch (budget.measure) {
    case 'factsKept':
    case 'controlsKept':
    case 'probesPassed': {
      const [kept, total, noun] =
        budget.measure === 'factsKept'
          ? [run.factsKept, run.factsTotal, 'facts']
          : budget.measure === 'controlsKept'
            ? [run.controlsKept, run.controlsTotal, 'controls']
            : [run.probes.filter((p) => p.passed).length, run.probes.length, 'probes passed'];
      const value = ratio(kept, total);
      if (value >= budget.min! - 1e-9) return null;
      const lost =
        budget.measure === 'probesPassed'
          ? ''
          : `; lost ${run.facts
              .filter((f) => !f.kept && f.side === (budget.measure === 'factsKept' ? 'before' : 'after'))
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
