/**
 * The budgets file of the gate (docs/cases.md, "A gate for CI"): where the
 * cases are and the budgets every case must hold, read from its text with
 * valibot. Every problem of a file is found at once, each naming the file and
 * the key path, so a file is fixed in one go.
 */
import * as v from 'valibot';
import { STRATEGIES, type Strategy } from '../core';
import { CaseError, issueText } from './caseFile';

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
    name: v.optional(v.pipe(v.string('name must be a string'), v.minLength(1, 'name must not be empty'))),
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
 * anything there. Written without `node:path` so the rule holds wherever the
 * file is read, and for both kinds of separator.
 */
export function insideItsFolder(path: string): boolean {
  if (/^[\\/]/.test(path) || /^[A-Za-z]:/.test(path)) return false;
  let depth = 0;
  for (const part of path.split(/[\\/]/)) {
    if (part === '..') depth--;
    else if (part !== '.' && part !== '') depth++;
    if (depth < 0) return false;
  }
  return true;
}

export const GateConfigSchema = v.strictObject({
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

export interface GateConfig {
  /** The folder of cases, as the file writes it: relative to the file's own folder. */
  cases: string;
  budgets: Budget[];
}

/** A budgets file refused: every problem, each a line naming the file and the key path. */
export class GateConfigError extends CaseError {
  override name = 'GateConfigError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(problems.length === 1 ? problems[0] : `${file}: ${problems.length} problems`);
  }
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

/** Where in the file an issue is, as a reader writes it: `budgets[2].factsKept.min`. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) =>
    typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`,
  );
  return keys.length ? keys.join('').replace(/^\./, '') : '(top level)';
}

/** A budgets file's text as its budgets; a `GateConfigError` with every problem when it is not one. */
export function parseGateConfig(file: string, json: string): GateConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new GateConfigError(file, [`${file}: not JSON (${(error as Error).message})`]);
  }
  const parsed = v.safeParse(GateConfigSchema, raw);
  if (!parsed.success)
    throw new GateConfigError(file, [
      ...new Set(parsed.issues.map((issue) => `${file}: ${issuePath(issue)}: ${issueText(issue)}`)),
    ]);
  return {
    cases: parsed.output.cases,
    budgets: parsed.output.budgets.map((b, i) => toBudget(b, i + 1)),
  };
}

/** Each budget's case that is not among `caseIds`, as a line naming the budget, the id and the folder. */
export function unknownCases(
  budgets: readonly Budget[],
  caseIds: readonly string[],
  folder: string,
): string[] {
  return budgets.flatMap((budget) =>
    (budget.cases ?? [])
      .filter((id) => !caseIds.includes(id))
      .map((id) => `budget ${budget.number}: no case with id ${id} in ${folder}`),
  );
}

/** The strategies the budgets need run: those they name, or every one when a budget names none. */
export function strategiesOf(budgets: readonly Budget[]): Strategy[] {
  if (budgets.some((b) => b.strategies === null)) return [...STRATEGIES];
  const named = new Set(budgets.flatMap((b) => b.strategies ?? []));
  return STRATEGIES.filter((s) => named.has(s));
}
