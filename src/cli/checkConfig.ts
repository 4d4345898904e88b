/**
 * The gate's files on disk: the budgets file (its rules in
 * src/cases/gateConfig.ts) read as a case file is read, and its cases loaded
 * and run. A bad file or a budget naming a case the folder does not hold is
 * a `UsageError` listing every problem.
 */
import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isInside } from './archiveFolder';
import { CaseError } from '../cases/caseFile';
import { runCases, type CaseRun, type RunOptions } from '../cases/caseRun';
import { gateVerdict, type GateVerdict } from '../cases/gate';
import {
  GateConfigError,
  parseGateConfig,
  strategiesOf,
  unknownCases,
  type Budget,
} from '../cases/gateConfig';
import { CASE_COUNT_SETTINGS } from '../cases/report';
import { MAX_CASE_BYTES, readInside, type CaseReadOptions } from './caseDisk';
import { loadCases } from './caseFile';
import { estimatorFor } from './estimator';
import { UsageError } from './io';

export interface CheckConfig {
  /** The budgets file's folder, which holds the cases. */
  folder: string;
  /** The folder of cases, resolved against the budgets file's folder. */
  cases: string;
  budgets: Budget[];
}

export interface CheckResult extends GateVerdict {
  runs: CaseRun[];
}

/** Problems as one usage error: the problem itself when there is one, else a count and a line each. */
function usageOf(summary: string, problems: readonly string[]): UsageError {
  return problems.length === 1 ? new UsageError(problems[0]) : new UsageError(summary, problems);
}

/** A budgets file's text, its case folder resolved beside it. */
export function parseCheckConfig(file: string, json: string): CheckConfig {
  try {
    const config = parseGateConfig(file, json);
    return { folder: dirname(file), cases: resolve(dirname(file), config.cases), budgets: config.budgets };
  } catch (error) {
    if (error instanceof GateConfigError) throw usageOf(error.message, error.problems);
    throw error;
  }
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

/** Whether `path` is in `folder` once links are followed; a path that does not exist is left to the reader to name. */
async function staysIn(folder: string, path: string): Promise<boolean> {
  try {
    return isInside(await realpath(folder), await realpath(path));
  } catch {
    return true;
  }
}

/** Runs the cases of `config` and judges them; `options` chooses the summarizer (tests pass their own). */
export async function runCheck(
  config: CheckConfig,
  options: Omit<RunOptions, 'estimator'> & { estimator?: RunOptions['estimator'] } & CaseReadOptions,
): Promise<CheckResult> {
  if (!options.followLinks && !(await staysIn(config.folder, config.cases)))
    throw new UsageError(
      `${config.cases}: a link out of the budgets file's folder (--follow-links reads it)`,
    );
  const cases = await loadCases(config.cases, options);
  const ids = cases.map((c) => c.id);
  const unknown = unknownCases(config.budgets, ids, config.cases);
  if (unknown.length)
    throw usageOf(`${unknown.length} budgets name cases that ${config.cases} does not hold`, unknown);
  const estimator = options.estimator ?? (await estimatorFor(CASE_COUNT_SETTINGS));
  const runs = await runCases(cases, strategiesOf(config.budgets), { ...options, estimator });
  return { ...gateVerdict(config.budgets, ids, runs), runs };
}
