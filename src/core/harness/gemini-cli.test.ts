import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { apply } from '../apply';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { geminiCliPreset, type GeminiCliParams } from './gemini-cli';
import { GEMINI_ACKNOWLEDGEMENT } from './placeholders';
import type { PresetConfig } from './preset';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const analysis = (messages: Message[]) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 8_000,
    reserveTokens: 1_280,
    strategy: 'gemini-cli',
    tokenizer: 'chars4',
  });

describe('Gemini CLI after its summary', () => {
  it('has the model answer "Got it": the 11 tokens of that reply stay with the summary', () => {
    // 42 characters: 11 tokens under chars4.
    expect(GEMINI_ACKNOWLEDGEMENT).toBe('Got it. Thanks for the additional context!');
    const messages = [
      sys('s'.repeat(40)),
      user('u'.repeat(8_000)),
      assistant('a'.repeat(8_000)),
      user('v'.repeat(1_600)),
      assistant('b'.repeat(1_600)),
    ];
    const a = analysis(messages);
    // 4,810 tokens reach the threshold of 4,000; the split is the user message at 3.
    expect([a.shouldCompact, a.plan.firstKeptIdx]).toEqual([true, 3]);
    expect(a.current.carriedTokens).toBe(11);
    // The system prompt, the kept turn, the answer and a summary at its budget.
    expect([a.summaryBudget, a.current.tokensAfter]).toEqual([1_024, 10 + 800 + 11 + 1_024]);
  });

  it('puts the answer right after the summary in the compacted messages', () => {
    const messages = [sys('rules'), user('old'), assistant('older'), user('new')];
    const answer: Message = { id: 'a', role: 'assistant', content: GEMINI_ACKNOWLEDGEMENT };
    const out = apply(messages, { firstKeptIdx: 3 }, 'what happened', [], [answer]);
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(out[1]!.kind).toBe('summary');
    expect(out[2]!.content).toBe(GEMINI_ACKNOWLEDGEMENT);
  });

  it('discards a compaction that would leave the context larger than before', () => {
    // Only the first 4 tokens of turn one are summarized; the kept 10,000-token prompt and the
    // 11-token answer already weigh more than everything before: Gemini CLI keeps the history.
    const messages = [sys('s'.repeat(40)), user('u'.repeat(16)), user('v'.repeat(40_000))];
    const a = analysis(messages);
    expect([a.shouldCompact, a.plan.firstKeptIdx]).toEqual([true, 2]);
    expect(a.current.tokensAfter).toBe(a.contextTokens);
    expect(a.contextTokens).toBe(10 + 4 + 10_000);
  });
});

describe("Gemini CLI's settings for the tuned point", () => {
  const own = {
    thresholdFraction: 0.5,
    preserveFraction: 0.3,
    toolOutputBudget: 50_000,
    truncateChars: 40_000,
  };
  const tuned = (threshold: number) => ({
    window: 1_048_576,
    reserve: 0,
    keepRecent: 20_000,
    maxSummary: 0,
    threshold,
    enabled: true,
  });
  const config = geminiCliPreset.config as PresetConfig<GeminiCliParams>;

  it('says where the hundredth it writes fires, rounded up as Gemini CLI compares: 0.01 of 1,048,576 at 10,486', () => {
    const { text, notes } = config.write(tuned(10_600), own, true);
    expect(JSON.parse(text)).toEqual({ model: { compressionThreshold: 0.01 } });
    expect(notes).toContain('0.01 fires at 10,486, the closest hundredth at or below the tuned 10,600');
  });

  it('adds no such note when the hundredth fires at the tuned point itself', () => {
    const { notes } = config.write(tuned(10_486), own, true);
    expect(notes.filter((note) => note.includes('fires at'))).toEqual([]);
  });
});
