import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message, Role } from '../message';
import { toolShapeOf } from './toolShape';
import { langchainCut, type LangChainSummarizationParams } from './langchain-summarization';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], window: number, harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: window,
    strategy: 'langchain-summarization',
    harness,
    tokenizer: 'chars4',
  }).current;

const DEFAULTS: LangChainSummarizationParams = {
  triggerTokens: 0,
  triggerPercent: 0,
  keepMessages: 20,
  keepTokens: 0,
};

/**
 * 24 messages: 0 system · 1 prompt · 2 a reply calling two tools · 3, 4 their
 * results · 5 a reply · then 18 messages, prompts at the even indexes (100
 * tokens each) and replies at the odd ones (10 each).
 */
function session(): Message[] {
  const c1 = call('c1', 'read', {});
  const c2 = call('c2', 'read', {});
  const out = [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c1, c2]),
    toolResult(c1, 'x'.repeat(800)),
    toolResult(c2, 'y'.repeat(800)),
    assistant('a'.repeat(40)),
  ];
  for (let i = 6; i < 24; i++) out.push(i % 2 === 0 ? user('v'.repeat(400)) : assistant('w'.repeat(40)));
  return out;
}

describe("LangChain's SummarizationMiddleware", () => {
  it('has no trigger until one is set, as in the library', () => {
    const o = outcome(session(), 200_000);
    expect([o.trigger.threshold, o.trigger.formula, o.fires]).toEqual([0, 'no trigger set', false]);
  });

  it('summarizes once the messages reach the token trigger, or a percent of the window if lower', () => {
    // 10 + 100 + 3 (two calls, 12 characters) + 200 + 200 + 10 + 9 × 100 + 9 × 10 = 1,513 tokens.
    const at = outcome(session(), 200_000, { 'langchain-summarization': { triggerTokens: 1_513 } });
    expect([at.trigger.threshold, at.trigger.comparison, at.fires]).toEqual([1_513, 'reach', true]);
    expect(outcome(session(), 200_000, { 'langchain-summarization': { triggerTokens: 1_514 } }).fires).toBe(
      false,
    );
    const both = outcome(session(), 2_000, {
      'langchain-summarization': { triggerTokens: 1_800, triggerPercent: 75 },
    });
    expect([both.trigger.threshold, both.trigger.formula, both.fires]).toEqual([
      1_500,
      'min(1,800 trigger tokens, 2,000 window × 75%)',
      true,
    ]);
  });

  it('keeps the newest 20 messages, moving back to the call when the first kept would be a result (#2)', () => {
    // 23 messages after the system prompt: the 20th from the end is the second result (#4), so the
    // reply that called both tools (#2) is kept with them.
    const o = outcome(session(), 200_000);
    expect([o.plan.firstKeptIdx, o.carriedTokens]).toEqual([2, 0]);
    const fewer = outcome(session(), 200_000, { 'langchain-summarization': { keepMessages: 18 } });
    expect(fewer.plan.firstKeptIdx).toBe(6);
    const all = outcome(session(), 200_000, { 'langchain-summarization': { keepMessages: 23 } });
    expect(all.plan.nothingToCompact).toBe(true);
  });

  it('keeps by tokens as a ceiling, unless a tool call must come along or the newest message alone is over', () => {
    // 0 prompt (100) · 1 call (4) · 2, 3 results (300, 200) · 4 reply (40) · 5 prompt (100) · 6 reply (40)
    const roles: Role[] = ['user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'assistant'];
    const view = {
      roles,
      counts: [100, 4, 300, 200, 40, 100, 40],
      isSummary: roles.map(() => false),
      calls: [0, 2, 0, 0, 0, 0, 0],
    };
    const cut = (keepTokens: number) => langchainCut(view, 0, { ...DEFAULTS, keepTokens });
    // 40 + 100 + 40 = 180 fit 200; the result (#3) would make 380.
    expect(cut(200)).toBe(4);
    // 380 fit 400; the kept part would begin with a result, so its call comes along: 684 kept.
    expect(cut(400)).toBe(1);
    // Not even the newest reply fits 30: it is kept alone.
    expect(cut(30)).toBe(6);
    // Everything fits: nothing to summarize.
    expect(cut(784)).toBe(0);
    const o = outcome(session(), 200_000, { 'langchain-summarization': { keepTokens: 330 } });
    expect(o.plan.firstKeptIdx).toBe(18);
  });

  describe('a cut landing on tool results', () => {
    /** The cut view of `messages`, with the calls behind each result (counts are not used by a cut by messages). */
    const viewOf = (messages: Message[]) => ({
      roles: messages.map((m) => m.role),
      counts: messages.map(() => 1),
      isSummary: messages.map(() => false),
      calls: messages.map((m) => m.toolCalls?.length ?? 0),
      tools: toolShapeOf(messages, chars4),
    });
    const keep = (messages: Message[], keepMessages: number) =>
      langchainCut(viewOf(messages), 0, { ...DEFAULTS, keepMessages });
    const gone = call('gone', 'read', {});
    const c1 = call('c1', 'read', {});

    it('keeps results whose call is no longer in the history: the cut stays on them', () => {
      // 0 prompt · 1 reply · 2, 3 results of calls summarized earlier · 4 reply · 5 prompt · 6 reply
      const messages = [
        user('go'),
        assistant('ok'),
        toolResult(gone, 'a'),
        toolResult(gone, 'b'),
        assistant('done'),
        user('next'),
        assistant('fine'),
      ];
      expect(keep(messages, 5)).toBe(2);
      expect(keep(messages, 4)).toBe(3);
    });

    it('moves back to the call when one result at the cut answers it, keeping the other result too', () => {
      // 0 prompt · 1 reply calling c1 · 2 a result without its call · 3 c1's result · 4 reply · 5 prompt
      const messages = [
        user('go'),
        assistant('', [c1]),
        toolResult(gone, 'a'),
        toolResult(c1, 'b'),
        assistant('done'),
        user('next'),
      ];
      expect(keep(messages, 4)).toBe(1);
    });

    it('moves back past a call whose result comes after the cut, and summarizes nothing when none is safe', () => {
      // 0 prompt · 1 reply calling c1 · 2 a result without its call · 3 prompt · 4 c1's result · 5 reply
      const messages = [
        user('go'),
        assistant('', [c1]),
        toolResult(gone, 'a'),
        user('wait'),
        toolResult(c1, 'b'),
        assistant('done'),
      ];
      // Cutting at 2 or 4 would part c1 (at 1) from its result (at 4); 1 begins with a call.
      expect(keep(messages, 4)).toBe(0);
      // At 5 the call and its result are both summarized.
      expect(keep(messages, 1)).toBe(5);
    });
  });

  it('refuses negative counts', () => {
    expect(harnessParamProblem('langchain-summarization', 'keepMessages', 0)).toBeNull();
    expect(harnessParamProblem('langchain-summarization', 'triggerTokens', -5)).toBe('Cannot be negative.');
  });
});
