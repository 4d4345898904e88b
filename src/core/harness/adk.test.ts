import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { adkEvents } from './adk';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 200_000,
    strategy: 'adk',
    harness,
    tokenizer: 'chars4',
  }).current;

const c1 = call('c1', 'read', {});
const c2 = call('c2', 'read', {});
const c3 = call('c3', 'read', {});

/**
 * Two turns: the first with two parallel calls answered by two results (one
 * ADK event), the second with one call. Events after the system prompt start
 * at 1, 2, 3 (both results), 5, 6, 7, 8 and 9.
 */
function session(): Message[] {
  return [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c1, c2]),
    toolResult(c1, 'x'.repeat(400)),
    toolResult(c2, 'y'.repeat(400)),
    assistant('a'.repeat(400)),
    user('v'.repeat(400)),
    assistant('', [c3]),
    toolResult(c3, 'z'.repeat(400)),
    assistant('b'.repeat(400)),
  ];
}

describe("Google ADK's token-threshold compaction", () => {
  it('compacts once the prompt reaches token_threshold (4,000), not before', () => {
    const at = (tokens: number) => [sys('s'.repeat(40)), user('u'.repeat((tokens - 10) * 4))];
    const o = outcome(at(4_000));
    expect([o.trigger.threshold, o.trigger.comparison, o.fires]).toEqual([4_000, 'reach', true]);
    expect(outcome(at(3_999)).fires).toBe(false);
    expect(outcome(at(5_000), { adk: { tokenThreshold: 6_000 } }).fires).toBe(false);
  });

  it('counts a run of tool results as one event', () => {
    expect(adkEvents({ roles: session().map((m) => m.role) }, 1)).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
  });

  it('keeps the newest 5 events raw and summarizes the 3 before them', () => {
    // Eight events; the split is the fourth, the message at 5.
    expect(outcome(session()).plan.firstKeptIdx).toBe(5);
    expect(outcome(session(), { adk: { eventRetentionSize: 4 } }).plan.firstKeptIdx).toBe(6);
  });

  it('moves the split back so a kept tool result keeps its call', () => {
    // Keeping 2 events would start at the result at 8, whose call is at 7: the kept part starts at 7.
    expect(outcome(session(), { adk: { eventRetentionSize: 2 } }).plan.firstKeptIdx).toBe(7);
    expect(outcome(session(), { adk: { eventRetentionSize: 3 } }).plan.firstKeptIdx).toBe(7);
  });

  it('summarizes every event with a retention of 0, and nothing with no more events than it keeps', () => {
    const messages = session();
    expect(outcome(messages, { adk: { eventRetentionSize: 0 } }).plan.firstKeptIdx).toBe(messages.length);
    expect(outcome(messages, { adk: { eventRetentionSize: 8 } }).plan.nothingToCompact).toBe(true);
    expect(outcome(messages, { adk: { eventRetentionSize: 7 } }).plan.firstKeptIdx).toBe(2);
  });

  it('never compacts from a call still waiting for its result on', () => {
    // c2 has no result: the event at 2 holds a pending call, so only the prompt at 1 is summarized.
    const messages = session().filter((_, i) => i !== 4);
    expect(outcome(messages).plan.firstKeptIdx).toBe(2);
  });

  it('refuses a threshold below 1 and a negative retention, as ADK does', () => {
    expect(harnessParamProblem('adk', 'tokenThreshold', 1)).toBeNull();
    expect(harnessParamProblem('adk', 'tokenThreshold', 0)).toBe('Must be at least 1.');
    expect(harnessParamProblem('adk', 'eventRetentionSize', 0)).toBeNull();
    expect(harnessParamProblem('adk', 'eventRetentionSize', -1)).toBe('Cannot be negative.');
  });
});
