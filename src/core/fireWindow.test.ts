import { describe, expect, it } from 'vitest';
import { analyze, type TranscriptShape } from './analysis';
import { keepRecentNote, roundDown2, triggerThatFires, windowThatFires } from './fireWindow';
import { formulaThreshold } from './harness/registry';
import {
  DEFAULT_SETTINGS,
  STRATEGIES,
  explainSettings,
  normalizeSettings,
  shouldCompact,
  threshold,
} from './settings';
import { settingsProblems } from './settingsProblems';

const defaults = normalizeSettings(DEFAULT_SETTINGS);

describe('a window where compaction fires', () => {
  it('for a 12,345-token chat under the defaults: window 14,000, an eighth of it reserved, keep-recent a quarter of the rest', () => {
    // 15,000 would reserve 1,800 and put the threshold at 13,200, above the context.
    expect(windowThatFires(12_345, defaults)).toEqual({
      maxContextTokens: 14_000,
      reserveTokens: 1_700,
      keepRecentTokens: 3_000,
    });
  });

  it('keeps the reserve and keep-recent when they already fit the window', () => {
    // 110,000 − 16,384 = 93,616 is not below 90,000; 100,000 − 16,384 = 83,616 is.
    expect(windowThatFires(90_000, defaults)).toEqual({
      maxContextTokens: 100_000,
      reserveTokens: 16_384,
      keepRecentTokens: 20_000,
    });
  });

  it('keeps a smaller reserve and keep-recent the user chose', () => {
    const chosen = normalizeSettings({ ...DEFAULT_SETTINGS, reserveTokens: 2_000, keepRecentTokens: 1_500 });
    expect(windowThatFires(30_000, chosen)).toEqual({
      maxContextTokens: 31_000,
      reserveTokens: 2_000,
      keepRecentTokens: 1_500,
    });
  });

  it('offers nothing for a context too small for the kept tail and the smallest summary', () => {
    expect(windowThatFires(1_000, defaults)).toBeNull();
    expect(windowThatFires(84, defaults)).toBeNull();
    expect(windowThatFires(0, defaults)).toBeNull();
  });

  it('fires, is not refused, passes normalization untouched, leaves room for the summary, and is the largest round window that fires', () => {
    for (const context of [1_500, 2_345, 9_999, 10_000, 47_500, 131_072, 987_654]) {
      const found = windowThatFires(context, defaults);
      expect(found, `context ${context}`).not.toBeNull();
      expect(settingsProblems({ ...DEFAULT_SETTINGS, ...found }), `context ${context}`).toEqual([]);
      const { settings, adjustments } = explainSettings({ ...DEFAULT_SETTINGS, ...found });
      expect(adjustments, `context ${context}`).toEqual([]);
      expect(shouldCompact(settings, context), `context ${context}`).toBe(true);
      expect(found!.keepRecentTokens + 1024, `context ${context}`).toBeLessThanOrEqual(threshold(settings));
      expect(roundDown2(found!.maxContextTokens)).toBe(found!.maxContextTokens);
      // The next round window up, with its own reserve, no longer fires.
      const up = found!.maxContextTokens + 10 ** (Math.floor(Math.log10(found!.maxContextTokens)) - 1);
      const upReserve = defaults.reserveTokens * 4 <= up ? defaults.reserveTokens : roundDown2(up / 8);
      expect(up - upReserve, `context ${context}`).toBeGreaterThanOrEqual(context);
    }
  });
});

/** Six messages of 12,345 tokens, with the list's 3 closing tokens: 12,348 in context. */
const chat: TranscriptShape = {
  roles: ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
  counts: [2_000, 2_000, 2_000, 2_000, 2_000, 2_345],
  isSummary: [false, false, false, false, false, false],
  listTail: 3,
};

/** The settings after one click on the offer under `strategy`. */
function offered(strategy: (typeof STRATEGIES)[number]) {
  const typed = { ...DEFAULT_SETTINGS, strategy };
  const before = analyze(chat, typed);
  expect(before.shouldCompact).toBe(false);
  if (strategy === 'clear-tool-uses') {
    const trigger = triggerThatFires(before.contextTokens);
    return trigger === null ? null : { ...typed, harness: { 'clear-tool-uses': { trigger } } };
  }
  const found = windowThatFires(before.contextTokens, before.settings);
  return found && { ...typed, ...found };
}

