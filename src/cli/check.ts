/**
 * `check`: the gate for CI. Runs the cases a budgets file names, under the
 * strategies its budgets name, and holds every budget to every case: one
 * line per broken budget and exit 1, or exit 0 when all hold. Writes JUnit
 * XML on request and, on GitHub Actions, a step summary and annotations.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { junitXml, stepSummary } from '../cases/gateReport';
import { summarizerFor } from './cases';
import { CASE_RUN_OPTIONS, optionHelp, parserOf, type OptionTable } from './caseOptions';
import { readCheckConfig, runCheck } from './checkConfig';
import { EXIT_FAILURE, EXIT_OK, UsageError, inline, jsonDocument, workflowCommand, type Io } from './io';
import { parse } from './options';
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
        passed: result.passed,
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
