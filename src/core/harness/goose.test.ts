import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 100_000,
    strategy: 'goose',
    harness,
    tokenizer: 'chars4',
  }).current;

/** The system prompt (10), a first prompt (100), a call and its result of `output` tokens, a newest prompt (30). */
function session(output: number): Message[] {
  const c = call('c1', 'read', {});
  return [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c]),
    toolResult(c, 'x'.repeat(output * 4)),
    user('v'.repeat(120)),
    assistant('a'.repeat(40)),
  ];
}

describe("Goose's auto-compaction", () => {
  it('compacts once the context passes 80% of the window, not at it', () => {
    // 10 + 100 + 2 (the call) + 30 + 10 = 152 tokens besides the output.
    const at = outcome(session(80_000 - 152));
    expect([at.trigger.threshold, at.trigger.comparison, at.fires]).toEqual([80_000, 'exceed', false]);
    expect(outcome(session(80_000 - 151)).fires).toBe(true);
    expect(outcome(session(60_000), { goose: { threshold: 0.5 } }).trigger.threshold).toBe(50_000);
  });

  it('summarizes everything and puts a copy of the newest prompt (#4, 30 tokens) after the summary', () => {
    const messages = session(90_000);
    const o = outcome(messages);
    expect([o.plan.firstKeptIdx, o.carriedTokens]).toEqual([messages.length, 30]);
  });

  it('refuses a share of 0 or 1, which Goose takes as auto-compaction off', () => {
    expect(harnessParamProblem('goose', 'threshold', 0.8)).toBeNull();
    expect(harnessParamProblem('goose', 'threshold', 1)).toBe(
      'A share above 0 and below 1: goose reads 1 or more as auto-compaction off.',
    );
    expect(harnessParamProblem('goose', 'threshold', 0)).toBe(
      'A share of the window: above 0 and below 1, like 0.5.',
    );
  });
});
