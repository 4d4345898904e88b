import { describe, expect, it } from 'vitest';
import { loadEstimator, type Summarizer } from '../core';
import { loadCase } from './caseFile';
import { findFacts, runCase } from '../cases/caseRun';
import { scratch } from './testSupport.node';

/**
 * A six-message session, counted by hand with `chars4` (a message is
 * ceil(characters ÷ 4) tokens; a tool call counts its name and arguments).
 */
const SESSION = {
  messages: [
    // 57 characters: 15 tokens
    { role: 'user', content: 'Fix the parser in src/parse.ts. Never touch the lockfile.' },
    // 0 characters + "bash" (4) + {"command":"npm test"} (22) = 26: 7 tokens
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"npm test"}' } },
      ],
    },
    // 26 characters: 7 tokens
    { role: 'tool', tool_call_id: 'c1', content: 'Error: expected 1 to be 2' + '.' },
    // 26 characters: 7 tokens
    { role: 'assistant', content: 'The parser drops the sign.' },
    // 25 characters: 7 tokens
    { role: 'user', content: 'Now update docs/guide.md.' },
    // 22 characters: 6 tokens
    { role: 'assistant', content: 'Updated docs/guide.md.' },
  ],
};

const CASE = {
  id: 'hand-counted',
  session: 'session.json',
  cuts: [4],
  facts: [
    { id: 'lockfile', side: 'before', evidence: { message: 0, quote: 'Never touch the lockfile.' } },
    { id: 'parser', kind: 'artifact', side: 'before', evidence: { message: 0, quote: 'src/parse.ts' } },
    {
      id: 'error',
      kind: 'last-error',
      side: 'before',
      evidence: { message: 2, quote: 'expected 1 to be 2' },
    },
    { id: 'sign', side: 'before', evidence: { message: 3, quote: 'The parser drops the sign.' } },
    { id: 'guide', kind: 'artifact', side: 'after', evidence: { message: 5, quote: 'docs/guide.md' } },
  ],
  probes: [
    { kind: 'artifact', question: 'Which files?', expected: ['src/parse.ts', 'docs/guide.md'] },
    { kind: 'continuation', question: 'What must not be done?', expected: ['Never touch the lockfile'] },
  ],
};

/** Always writes the same summary, and reports usage and a priced model. */
function fixedSummarizer(text: string): Summarizer {
  return {
    label: 'test:gpt-4o-mini',
    async *stream() {
      yield { type: 'response', model: 'gpt-4o-mini' };
      yield { type: 'text', text };
      yield { type: 'usage', usage: { promptTokens: 1_000_000, completionTokens: 1_000_000 } };
    },
  };
}

async function handCounted() {
  const dir = scratch('case-run-');
  dir.file('session.json', SESSION);
  return loadCase(dir.file('hand.case.json', CASE));
}

