import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summarizer, SummaryRequest } from '../core';
import { createOfflineSummarizer } from '../providers';
import type { CaseRun } from '../cases/caseRun';
import { annotation, checkCommand, judge, junitXml, runCheck, stepSummary, xmlText } from './check';
import { parseCheckConfig, readCheckConfig, type Budget } from './checkConfig';
import { UsageError, type Io } from './io';
import { run, scratch } from './testSupport.node';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A bad summarizer: the offline one, shown the conversation without its last
 * turn (from the last "[User]:" to the end of the transcript).
 */
function dropsLastTurn(): Summarizer {
  const offline = createOfflineSummarizer();
  return {
    label: 'drops-last-turn',
    stream(request: SummaryRequest) {
      const end = request.prompt.indexOf('\n</conversation>');
      const last = request.prompt.lastIndexOf('[User]:', end);
      const prompt = last > 0 ? request.prompt.slice(0, last) + request.prompt.slice(end) : request.prompt;
      return offline.stream({ ...request, prompt });
    },
  };
}

/** Every problem a budgets file is refused for, each as the line after the file's name. */
function problemsOf(raw: object): string[] {
  try {
    parseCheckConfig('b.json', JSON.stringify(raw));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error.details.length ? [...error.details] : [error.message.replace(/^b\.json: /, '')];
  }
  throw new Error('the file was read');
}

describe('the budgets file', () => {
  it('reads budgets with their labels, strategies and bounds', () => {
    const config = parseCheckConfig(
      '/repo/compaction-check.json',
      JSON.stringify({
        cases: 'cases/',
        budgets: [
          { strategy: 'claude-code', factsKept: { min: 0.9 } },
          { noCompactionLoop: true },
          { name: 'small', case: ['a', 'b'], tokensAfter: { max: 5000 } },
        ],
      }),
    );
    expect(config.cases).toBe('/repo/cases');
    expect(config.budgets).toEqual([
      {
        number: 1,
        label: 'claude-code: factsKept ≥ 0.9',
        strategies: ['claude-code'],
        cases: null,
        measure: 'factsKept',
        min: 0.9,
      },
      { number: 2, label: 'no compaction loop', strategies: null, cases: null, measure: 'noCompactionLoop' },
      { number: 3, label: 'small', strategies: null, cases: ['a', 'b'], measure: 'tokensAfter', max: 5000 },
    ]);
  });

  it.each([
    [{ budgets: [{ noCompactionLoop: true }] }, 'cases: missing'],
    [{ cases: 'c', budgets: [] }, 'budgets: budgets must not be empty'],
    [
      { cases: 'c', budgets: [{ factsKept: { min: 1.5 } }] },
      'budgets[0].factsKept.min: factsKept.min is a share from 0 to 1',
    ],
    [
      { cases: 'c', budgets: [{ strategy: 'claude' }] },
      'budgets[0].strategy: strategy must be a name or a list of names',
    ],
    [
      { cases: 'c', budgets: [{ tokensAfter: { max: 1 }, noCompactionLoop: true }] },
      'budgets[0]: a budget names exactly one of',
    ],
    [{ cases: 'c', budgets: [{ factsKept: { max: 1 } }] }, 'budgets[0].factsKept.min: missing'],
    [
      { cases: 'c', budgets: [{ factsKept: { min: 1, max: 1 } }] },
      'budgets[0].factsKept.max: not a field this file knows',
    ],
  ])('refuses %j, naming the field', (raw, message) => {
    expect(problemsOf(raw)).toContainEqual(expect.stringContaining(message));
  });

  it('exits 2 with one line for a bad file, and for no file', async () => {
    const dir = scratch('check-config-');
    const bad = dir.file('b.json', '{"cases": "x", "budgets": [{"costUsd": {"max": -1}}]}');
    const refused = await run(['check', '--config', bad]);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `compaction-playground: ${bad}: budgets[0].costUsd.max: costUsd.max must be 0 or more\n`,
    );
    const missing = await run(['check', '--config', `${dir.dir}/none.json`]);
    expect([missing.code, missing.err]).toEqual([
      2,
      `compaction-playground: ${dir.dir}/none.json: no such file\n`,
    ]);
  });
});

const RUN: CaseRun = {
  case: 'c1',
  strategy: 'budget',
  cut: 'auto',
  outcome: 'compacted',
  compacted: true,
  keptFrom: 3,
  facts: [
    { id: 'a', kind: 'artifact', side: 'before', kept: true, foundIn: 'summary', foundAt: null },
    { id: 'b', kind: 'constraint', side: 'before', kept: false, foundIn: null, foundAt: null },
    { id: 'c', kind: 'constraint', side: 'after', kept: true, foundIn: 'message', foundAt: 4 },
  ],
  factsKept: 1,
  factsTotal: 2,
  controlsKept: 1,
  controlsTotal: 1,
  tokensBefore: 900,
  tokensAfter: 400,
  summarizerMs: 12,
  costUsd: 0,
  compactsAgain: true,
  probes: [],
  failures: [],
};

