/**
 * `check`: the gate for CI. Runs the cases a budgets file names, under the
 * strategies its budgets name, and holds every budget to every case: one
 * line per broken budget and exit 1, or exit 0 when all hold. Writes JUnit
 * XML on request and, on GitHub Actions, a step summary and annotations.
 */
import { appendFile, realpath, writeFile } from 'node:fs/promises';
import { isInside } from './archiveFolder';
import { loadCases, type CaseReadOptions } from './caseFile';
import { runCases, type CaseRun, type RunOptions } from '../cases/caseRun';
import { CASE_COUNT_SETTINGS } from '../cases/report';
import { summarizerFor } from './cases';
import { breach, readCheckConfig, strategiesOf, type Budget, type CheckConfig } from './checkConfig';
import { estimatorFor } from './estimator';
import { EXIT_FAILURE, EXIT_OK, UsageError, inline, jsonDocument, workflowCommand, type Io } from './io';
import { parse } from './options';
import { CASE_RUN_OPTIONS, optionHelp, parserOf, type OptionTable } from './caseOptions';
import { KEY_HELP, refuseKeyOptions } from './summarizerOption';

/** The options of `check`: its own, then those it shares with `cases`. */
const CHECK_ROWS = {
  config: {
    usage: '--config FILE',
    help: 'the budgets file (default compaction-check.json)',
    parse: { type: 'string' },
  },
  junit: {
    usage: '--junit FILE',
    help: 'also write JUnit XML: a test case per budget and case',
    parse: { type: 'string' },
  },
  ...CASE_RUN_OPTIONS,
} as const satisfies OptionTable;

export const CHECK_HELP = `Usage: compaction-playground check [--config FILE] [--junit FILE] [--follow-links] [--json]

The gate for CI: runs the gold-fact cases the budgets file names (default
compaction-check.json) under the strategies its budgets name, with the
offline summarizer unless --provider chooses a model, and holds every
budget to every case. Prints one line per broken budget and exits 1, or
exits 0 when every budget holds; a bad budgets file exits 2. On GitHub
Actions it appends a table to $GITHUB_STEP_SUMMARY and prints an ::error::
annotation per broken budget. docs/cases.md describes the file.

Options:
${optionHelp(CHECK_ROWS)}

${KEY_HELP}`;

const CHECK_OPTIONS = parserOf(CHECK_ROWS);

/** One budget held to one case: the runs that broke it, each as a line. */
export interface Verdict {
  budget: Budget;
  case: string;
  /** Runs of the case the budget covers. */
  runs: number;
  failures: string[];
}

export interface CheckResult {
  verdicts: Verdict[];
  runs: CaseRun[];
  /** Each broken budget and case, as the line printed. */
  broken: string[];
}

/** Every budget held to every case it covers. */
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