describe('runCase', () => {
  it('scores a hand-counted case: facts kept and where, controls, tokens, probes, cost', async () => {
    const kase = await handCounted();
    const estimator = await loadEstimator('chars4');
    // 54 characters.
    const summary = 'Goal: fix src/parse.ts. Last error: expected 1 to be 2';
    const run = await runCase(kase, 'budget', 4, {
      summarizer: fixedSummarizer(summary),
      offline: false,
      estimator,
    });
    expect(run.outcome).toBe('compacted');
    expect(run.keptFrom).toBe(4);
    expect(run.facts).toEqual([
      { id: 'lockfile', kind: 'constraint', side: 'before', kept: false, foundIn: null, foundAt: null },
      { id: 'parser', kind: 'artifact', side: 'before', kept: true, foundIn: 'summary', foundAt: null },
      { id: 'error', kind: 'last-error', side: 'before', kept: true, foundIn: 'summary', foundAt: null },
      { id: 'sign', kind: 'constraint', side: 'before', kept: false, foundIn: null, foundAt: null },
      { id: 'guide', kind: 'artifact', side: 'after', kept: true, foundIn: 'message', foundAt: 4 },
    ]);
    expect([run.factsKept, run.factsTotal, run.controlsKept, run.controlsTotal]).toEqual([2, 4, 1, 1]);
    // Before: 15 + 7 + 7 + 7 + 7 + 6 = 49.
    expect(run.tokensBefore).toBe(49);
    // After: the envelope, lead-in (73) + 2 line breaks + "<summary>\n" (10) + the summary (54) +
    // "\n</summary>" (11) = 150 characters, 38 tokens; then the kept messages, 7 + 6.
    expect(run.tokensAfter).toBe(38 + 7 + 6);
    // One call at gpt-4o-mini's list price: 1M prompt tokens $0.15, 1M completion tokens $0.60.
    expect(run.costUsd).toBeCloseTo(0.75, 10);
    expect(run.compactsAgain).toBe(false);
  });

  it('grades probes offline against the compacted context: passed only when it names every expected item', async () => {
    const kase = await handCounted();
    const run = await runCase(kase, 'budget', 4, {
      summarizer: fixedSummarizer('Goal: fix src/parse.ts.'),
      offline: true,
      estimator: await loadEstimator('chars4'),
    });
    expect(run.probes.map((p) => [p.kind, p.named, p.passed])).toEqual([
      ['artifact', 2, true],
      ['continuation', 0, false],
    ]);
    expect(run.costUsd).toBe(0);
    // A summary that names one of the two files: a model's answer could pass at 60%, the context cannot.
    const half = await runCase({ ...kase, probes: [kase.probes[0]!] }, 'budget', 4, {
      summarizer: fixedSummarizer('Goal: fix the parser.'),
      offline: true,
      estimator: await loadEstimator('chars4'),
    });
    expect(half.probes.map((p) => [p.named, p.passed])).toEqual([[1, false]]);
  });

  it('fails the controls of a strategy whose context drops the kept tail', async () => {
    const kase = await handCounted();
    // A compacted context of the summary alone: the control after the cut (docs/guide.md) is gone.
    const facts = findFacts(
      kase.facts,
      [{ id: 's', role: 'user', content: 'Goal: fix src/parse.ts.' }],
      [null],
    );
    expect(facts.filter((f) => f.side === 'after')).toEqual([
      { id: 'guide', kind: 'artifact', side: 'after', kept: false, foundIn: null, foundAt: null },
    ]);
  });

  it('credits a fact from before the cut that a kept message restates to the tail, not the summary', async () => {
    const kase = await handCounted();
    // The summary names src/parse.ts, and so does the kept message at 4.
    const messages = [
      { id: 's', role: 'user' as const, content: 'Goal: fix src/parse.ts.' },
      { id: 'k', role: 'user' as const, content: 'Now update docs/guide.md after src/parse.ts.' },
    ];
    const parser = findFacts(kase.facts, messages, [null, 4]).find((f) => f.id === 'parser');
    expect(parser).toEqual({
      id: 'parser',
      kind: 'artifact',
      side: 'before',
      kept: true,
      foundIn: 'message',
      foundAt: 4,
    });
  });

  it('says a run that finds nothing to compact did not compact', async () => {
    const kase = await handCounted();
    const run = await runCase({ ...kase, keepRecent: 100_000 }, 'budget', 'auto', {
      summarizer: fixedSummarizer('unused'),
      offline: true,
      estimator: await loadEstimator('chars4'),
    });
    expect(run.outcome).toBe('nothing');
    // Kept by doing nothing: the run says it did not compact, and totals leave it out of every rate.
    expect(run.compacted).toBe(false);
    expect([run.factsKept, run.factsTotal, run.tokensAfter, run.keptFrom]).toEqual([4, 4, 49, null]);
    expect(run.facts[0]).toMatchObject({ kept: true, foundIn: 'message', foundAt: 0 });
  });
});
