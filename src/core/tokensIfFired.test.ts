import { describe, expect, it } from 'vitest';
import { analyze, type TranscriptShape } from './analysis';
import { DEFAULT_SETTINGS } from './settings';

/** Six messages, 12,348 tokens with the framing: under the defaults' threshold, over a 12,000-token one. */
const chat: TranscriptShape = {
  roles: ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
  counts: [2_000, 2_000, 2_000, 2_000, 2_000, 2_345],
  isSummary: [false, false, false, false, false, false],
  listTail: 3,
};

describe('the context if a strategy fired', () => {
  it('is what its cut would leave while it does not fire, and the context stays as it is', () => {
    const a = analyze(chat, { ...DEFAULT_SETTINGS, keepRecentTokens: 4_000 });
    expect(a.shouldCompact).toBe(false);
    // Kept: the newest message (2,345; the two newest would be over the 4,000 budget) and the
    // framing, beside a summary at its budget of 4,000 (no more than keep-recent).
    expect(a.current.tokensAfter).toBe(12_348);
    expect(a.plan.firstKeptIdx).toBe(5);
    expect(a.current.tokensIfFired).toBe(2_348 + 4_000);
  });

  it('is its tokens after once it fires', () => {
    const a = analyze(chat, {
      ...DEFAULT_SETTINGS,
      maxContextTokens: 14_000,
      reserveTokens: 1_700,
      keepRecentTokens: 3_000,
    });
    expect(a.shouldCompact).toBe(true);
    expect(a.current.tokensIfFired).toBe(a.current.tokensAfter);
    expect(a.current.tokensAfter).toBeLessThan(12_348);
  });
});
