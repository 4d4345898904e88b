import { describe, expect, it } from 'vitest';
import { analyze, type TranscriptShape } from './analysis';
import { windowThatFires } from './fireWindow';
import { DEFAULT_SETTINGS, type Strategy } from './settings';

/**
 * Twelve messages of 2,940 tokens, as a session whose provider reports 17,123
 * more that the file does not explain (system prompt, tools): 20,066 in
 * context with the list's 3 closing tokens, most of it out of compaction's reach.
 */
const session: TranscriptShape = {
  roles: [
    'user',
    'assistant',
    'tool',
    'assistant',
    'tool',
    'assistant',
    'user',
    'assistant',
    'tool',
    'assistant',
    'tool',
    'assistant',
  ],
  counts: [100, 120, 600, 80, 700, 90, 110, 100, 500, 90, 350, 100],
  isSummary: Array(12).fill(false),
  listTail: 3,
  unseenTokens: 17_123,
};

/** The settings after one click on the offer under `strategy`, counting what the verdict counts. */
function offered(strategy: Strategy) {
  const typed = { ...DEFAULT_SETTINGS, strategy };
  const before = analyze(session, typed);
  expect(before.shouldCompact).toBe(false);
  expect(before.contextTokens).toBe(20_066);
  const fixed = before.contextTokens - before.totalTokens;
  const found = windowThatFires(before.contextTokens, before.settings, fixed);
  return found && { ...typed, ...found };
}

describe('the offer on a file whose provider reports many tokens it does not explain', () => {
  it.each(['budget', 'pi', 'claude-code'] as const)(
    '%s: after one click it fires, cuts, and the compacted context fits under the threshold',
    (strategy) => {
      const settings = offered(strategy)!;
      expect(settings).not.toBeNull();
      const after = analyze(session, settings);
      expect(after.adjustments).toEqual([]);
      expect(after.shouldCompact).toBe(true);
      expect(after.plan.nothingToCompact).toBe(false);
      expect(after.current.tokensAfter).toBeLessThan(after.threshold);
      expect(after.overflow).toBeNull();
    },
  );

  it('offers nothing when even the smallest summary beside the untouched part would stay over the threshold', () => {
    const tiny: TranscriptShape = { ...session, counts: Array<number>(12).fill(50) };
    const before = analyze(tiny, { ...DEFAULT_SETTINGS });
    expect(
      windowThatFires(before.contextTokens, before.settings, before.contextTokens - before.totalTokens),
    ).toBeNull();
  });
});
