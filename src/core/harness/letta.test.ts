import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { roundHalfEven } from './letta';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], harness: HarnessParamsInput = {}, window = 1_000) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: window,
    strategy: 'letta',
    harness,
    tokenizer: 'chars4',
  }).current;

const text = (tokens: number) => 'x'.repeat(tokens * 4);

/** The system prompt (10 tokens), then prompts and replies of 100 tokens, ending on a prompt: 10 messages. */
function session(sizes: Partial<Record<number, number>> = {}): Message[] {
  const messages: Message[] = [sys(text(10))];
  for (let i = 1; i <= 9; i++) {
    const tokens = sizes[i] ?? 100;
    messages.push(i % 2 === 1 ? user(text(tokens)) : assistant(text(tokens)));
  }
  return messages;
}

describe("Letta's sliding-window compaction", () => {
  it('compacts once the context passes 90% of the window', () => {
    // 10 + 9 × 100 = 910 over 900.
    const o = outcome(session());
    expect([o.trigger.threshold, o.trigger.comparison, o.fires]).toEqual([900, 'exceed', true]);
    expect(outcome(session({ 9: 90 })).fires).toBe(false);
  });

  it('first evicts 30% + 10% of its list, up to an assistant message, when the rest fits 70% of the window', () => {
    // Its list is the system prompt and 9 messages: round(0.4 × 10) = 4, an assistant message;
    // 10 + 600 left is under 700.
    expect(outcome(session()).plan.firstKeptIdx).toBe(4);
  });

  it('evicts 10% more each time until what is left fits', () => {
    // With a 500-token reply at 8: from 4 (1,010 left), 6 (810), then round(0.8 × 10) = 8 (610).
    expect(outcome(session({ 8: 500 })).plan.firstKeptIdx).toBe(8);
  });

  it('summarizes everything when no cut short of the end leaves little enough', () => {
    const messages = session({ 9: 800 });
    expect(outcome(messages).plan.firstKeptIdx).toBe(messages.length);
    expect(outcome(session(), { letta: { summarizeAll: true } }).plan.firstKeptIdx).toBe(10);
  });

  it('rounds as Python does, halves to the even number', () => {
    expect([
      roundHalfEven(2.5),
      roundHalfEven(3.5),
      roundHalfEven(4.4),
      roundHalfEven(7.999999999999999),
    ]).toEqual([2, 4, 4, 8]);
  });

  it('takes a share above 0 and at most 1', () => {
    expect(harnessParamProblem('letta', 'slidingWindowPercentage', 1)).toBeNull();
    expect(harnessParamProblem('letta', 'slidingWindowPercentage', 0)).toBe(
      'A share of the window: above 0 and at most 1, like 0.5.',
    );
  });
});
