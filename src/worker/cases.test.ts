import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CaseError } from '../cases/caseFile';
import { countChars4, createEstimator, type TokenizerId } from '../core';
import { runCaseFiles, type BudgetsText, type CaseFileText } from './cases';

const SESSION = JSON.stringify({
  messages: [
    { role: 'user', content: 'Fix the parser in src/parse.ts. Never touch the lockfile.' },
    { role: 'assistant', content: 'Fixed src/parse.ts.' },
    { role: 'user', content: 'Now update docs/guide.md.' },
    { role: 'assistant', content: 'Updated docs/guide.md.' },
  ],
});
const CASE = JSON.stringify({
  id: 'one',
  session: 'sessions/s.json',
  cuts: [2],
  facts: [
    { id: 'parser', kind: 'artifact', side: 'before', evidence: { message: 1, quote: 'src/parse.ts' } },
    { id: 'guide', kind: 'artifact', side: 'after', evidence: { message: 3, quote: 'docs/guide.md' } },
  ],
});

/** The default tokenizer is asked for, as the command line counts; a quarter of the characters stands in. */
const chars4 = async (tokenizer: TokenizerId) => {
  expect(tokenizer).toBe('o200k_base');
  return createEstimator('chars4', countChars4);
};

function runFiles(files: CaseFileText[], budgets?: BudgetsText) {
  const events: number[] = [];
  const result = runCaseFiles(
    files,
    ['budget', 'turns'],
    chars4,
    (e) => events.push(e.done),
    new AbortController().signal,
    budgets,
  );
  return { result, events };
}

describe('runCaseFiles', () => {
  it('runs a case from a folder, its session found by its path beside the case', async () => {
    const { result, events } = runFiles([
      { path: 'one.case.json', text: CASE },
      { path: 'sessions/s.json', text: SESSION },
    ]);
    const doc = await result;
    expect(doc.cases).toEqual([
      {
        id: 'one',
        file: 'one.case.json',
        session: 'sessions/s.json',
        messages: 4,
        cuts: [2],
        facts: 2,
        probes: 0,
        leaks: [],
      },
    ]);
    expect(doc.summarizer).toBe('offline');
    expect(doc.runs.map((r) => [r.strategy, r.keptFrom, r.factsKept, r.controlsKept])).toEqual([
      ['budget', 2, 1, 1],
      ['turns', 2, 1, 1],
    ]);
    expect(events).toEqual([1, 2]);
  });

  it('finds the session of loose files picked together by its file name', async () => {
    const doc = await runFiles([
      { path: 's.json', text: SESSION },
      { path: 'one.case.json', text: CASE },
    ]).result;
    expect(doc.cases[0].session).toBe('s.json');
    expect(doc.totals.map((t) => [t.strategy, t.factsKept, t.factsTotal])).toEqual([
      ['budget', 1, 1],
      ['turns', 1, 1],
    ]);
  });

  it('names the case and the missing session, and refuses files without a case', async () => {
    await expect(runFiles([{ path: 'one.case.json', text: CASE }]).result).rejects.toThrow(
      new CaseError(
        'one.case.json: session: sessions/s.json is not among the files given: pick the session file with the case',
      ),
    );
    await expect(runFiles([{ path: 's.json', text: SESSION }]).result).rejects.toThrow(
      'no case files (*.case.json), nor a source.jsonl with its gold.json, among the 1 files given',
    );
  });

  it('runs a folder in the published layout (source.jsonl + gold.json) beside a case file', async () => {
    const fixture = 'src/cli/__fixtures__/published/tide-cli';
    const { result } = runFiles([
      { path: 'one.case.json', text: CASE },
      { path: 'sessions/s.json', text: SESSION },
      { path: 'tide/gold.json', text: readFileSync(`${fixture}/gold.json`, 'utf8') },
      { path: 'tide/source.jsonl', text: readFileSync(`${fixture}/source.jsonl`, 'utf8') },
    ]);
    const doc = await result;
    expect(doc.cases.map((c) => [c.id, c.file, c.session, c.messages, c.cuts, c.facts, c.probes])).toEqual([
      ['one', 'one.case.json', 'sessions/s.json', 4, [2], 2, 0],
      ['tide-cli', 'tide/gold.json', 'tide/source.jsonl', 14, [10], 6, 4],
    ]);
  });

  it('names the fact whose quote its session does not hold', async () => {
    const wrong = CASE.replace('"quote":"src/parse.ts"', '"quote":"src/lexer.ts"');
    await expect(
      runFiles([
        { path: 'one.case.json', text: wrong },
        { path: 'sessions/s.json', text: SESSION },
      ]).result,
    ).rejects.toThrow('one.case.json: case one, fact parser: the quote is not in message 1: "src/lexer.ts"');
  });

  it('holds the budgets file given with the cases to their runs, and says which file', async () => {
    const files = [
      { path: 'one.case.json', text: CASE },
      { path: 'sessions/s.json', text: SESSION },
    ];
    const budgets = JSON.stringify({
      cases: '.',
      budgets: [{ factsKept: { min: 1 } }, { strategy: 'turns', tokensAfter: { max: 1 } }],
    });
    const doc = await runFiles(files, { path: 'compaction-check.json', text: budgets, shipped: false })
      .result;
    expect(doc.gate).toEqual({
      file: 'compaction-check.json',
      shipped: false,
      passed: false,
      checks: 2,
      held: 1,
      broken: [
        expect.stringMatching(
          /^budget 2 \(turns: tokensAfter ≤ 1\) broken by one: turns cut 2: tokensAfter \d+ > 1$/,
        ),
      ],
    });
    expect((await runFiles(files).result).gate).toBeNull();
  });
});