export function brokenLines(verdicts: readonly Verdict[]): string[] {
  return verdicts.flatMap((v) =>
    v.failures.map(
      (failure) => `budget ${v.budget.number} (${v.budget.label}) broken by ${v.case}: ${failure}`,
    ),
  );
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
  const unknown = config.budgets.flatMap((budget) =>
    (budget.cases ?? [])
      .filter((id) => !cases.some((c) => c.id === id))
      .map((id) => `budget ${budget.number}: no case with id ${id} in ${config.cases}`),
  );
  if (unknown.length === 1) throw new UsageError(unknown[0]);
  if (unknown.length > 1)
    throw new UsageError(`${unknown.length} budgets name cases that ${config.cases} does not hold`, unknown);
  const estimator = options.estimator ?? (await estimatorFor(CASE_COUNT_SETTINGS));
  const runs = await runCases(cases, strategiesOf(config), { ...options, estimator });
  const verdicts = judge(
    config.budgets,
    cases.map((c) => c.id),
    runs,
  );
  return { verdicts, runs, broken: brokenLines(verdicts) };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text fit for an XML attribute or element: markup escaped, characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** JUnit XML: a suite per budget, a test case per budget and case, a failure per broken one. */
export function junitXml(verdicts: readonly Verdict[]): string {
  const failures = verdicts.filter((v) => v.failures.length).length;
  const budgets = [...new Set(verdicts.map((v) => v.budget))];
  const suites = budgets.map((budget) => {
    const mine = verdicts.filter((v) => v.budget === budget);
    const name = xmlText(`budget ${budget.number}: ${budget.label}`);
    const cases = mine.map((v) => {
      const open = `    <testcase classname="${name}" name="${xmlText(v.case)}"`;
      if (v.failures.length === 0) return `${open}/>`;
      const message = xmlText(`${v.failures.length} of ${v.runs} runs broke the budget`);
      return `${open}>\n      <failure message="${message}">${xmlText(v.failures.join('\n'))}</failure>\n    </testcase>`;
    });
    const broken = mine.filter((v) => v.failures.length).length;
    return `  <testsuite name="${name}" tests="${mine.length}" failures="${broken}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="compaction-playground check" tests="${verdicts.length}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');

/** The Markdown table GitHub shows on the run's summary page. */
export function stepSummary(verdicts: readonly Verdict[]): string {
  const broken = verdicts.filter((v) => v.failures.length).length;
  const rows = verdicts.map(
    (v) =>
      `| ${cell(`${v.budget.number}. ${v.budget.label}`)} | ${cell(v.case)} | ${v.failures.length ? '❌ broken' : '✅ holds'} | ${cell(v.failures.join('\n'))} |`,
  );
  return [
    '## Compaction check',
    '',
    broken
      ? `${broken} of ${verdicts.length} budget checks broken.`
      : `All ${verdicts.length} budget checks hold.`,
    '',
    '| budget | case | result | detail |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** A broken budget as a GitHub annotation: an `::error` workflow command, escaped. */
export function annotation(line: string): string {
  return workflowCommand('error', { title: 'compaction check' }, line);
}

export async function checkCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv, CHECK_OPTIONS);
  if (values.help) {
    io.out(CHECK_HELP);
    return EXIT_OK;
  }
  if (positionals.length)
    throw new UsageError(`check takes no file argument (got ${positionals[0]}); use --config FILE`);
  const followLinks = values['follow-links'] === true;
  const config = await readCheckConfig(
    typeof values.config === 'string' ? values.config : 'compaction-check.json',
    { followLinks },
  );
  const chosen = summarizerFor(values);
  const result = await runCheck(config, {
    summarizer: chosen.summarizer,
    offline: chosen.provider === null,
    followLinks,
  });
  if (typeof values.junit === 'string') await writeFile(values.junit, junitXml(result.verdicts));
  if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, stepSummary(result.verdicts));
  if (values.json) {
    io.out(
      jsonDocument({
        summarizer: chosen.summarizer.label,
        passed: result.broken.length === 0,
        budgets: config.budgets,
        verdicts: result.verdicts.map((v) => ({
          budget: v.budget.number,
          case: v.case,
          runs: v.runs,
          failures: v.failures,
        })),
        broken: result.broken,
      }),
    );
  } else {
    for (const line of result.broken) io.out(inline(line));
    const held = result.verdicts.length - result.verdicts.filter((v) => v.failures.length).length;
    const idle = result.runs.filter((r) => !r.compacted).length;
    // A run that changed nothing keeps every fact: it holds a facts budget by doing nothing, so say how many did.
    const note = idle ? `, ${idle} of them did not compact` : '';
    io.err(
      `compaction-playground: ${held} of ${result.verdicts.length} budget checks hold (${result.runs.length} runs${note})`,
    );
  }
  if (env.GITHUB_ACTIONS === 'true') for (const line of result.broken) io.out(annotation(line));
  return result.broken.length ? EXIT_FAILURE : EXIT_OK;
}
