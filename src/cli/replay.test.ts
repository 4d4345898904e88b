import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usageOf, type RecordedPoint, type ReplayResult, type SessionHistory } from '../core';
import { replayDocument } from './replay';
import { run, scratch } from './testSupport.node';

const SAMPLE = join(__dirname, '../../public/samples/claude-code-linkcheck.jsonl');

describe('compaction-playground replay', () => {
  it('prints the recorded compactions and the replay in the documented JSON shape', async () => {
    const r = await run(['replay', SAMPLE, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['calls', 'recorded', 'simulated', 'curve']);
    expect(doc.calls).toBe(16);
    expect(doc.recorded.compactions).toEqual([
      { atMessage: 20, trigger: 'manual', tokensBefore: 22739, tokensAfter: null },
      { atMessage: 36, trigger: 'manual', tokensBefore: 21956, tokensAfter: null },
    ]);
    expect(doc.recorded.peakContextTokens).toBe(22471);
    expect(doc.recorded.inputTokensTotal).toBe(
      doc.curve.reduce((sum: number, p: { recordedTokens: number }) => sum + p.recordedTokens, 0),
    );
    expect(Object.keys(doc.simulated)).toEqual([
      'strategy',
      'compactions',
      'peakContextTokens',
      'inputTokensTotal',
      'costUsd',
      'overflow',
      'noCompaction',
    ]);
    // Under the default 128,000-token window the session never needs compacting.
    expect(doc.simulated).toMatchObject({
      strategy: 'budget',
      compactions: [],
      overflow: false,
      noCompaction: null,
    });
    expect(doc.curve[0]).toEqual({
      call: 0,
      message: 1,
      recordedTokens: 17319,
      simulatedTokens: expect.any(Number),
    });
    expect(doc.simulated.inputTokensTotal).toBe(
      doc.curve.reduce((sum: number, p: { simulatedTokens: number }) => sum + p.simulatedTokens, 0),
    );
  });

  it('compacts where a smaller window sets the strategy off, each compaction with its sizes', async () => {
    const r = await run([
      'replay',
      SAMPLE,
      '--window',
      '30000',
      '--reserve',
      '4000',
      '--keep-recent',
      '4000',
      '--json',
    ]);
    const { simulated, curve } = JSON.parse(r.out);
    expect(simulated.compactions.length).toBeGreaterThan(0);
    for (const c of simulated.compactions) {
      expect(Object.keys(c)).toEqual([
        'beforeCall',
        'atMessage',
        'tokensBefore',
        'tokensAfter',
        'summaryTokens',
      ]);
      expect(c.tokensBefore).toBeGreaterThan(26_000);
      expect(c.tokensAfter).toBeLessThan(c.tokensBefore);
      expect(curve[c.beforeCall].simulatedTokens).toBe(c.tokensAfter);
    }
  });

  it('says why ADK makes no compaction with its peak past its 4,000-token threshold, in JSON and in the table', async () => {
    const why =
      'at the 16 calls where the context reached its threshold, each cut it planned would replace at most 10,000 tokens, and its summary would be as long (10,000 tokens): no cut makes the context shorter, so it never compacts';
    const json = JSON.parse((await run(['replay', SAMPLE, '--strategy', 'adk', '--json'])).out);
    expect(json.simulated).toMatchObject({
      strategy: 'adk',
      compactions: [],
      peakContextTokens: 29_353,
      noCompaction: { reason: 'summary-not-shorter', text: why },
    });
    const table = (await run(['replay', SAMPLE, '--strategy', 'adk'])).out;
    expect(table).toContain('simulated   adk, threshold 4,000: 0 compactions, peak 29,353 tokens');
    expect(table).toContain(`why none    ${why}`);
  });

  it('prints a table of both runs', async () => {
    const r = await run(['replay', SAMPLE]);
    expect(r.out).toContain('recorded    2 compactions, peak 22,471 tokens');
    expect(r.out).toMatch(/^ {7}20 {2}manual {6}22,739 {10}–$/m);
    expect(r.out).toContain('simulated   budget, threshold 183,616: 0 compactions');
    expect(r.out).toContain('overflow    none');
  });

  it('a file that records no history is its own history, every size an estimate', async () => {
    const dir = scratch('replay-');
    const file = dir.file('chat.json', {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ],
    });
    const doc = JSON.parse((await run(['replay', file, '--json'])).out);
    // Nothing recorded, no model: the sizes are counted, as the archive counts them, and no cost either.
    expect(doc.recorded).toEqual({
      compactions: [],
      peakContextTokens: doc.curve[0].simulatedTokens,
      inputTokensTotal: doc.curve[0].simulatedTokens,
      estimated: true,
      costUsd: null,
      models: [],
      callsWithoutModel: 0,
    });
    expect(doc.simulated.costUsd).toBeNull();
    expect(doc.curve).toEqual([
      { call: 0, message: 1, recordedTokens: null, simulatedTokens: expect.any(Number) },
    ]);
  });

  it("sends the lab's measure of the file's agent version with every simulated call, as --unseen would", async () => {
    const lab = join(__dirname, '../formats/fixtures/lab/claude-code/2.1.328/session.jsonl');
    const curve = async (...args: string[]) =>
      (
        JSON.parse((await run(['replay', lab, '--json', '--window', '40000', ...args])).out) as {
          curve: { simulatedTokens: number }[];
        }
      ).curve.map((p) => p.simulatedTokens);
    // Claude Code 2.1.328: 8,588 tokens of system prompt and tools, measured by the lab.
    expect(await curve()).toEqual(await curve('--unseen', '8588'));
  });

  it('says what is wrong with its arguments', async () => {
    const r = await run(['replay']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('replay needs exactly one FILE');
  });
});

describe('replayDocument on a long session', () => {
  // The peak was Math.max over every call's size as arguments, which overflows the stack.
  it('the recorded peak of 300,000 calls is the largest size any of them recorded', () => {
    const calls = 300_000;
    const points: RecordedPoint[] = Array.from({ length: calls }, (_, k) => ({
      call: k,
      atMessage: 2 * k + 1,
      recordedTokens: k === 123_456 ? 999_999 : 1_000 + (k % 7),
      estimatedTokens: 1_000,
      cacheReadTokens: null,
      cacheWriteTokens: null,
    }));
    const replayed: ReplayResult = {
      strategy: 'budget',
      threshold: 111_616,
      window: 128_000,
      compactions: [],
      clearings: 0,
      curve: points.map(() => 1_000),
      peakContextTokens: 1_000,
      inputTokensTotal: calls * 1_000,
      summarizedAgainTokens: 0,
      overflowCalls: 0,
      summarizerCalls: 0,
      overflow: false,
      noCompaction: null,
    };
    const history: SessionHistory = { messages: [], compactions: [], calls: [] };
    const usage = usageOf(points.map((p) => ({ ...p, contextTokens: p.recordedTokens })));
    const doc = replayDocument(history, points, replayed, { ...usage, estimated: false });
    expect([doc.calls, doc.recorded.peakContextTokens]).toEqual([calls, 999_999]);
  });
});
