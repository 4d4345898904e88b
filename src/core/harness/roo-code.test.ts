import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';
import { rooCodeThreshold } from './roo-code';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 200_000,
    strategy: 'roo-code',
    harness,
    tokenizer: 'chars4',
  }).current;

/** The system prompt (10 tokens), a turn of 200 tokens, then a prompt of `last` tokens. */
const session = (last: number): Message[] => [
  sys('s'.repeat(40)),
  user('u'.repeat(400)),
  assistant('a'.repeat(400)),
  user('v'.repeat(last * 4)),
];

describe("Roo Code's condense", () => {
  it('at 100% the buffer decides: more than 200,000 × 0.9 − 8,192 = 171,808 tokens', () => {
    const at = outcome(session(171_808 - 210));
    expect([at.trigger.threshold, at.trigger.comparison, at.fires]).toEqual([171_809, 'reach', false]);
    expect(outcome(session(171_809 - 210)).fires).toBe(true);
  });

  it('condenses at a lower percent of the window when set, and counts the model reply in the buffer', () => {
    const half = outcome(session(100_000), { 'roo-code': { autoCondenseContextPercent: 50 } });
    expect([half.trigger.threshold, half.fires]).toEqual([100_000, true]);
    expect(rooCodeThreshold(100_000, { autoCondenseContextPercent: 100, maxTokens: 8_192 })).toBe(81_809);
    expect(rooCodeThreshold(100_000, { autoCondenseContextPercent: 100, maxTokens: 32_000 })).toBe(58_001);
    // 33% of 1,000 is 330 tokens: reached at 330, not 329.
    expect(rooCodeThreshold(1_000, { autoCondenseContextPercent: 33, maxTokens: 0 })).toBe(330);
  });

  it('starts afresh: everything is summarized', () => {
    const messages = session(180_000);
    const o = outcome(messages);
    expect([o.plan.firstKeptIdx, o.carriedTokens]).toEqual([4, 0]);
  });

  it('refuses a percent under 5, as Roo Code does', () => {
    expect(harnessParamProblem('roo-code', 'autoCondenseContextPercent', 5)).toBeNull();
    expect(harnessParamProblem('roo-code', 'autoCondenseContextPercent', 4)).toBe('Must be at least 5.');
  });
});