describe('judging runs', () => {
  const budgets: Budget[] = parseCheckConfig(
    'b.json',
    JSON.stringify({
      cases: '.',
      budgets: [
        { strategy: 'budget', factsKept: { min: 0.5 } },
        { factsKept: { min: 0.75 } },
        { noCompactionLoop: true },
        { tokensAfter: { max: 399 } },
        { strategy: 'pi', tokensAfter: { max: 1 } },
      ],
    }),
  ).budgets;

  it('a line per broken budget and case, none for one that holds', () => {
    const verdicts = judge(budgets, ['c1'], [RUN]);
    expect(verdicts.map((v) => [v.budget.number, v.runs, v.failures])).toEqual([
      [1, 1, []],
      [2, 1, ['budget cut auto: 1/2 facts (0.5 < 0.75); lost b']],
      [
        3,
        1,
        [
          'budget cut auto: 400 tokens after compaction are still over the threshold; the next turn compacts again',
        ],
      ],
      [4, 1, ['budget cut auto: tokensAfter 400 > 399']],
      [5, 0, []],
    ]);
  });

  it('writes JUnit XML with a test case per budget and case, escaped', () => {
    const verdicts = judge(budgets.slice(0, 2), ['c1'], [{ ...RUN, case: 'c1' }]);
    verdicts[1].failures.push('a <b> & "c" \u0001');
    expect(junitXml(verdicts)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="compaction-playground check" tests="2" failures="1">',
        '  <testsuite name="budget 1: budget: factsKept ≥ 0.5" tests="1" failures="0">',
        '    <testcase classname="budget 1: budget: factsKept ≥ 0.5" name="c1"/>',
        '  </testsuite>',
        '  <testsuite name="budget 2: factsKept ≥ 0.75" tests="1" failures="1">',
        '    <testcase classname="budget 2: factsKept ≥ 0.75" name="c1">',
        '      <failure message="2 of 1 runs broke the budget">budget cut auto: 1/2 facts (0.5 &lt; 0.75); lost b',
        'a &lt;b&gt; &amp; &quot;c&quot; </failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    expect(xmlText(`it's`)).toBe('it&apos;s');
  });

  it('a Markdown summary for GitHub, and annotations with their escapes', () => {
    const verdicts = judge(budgets.slice(1, 2), ['c1'], [RUN]);
    expect(stepSummary(verdicts)).toBe(
      [
        '## Compaction check',
        '',
        '1 of 1 budget checks broken.',
        '',
        '| budget | case | result | detail |',
        '|---|---|---|---|',
        '| 2. factsKept ≥ 0.75 | c1 | ❌ broken | budget cut auto: 1/2 facts (0.5 < 0.75); lost b |',
        '',
      ].join('\n'),
    );
    expect(annotation('50% lost\nnext')).toBe('::error title=compaction check::50%25 lost%0Anext');
  });
});

describe('the gate over the shipped cases', () => {
  it('holds with the offline summarizer, and breaks with one that drops the last turn', async () => {
    const config = await readCheckConfig(resolve(ROOT, 'compaction-check.json'));
    const good = await runCheck(config, { summarizer: createOfflineSummarizer(), offline: true });
    expect(good.broken).toEqual([]);
    const bad = await runCheck(config, { summarizer: dropsLastTurn(), offline: true });
    expect(bad.broken).toContain(
      'budget 1 (budget,pi: factsKept ≥ 0.5) broken by research-memory-growth: budget cut 13: 1/4 facts (0.25 < 0.5); lost explain-first, key-count, lru-bound',
    );
    expect(bad.broken.length).toBeGreaterThan(0);
  }, 60_000);

  it('prints the broken budgets, the annotations on GitHub and the summary file, and exits 1', async () => {
    const dir = scratch('check-gate-');
    dir.file('s.json', {
      messages: [
        { role: 'user', content: 'Keep the tabs. Fix src/a.ts.' },
        { role: 'assistant', content: 'Fixed src/a.ts.' },
        { role: 'user', content: 'Now the docs.' },
        { role: 'assistant', content: 'Done.' },
      ],
    });
    const config = dir.file('check.json', {
      cases: '.',
      budgets: [{ strategy: 'turns', tokensAfter: { max: 1 } }],
    });
    dir.file('one.case.json', {
      id: 'one',
      session: 's.json',
      cuts: [2],
      facts: [{ id: 'tabs', side: 'before', evidence: { message: 0, quote: 'Keep the tabs.' } }],
    });
    const summary = dir.file('summary.md', '# before\n');
    const junit = `${dir.dir}/junit.xml`;
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t) };
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const code = await checkCommand(['--config', config, '--junit', junit], io, env);
    expect(code).toBe(1);
    // turns keeps its last turns whatever the cut: nothing to compact, and the gate says so.
    expect(err).toContain(
      'compaction-playground: 0 of 1 budget checks hold (1 runs, 1 of them did not compact)',
    );
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(
      /^budget 1 \(turns: tokensAfter ≤ 1\) broken by one: turns cut 2: tokensAfter \d+ > 1$/,
    );
    expect(out[1]).toBe(`::error title=compaction check::${out[0]}`);
    expect(readFileSync(summary, 'utf8')).toMatch(/^# before\n## Compaction check\n/);
    expect(readFileSync(junit, 'utf8')).toContain(
      '<testcase classname="budget 1: turns: tokensAfter ≤ 1" name="one">',
    );
  });
});
