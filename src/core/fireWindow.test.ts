import { describe, expect, it } from 'vitest';
import { roundDown2, windowThatFires } from './fireWindow';
import { DEFAULT_SETTINGS, explainSettings, normalizeSettings, shouldCompact, threshold } from './settings';
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

describe('two leading digits', () => {
  it('rounds down to two significant digits', () => {
    expect([99, 100, 149, 1_750, 3_075, 20_904, 131_072].map(roundDown2)).toEqual([
      99, 100, 140, 1_700, 3_000, 20_000, 130_000,
    ]);
  });
});
