import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const analysis = (messages: Message[], harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 400_000,
    maxSummaryTokens: 3_000,
    strategy: 'openai-compaction',
    harness,
    tokenizer: 'chars4',
  });

/** The instructions (10 tokens), a turn of 200 tokens, then a prompt of `last` tokens. */
const session = (last: number): Message[] => [
  sys('s'.repeat(40)),
  user('u'.repeat(400)),
  assistant('a'.repeat(400)),
  user('v'.repeat(last * 4)),
];

describe("the OpenAI Responses API's server compaction", () => {
  it('compacts once the input crosses compact_threshold (200,000), not when it equals it', () => {
    const at = analysis(session(200_000 - 210)).current;
    expect([at.trigger.threshold, at.trigger.comparison, at.fires]).toEqual([200_000, 'exceed', false]);
    expect(analysis(session(200_000 - 209)).current.fires).toBe(true);
    const lower = analysis(session(100_000), { 'openai-compaction': { compactThreshold: 80_000 } });
    expect([lower.current.trigger.threshold, lower.current.fires]).toEqual([80_000, true]);
  });

  it('replaces everything with its encrypted item, counted at the summary budget', () => {
    const a = analysis(session(250_000));
    expect([a.current.plan.firstKeptIdx, a.current.carriedTokens]).toEqual([4, 0]);
    // No one can read the item: its 3,000 tokens are the playground's summary budget, beside the instructions.
    expect([a.summaryBudget, a.current.tokensAfter]).toEqual([3_000, 10 + 3_000]);
  });

  it('refuses a threshold of 0', () => {
    expect(harnessParamProblem('openai-compaction', 'compactThreshold', 1)).toBeNull();
    expect(harnessParamProblem('openai-compaction', 'compactThreshold', 0)).toBe('Must be at least 1.');
  });
});
