/**
 * `cases DIR`: every gold-fact case under a folder (docs/cases.md), compacted
 * under every strategy (or those given) with a summarizer, offline unless a
 * provider is chosen; a row per case, strategy and cut, and a total per
 * strategy.
 */
import { performance } from 'node:perf_hooks';
import { STRATEGIES, type Strategy } from '../core';
import { maxOf } from '../core/arrays';
import { type CaseRun } from '../cases/caseRun';
import {
  baselineOf,
  CASE_COUNT_SETTINGS,
  compactedLabel,
  casesDocument,
  totalsOf,
  type BaselineTotal,
  type StrategyTotal,
} from '../cases/report';
import { leakLine, tailLeaks } from '../cases/leakage';
import { armScores } from '../cases/arms';
import { recordedRows } from '../cases/recordedRun';
import { loadCases } from './caseFile';
import { pinCases } from './casePin';
import { renderRecorded } from './casesRecorded';
import {
  ARMS_ROWS,
  type ArmedRun,
  armedDocument,
  armedRuns,
  armsFrom,
  armsTable,
  repeatFrom,
  runTrials,
} from './casesArms';
import { estimatorFor } from './estimator';
import { EXIT_OK, UsageError, inline, jsonDocument, type Io } from './io';
import { parse, type Values } from './options';
import { CASE_RUN_OPTIONS, optionHelp, parserOf, type OptionTable } from './caseOptions';
import { KEY_HELP, chooseSummarizer, refuseKeyOptions, type ChosenSummarizer } from './summarizerOption';

/** The options of `cases`: its own (arms and pins among them), then those it shares with `check`. */
const CASES_ROWS = {
  strategy: {
    usage: '--strategy LIST',
    help: 'the strategies to run, comma separated (default: all)',
    parse: { type: 'string' },
  },
  ...ARMS_ROWS,
  pin: {
    usage: '--pin',
    help: "write each case's session sha256 and message ids into the case file, and run nothing",
    parse: { type: 'boolean' },
  },
  ...CASE_RUN_OPTIONS,
} as const satisfies OptionTable;

export const CASES_HELP = `Usage: compaction-playground cases DIR [--strategy a,b] [--follow-links] [--provider P]
                                  [--prompt FILE]... [--repeat N] [--json]
       compaction-playground cases DIR --pin

Runs every gold-fact case under DIR (files named *.case.json, and folders in
the published pi benchmark's layout: source.jsonl with gold.json; docs/cases.md)
under every strategy and agent preset: compacts the case's session at each of
its cuts, then scores the gold facts from before the cut that the compacted
context still names (and where: the summary or a kept message), the controls
after the cut, the case's probe questions, the tokens after, the summarizer's
time and cost, and whether the result would compact again. Every quote a case
gives as evidence is checked against its session first. A case's session is
read only from inside DIR: not by an absolute path or a .. out of it, not a
pipe or a device, and at most 32 MB. A case whose cut is "recorded" runs on
its session as it stood just before the compaction its agent recorded, and
the agent's own compaction is scored after the totals. A case pinned to its
session (its sha256 and the ids of the messages it names) refuses a session
edited since; --pin writes the pins after checking every quote.

Options:
${optionHelp(CASES_ROWS)}

${KEY_HELP}`;

const CASES_OPTIONS = parserOf(CASES_ROWS);

/** `--strategy a,b` as strategies, each checked; all of them when not given. */
export function strategiesFrom(raw: unknown): Strategy[] {
  if (raw === undefined) return [...STRATEGIES];
  const names = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--strategy: name at least one strategy');
  for (const name of names)
    if (!(STRATEGIES as readonly string[]).includes(name))
      throw new UsageError(`--strategy: unknown strategy '${name}' (one of ${STRATEGIES.join(', ')})`);
  return [...new Set(names)] as Strategy[];
}

/** The summarizer for a run: offline unless `--provider` names another. */
export function summarizerFor(values: Values): ChosenSummarizer {
  return chooseSummarizer({ ...values, provider: values.provider ?? 'offline' });
}

const n = (value: number) => value.toLocaleString('en-US');
const share = (kept: number, total: number) => (total === 0 ? '-' : `${kept}/${total}`);
const usd = (value: number | null) => (value === null ? '?' : `$${value.toFixed(4)}`);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => maxOf([h.length, ...rows.map((r) => r[i].length)])!);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A run's scores, or what it did instead: a run that changed nothing is not scored. */
function runCells(r: CaseRun): string[] {
  if (!r.compacted) return ['-', '-', '-'];
  return [
    share(r.factsKept, r.factsTotal),
    share(r.controlsKept, r.controlsTotal),
    share(r.probes.filter((p) => p.passed).length, r.probes.length),
  ];
}

const againCell = (r: CaseRun) => (!r.compacted ? 'did not compact' : r.compactsAgain ? 'yes' : 'no');