describe("the offer follows the chosen strategy's own threshold rule", () => {
  it.each([
    // window − reserve, exceeded: 14,000 − 1,700.
    ['budget', 14_000, 12_300],
    ['pi', 14_000, 12_300],
    ['turns', 14_000, 12_300],
    // window − min(32,000, 20,000) − 13,000, reached: not "threshold 1" at the cut rules' 14,000.
    ['claude-code', 45_000, 12_000],
    // 90% of the window: 14,000 × 0.9 = 12,600 is still above 12,348, so 13,000.
    ['codex', 13_000, 11_700],
    // window − min(32,000, 32,000).
    ['opencode', 44_000, 12_000],
    // half the window.
    ['gemini-cli', 24_000, 12_000],
  ] as const)(
    '%s: window %i, threshold %i, and after one click the transcript fires',
    (strategy, window, t) => {
      const settings = offered(strategy)!;
      expect(settings.maxContextTokens).toBe(window);
      const after = analyze(chat, settings);
      expect(after.adjustments).toEqual([]);
      expect(after.threshold).toBe(t);
      expect(after.shouldCompact).toBe(true);
      expect(formulaThreshold(strategy as never, window, after.settings.harness) ?? t).toBe(t);
    },
  );

  it("the Anthropic API's clearing gets a trigger of its own, 12,000, which the 12,348 tokens exceed", () => {
    const settings = offered('clear-tool-uses')!;
    expect(settings.harness).toEqual({ 'clear-tool-uses': { trigger: 12_000 } });
    const after = analyze(chat, settings);
    expect(after.threshold).toBe(12_000);
    expect(after.shouldCompact).toBe(true);
  });

  it('masking acts at every call, with no threshold to move: no offer', () => {
    expect(offered('mask-observations')).toBeNull();
  });

  it('offers no window whose Claude Code formula would be below 1: a 900-token context would need a threshold of 1', () => {
    const settings = normalizeSettings({ ...DEFAULT_SETTINGS, strategy: 'claude-code' });
    // 34,000 − 20,000 − 13,000 = 1,000 is not reached by 900; 33,000 leaves 0, floored to a meaningless 1.
    expect(windowThatFires(900, settings)).toBeNull();
    expect(windowThatFires(1_500, settings)).toEqual({
      maxContextTokens: 34_000,
      reserveTokens: 4_200,
      keepRecentTokens: 7_400,
    });
  });

  it('a Codex catalog limit below the window shares: the window that fires is found under it', () => {
    const settings = normalizeSettings({
      ...DEFAULT_SETTINGS,
      strategy: 'codex',
      harness: { codex: { autoCompactLimit: 50_000 } },
    });
    const found = windowThatFires(12_348, settings)!;
    expect(found.maxContextTokens).toBe(13_000);
    expect(analyze(chat, { ...settings, ...found }).shouldCompact).toBe(true);
  });

  it('says why its keep-recent is lower than the one in force: the cap that lowered it', () => {
    const settings = normalizeSettings({
      ...DEFAULT_SETTINGS,
      maxContextTokens: 200_000,
      keepRecentTokens: 45_000,
    });
    const found = windowThatFires(130_834, settings)!;
    expect(found).toEqual({ maxContextTokens: 140_000, reserveTokens: 16_384, keepRecentTokens: 30_000 });
    expect(keepRecentNote(130_834, settings, found)).toBe(
      'not the 45,000 in force: that is over a quarter of window − reserve (140,000 − 16,384) / 4 = 30,904, so the offer rounds that down',
    );
    const same = windowThatFires(130_834, normalizeSettings(DEFAULT_SETTINGS))!;
    expect(keepRecentNote(130_834, DEFAULT_SETTINGS, same)).toBeNull();
  });

  it('names the part compaction may touch when that sets the keep-recent', () => {
    const settings = normalizeSettings(DEFAULT_SETTINGS);
    const found = windowThatFires(40_000, settings, 10_000)!;
    expect(found.keepRecentTokens).toBe(7_500);
    expect(keepRecentNote(40_000, settings, found, 10_000)).toBe(
      'not the 20,000 in force: that is over a quarter of the 30,000 tokens compaction may touch, so the offer rounds that down',
    );
  });

  it('no trigger of at least 0 is below an empty context', () => {
    expect(triggerThatFires(0)).toBeNull();
    expect(triggerThatFires(1)).toBe(0);
  });
});

describe('two leading digits', () => {
  it('rounds down to two significant digits', () => {
    expect([99, 100, 149, 1_750, 3_075, 20_904, 131_072].map(roundDown2)).toEqual([
      99, 100, 140, 1_700, 3_000, 20_000, 130_000,
    ]);
  });
});
