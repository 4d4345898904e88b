import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import type { HarnessParamsInput } from './params';
import { kiloPreset, kiloThreshold, type KiloParams } from './kilo';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], window: number, harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: window,
    strategy: 'kilo',
    harness,
    tokenizer: 'chars4',
  }).current;

const defaults = Object.fromEntries(
  Object.entries(kiloPreset.params).map(([k, spec]) => [k, spec.default]),
) as unknown as KiloParams;

/** Two reads of 30,000 tokens each in the first turn, then two short turns. */
function session(): Message[] {
  const c1 = call('c1', 'read', {});
  const c2 = call('c2', 'read', {});
  return [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c1]),
    toolResult(c1, 'x'.repeat(120_000)),
    assistant('', [c2]),
    toolResult(c2, 'y'.repeat(120_000)),
    assistant('done'),
    user('next'),
    assistant('ok'),
    user('last'),
  ];
}

describe("Kilo Code's compaction", () => {
  it('leaves the reply and a 20,000-token buffer free: 148,000 of 200,000', () => {
    expect(kiloThreshold(200_000, defaults)).toBe(148_000);
    // A reply of 8,000 is also the buffer: 200,000 − 8,000 − 8,000.
    expect(kiloThreshold(200_000, { ...defaults, maxOutputTokens: 8_000 })).toBe(184_000);
    const o = outcome(session(), 200_000);
    expect([o.trigger.threshold, o.trigger.comparison]).toEqual([148_000, 'reach']);
  });

  it('compacts at threshold_percent of the window when that comes first', () => {
    expect(kiloThreshold(200_000, { ...defaults, thresholdPercent: 60 })).toBe(120_000);
    // 90% of 200,000 is past the usable window: the window decides.
    expect(kiloThreshold(200_000, { ...defaults, thresholdPercent: 90 })).toBe(148_000);
    const o = outcome(session(), 200_000, { kilo: { thresholdPercent: 25 } });
    expect([o.trigger.threshold, o.fires]).toEqual([50_000, true]);
  });

  it('summarizes at the threshold with no prune first, as its newest code does unless compaction.prune is true', () => {
    expect(defaults.prune).toBe(false);
    // Window 64,000: 64,000 − 32,000 − 20,000 = 12,000, and the 60,000-token context reaches it.
    const o = outcome(session(), 64_000);
    expect(o.trigger.threshold).toBe(12_000);
    expect(o.cleared).toEqual([]);
    // The tail budget is a quarter of 12,000 (3,000): the two newest turns, from 7, fit it.
    expect([o.fires, o.plan.firstKeptIdx]).toEqual([true, 7]);
  });

  it('with compaction.prune true, prunes tool output older than the newest 40,000 tokens first', () => {
    const o = outcome(session(), 64_000, { kilo: { prune: true } });
    // Past the two newest turns, the read at 5 fills 30,000 of the 40,000; the one at 3 is pruned.
    expect(o.cleared.map((c) => c.index)).toEqual([3]);
    // 30,000 tokens still reach 12,000: the summary keeps the two newest turns, from 7.
    expect([o.fires, o.plan.firstKeptIdx]).toEqual([true, 7]);
  });

  it('keeps the end of a newest turn too big for the tail (splitTurn), and no tail at tail_turns 0', () => {
    const c1 = call('c1', 'read', {});
    const messages = [
      sys('s'.repeat(40)),
      user('u'.repeat(80_000)),
      assistant('a'.repeat(400)),
      user('fix it'),
      assistant('', [c1]),
      toolResult(c1, 'x'.repeat(40_000)),
      assistant('d'.repeat(4_000)),
    ];
    // 30,000 tokens reach 12,000; the newest turn (from 3) is 11,000 tokens, over the budget of 3,000,
    // and its last reply (1,000) fits it: that reply is kept, the rest summarized.
    const o = outcome(messages, 64_000);
    expect([o.fires, o.plan.firstKeptIdx]).toEqual([true, 6]);
    // tail_turns 0: Kilo keeps no tail, where OpenCode's 0 is no limit.
    expect(outcome(messages, 64_000, { kilo: { tailTurns: 0 } }).plan.firstKeptIdx).toBe(7);
  });
});