/** A run's cells after its case, strategy and cut. */
const runRow = (r: CaseRun): string[] => [
  ...runCells(r),
  `${n(r.tokensBefore)} → ${n(r.tokensAfter)}`,
  `${n(r.summarizerMs)} ms`,
  usd(r.costUsd),
  againCell(r),
];
const RUN_HEADER = ['facts', 'controls', 'probes', 'tokens', 'time', 'cost', 'again'];

/** The runs of every arm and trial, a row each: what `--prompt` and `--repeat` print above the arms' table. */
function renderRuns(runs: readonly ArmedRun[], label: string): string {
  return [
    `summarizer ${label}`,
    '',
    table(
      ['case', 'strategy', 'prompt', 'run', 'cut', ...RUN_HEADER],
      runs.map((r) => [r.case, r.strategy, r.prompt, `#${r.trial}`, String(r.cut), ...runRow(r)]),
    ),
  ].join('\n');
}

export function renderCases(
  runs: readonly CaseRun[],
  totals: readonly StrategyTotal[],
  baseline: BaselineTotal,
  label: string,
): string {
  const rows = runs.map((r) => [r.case, r.strategy, String(r.cut), ...runRow(r)]);
  const lost = runs.flatMap((r) =>
    r.compacted
      ? r.facts
          .filter((f) => !f.kept)
          .map((f) => `  ${r.case} ${r.strategy} cut ${r.cut}: lost ${f.id} (${f.side})`)
      : [],
  );
  const first = [
    'no compaction',
    String(baseline.runs),
    String(baseline.runs),
    share(baseline.factsKept, baseline.factsTotal),
    '-',
    share(baseline.factsKept, baseline.factsTotal),
    share(baseline.controlsKept, baseline.controlsTotal),
    '-',
    n(baseline.tokensAfter),
    '-',
    '-',
    '-',
  ];
  const sums = totals.map((t) => [
    t.strategy,
    String(t.runs),
    compactedLabel(t),
    share(t.factsKept, t.factsTotal),
    share(t.factsInSummary, t.factsTotal),
    share(t.factsInKept, t.factsTotal),
    share(t.controlsKept, t.controlsTotal),
    share(t.probesPassed, t.probesTotal),
    n(t.tokensAfter),
    `${n(t.summarizerMs)} ms`,
    usd(t.costUsd),
    String(t.loops),
  ]);
  return [
    `summarizer ${label}`,
    '',
    table(['case', 'strategy', 'cut', ...RUN_HEADER], rows),
    '',
    table(
      [
        'strategy',
        'runs',
        'compacted',
        'facts',
        'in summary',
        'in kept',
        'controls',
        'probes',
        'tokens after',
        'time',
        'cost',
        'loops',
      ],
      [first, ...sums],
    ),
    '',
    'Totals count only the runs that compacted: a run that changed nothing keeps every fact by doing nothing.',
    ...(lost.length ? ['', 'lost:', ...lost] : []),
  ].join('\n');
}

export async function casesCommand(argv: string[], io: Io): Promise<number> {
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv, CASES_OPTIONS);
  if (values.help) {
    io.out(CASES_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError('cases: give one folder of case files (cases DIR)');
  if (values.pin) {
    await pinCases(positionals[0], { followLinks: values['follow-links'] === true }, io);
    return EXIT_OK;
  }
  const strategies = strategiesFrom(values.strategy);
  const { prompt, ...rest } = values;
  const arms = await armsFrom(prompt);
  const repeat = repeatFrom(values.repeat);
  const armed = prompt !== undefined || repeat > 1;
  const chosen = summarizerFor(rest);
  const offline = chosen.provider === null;
  const start = performance.now();
  const cases = await loadCases(positionals[0], { followLinks: values['follow-links'] === true });
  const estimator = await estimatorFor(CASE_COUNT_SETTINGS);
  const trials = await runTrials(cases, strategies, arms, repeat, {
    summarizer: chosen.summarizer,
    offline,
    estimator,
  });
  const runs = trials[0].runs;
  const wallMs = Math.round(performance.now() - start);
  const label = chosen.summarizer.label;
  if (values.json) {
    const recorded = recordedRows(cases, estimator);
    const doc = casesDocument(cases, runs, strategies, label, wallMs, recorded);
    io.out(jsonDocument(armed ? armedDocument(doc, trials, arms, strategies, repeat) : doc));
    return EXIT_OK;
  }
  for (const kase of cases)
    for (const notice of kase.notices) io.err(`compaction-playground: ${inline(notice)}`);
  for (const kase of cases)
    for (const leak of tailLeaks(kase)) io.err(`compaction-playground: ${leakLine(kase.id, leak)}`);
  const baseline = baselineOf(cases, runs);
  if (!armed) {
    io.out(renderCases(runs, totalsOf(runs, strategies), baseline, label));
    const recorded = recordedRows(cases, estimator);
    if (recorded.length) io.out(`\n${renderRecorded(recorded)}`);
    return EXIT_OK;
  }
  io.out(
    [
      renderRuns(armedRuns(trials), label),
      '',
      armsTable(armScores(trials, arms, strategies), baseline, repeat, offline, table),
    ].join('\n'),
  );
  return EXIT_OK;
}
