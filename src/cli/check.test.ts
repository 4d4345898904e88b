import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summarizer, SummaryRequest } from '../core';
import { createOfflineSummarizer } from '../providers';
import { annotation, checkCommand } from './check';
import { readCheckConfig, runCheck } from './checkConfig';
import type { Io } from './io';
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

describe('the budgets file', () => {
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

describe('annotations', () => {
  it('escape what would end the workflow command or start another', () => {
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
