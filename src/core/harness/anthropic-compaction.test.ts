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
    maxContextTokens: 200_000,
    strategy: 'anthropic-compaction',
    harness,
    tokenizer: 'chars4',
  }).current;

/** The system prompt (10 tokens), then a call and its result, then a prompt of `last` tokens. */
function session(last: number): Message[] {
  const c = call('c1', 'read', {});
  return [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c]),
    toolResult(c, 'x'.repeat(400)),
    assistant('a'.repeat(400)),
    user('v'.repeat(last * 4)),
  ];
}

describe("the Anthropic API's server compaction", () => {
  it('compacts once the input exceeds 150,000 tokens, not when it equals it', () => {
    // 10 + 100 + 2 (the call: `read` and `{}`) + 100 + 100 = 312 tokens before the last prompt.
    const at = outcome(session(150_000 - 312));
    expect([at.trigger.threshold, at.trigger.comparison, at.fires]).toEqual([150_000, 'exceed', false]);
    expect(outcome(session(150_000 - 311)).fires).toBe(true);
  });

  it('replaces everything before the compaction block', () => {
    const messages = session(150_000);
    const o = outcome(messages);
    expect([o.plan.firstKeptIdx, o.carriedTokens]).toEqual([messages.length, 0]);
  });

  it('takes its trigger from the settings, refusing one below 50,000', () => {
    expect(outcome(session(60_000), { 'anthropic-compaction': { trigger: 50_000 } }).fires).toBe(true);
    expect(harnessParamProblem('anthropic-compaction', 'trigger', 50_000)).toBeNull();
    expect(harnessParamProblem('anthropic-compaction', 'trigger', 49_999)).toBe('Must be at least 50,000.');
  });

  it('keeps the newest messages the client puts back after a paused compaction', () => {
    const messages = session(150_000);
    const paused = { pauseAfterCompaction: true, keepMessages: 2 };
    // The newest two: the reply at 4 and the prompt at 5.
    expect(outcome(messages, { 'anthropic-compaction': paused }).plan.firstKeptIdx).toBe(4);
    // Three would start at the tool result at 3: its call at 2 comes back with it.
    const three = outcome(messages, { 'anthropic-compaction': { ...paused, keepMessages: 3 } });
    expect(three.plan.firstKeptIdx).toBe(2);
    // Without the pause the block replaces everything, whatever is asked to come back.
    const unpaused = outcome(messages, { 'anthropic-compaction': { keepMessages: 2 } });
    expect(unpaused.plan.firstKeptIdx).toBe(messages.length);
  });
});
