import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import { applyTyped, problemsWith, settingsProblems } from './settingsProblems';

describe('settingsProblems', () => {
  it('finds nothing wrong with the defaults, or with a window of 0 (compaction off)', () => {
    expect(settingsProblems({})).toEqual([]);
    expect(settingsProblems({ maxContextTokens: 0, reserveTokens: 900_000 })).toEqual([]);
  });

  it('refuses a reserve at or above the window, naming both numbers', () => {
    expect(settingsProblems({ maxContextTokens: 8192, reserveTokens: 8192, keepRecentTokens: 1000 })).toEqual(
      [
        {
          fields: ['reserveTokens', 'maxContextTokens'],
          reason:
            'The reserve (8,192) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.',
        },
      ],
    );
    expect(settingsProblems({ maxContextTokens: 8193, reserveTokens: 8192, keepRecentTokens: 1000 })).toEqual(
      [],
    );
  });

  it('counts a reserve of 0 as the default it takes', () => {
    expect(settingsProblems({ maxContextTokens: 16384, reserveTokens: 0, keepRecentTokens: 1000 })).toEqual([
      {
        fields: ['reserveTokens', 'maxContextTokens'],
        reason:
          'A reserve of 0 takes the default, 16,384, which must be smaller than the window (16,384): otherwise no room is left for the conversation and every message would compact.',
      },
    ]);
  });

  it('refuses a keep-recent larger than the window, but not one equal to it', () => {
    expect(
      settingsProblems({ maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 20000 }),
    ).toEqual([
      {
        fields: ['keepRecentTokens', 'maxContextTokens'],
        reason:
          'Keep-recent (20,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
      },
    ]);
    expect(settingsProblems({ maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 8192 })).toEqual(
      [],
    );
    // 0 takes the default, which normalization then lowers to a quarter of window − reserve.
    expect(settingsProblems({ maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 0 })).toEqual(
      [],
    );
  });

  it('refuses negative, fractional and non-numeric counts, saying what 0 would mean', () => {
    expect(
      settingsProblems({
        maxContextTokens: -1,
        reserveTokens: -5,
        keepRecentTokens: 10.5,
        maxSummaryTokens: Number.NaN,
        stallTimeoutMs: -1,
      }).map((p) => [p.fields[0], p.reason]),
    ).toEqual([
      ['maxContextTokens', 'The window cannot be negative (0 = compaction off).'],
      ['reserveTokens', 'The reserve cannot be negative (0 takes the default, 16,384).'],
      ['keepRecentTokens', 'Keep-recent is a whole number of tokens.'],
      ['maxSummaryTokens', 'The summary cap must be a number.'],
      ['stallTimeoutMs', 'The stall timeout cannot be negative (0 takes the default).'],
    ]);
  });

  it('refuses a scale outside 0.5 to 1.5', () => {
    expect(settingsProblems({ scale: 3 })).toEqual([
      { fields: ['scale'], reason: 'Scale must be from 0.5 to 1.5.' },
    ]);
    expect(settingsProblems({ scale: 0.5 })).toEqual([]);
    expect(settingsProblems({ scale: 1.5 })).toEqual([]);
  });

  it('problemsWith keeps the problems a field is part of', () => {
    const input = { maxContextTokens: 8192, keepRecentTokens: 9000, scale: 2 };
    expect(problemsWith(input, 'maxContextTokens').map((p) => p.fields[0])).toEqual([
      'reserveTokens',
      'keepRecentTokens',
    ]);
    expect(problemsWith(input, 'scale')).toHaveLength(1);
    expect(problemsWith(input, 'strategy')).toEqual([]);
  });
});

describe('applyTyped', () => {
  it('applies values that leave no problem', () => {
    expect(applyTyped(DEFAULT_SETTINGS, { keepRecentTokens: 30, strategy: 'pi' })).toEqual({
      settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 30, strategy: 'pi' },
      refused: [],
    });
  });

  it('refuses a reserve at or above the window and keeps the last valid one', () => {
    const valid = {
      ...DEFAULT_SETTINGS,
      maxContextTokens: 8192,
      reserveTokens: 2048,
      keepRecentTokens: 1536,
    };
    expect(applyTyped(valid, { reserveTokens: 9000 })).toEqual({
      settings: valid,
      refused: [
        {
          field: 'reserveTokens',
          value: 9000,
          reason:
            'The reserve (9,000) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.',
        },
      ],
    });
  });

  it('applies a small window, reserve and keep-recent typed in any order', () => {
    for (const typed of [
      { maxContextTokens: 90, reserveTokens: 10, keepRecentTokens: 30 },
      { reserveTokens: 10, maxContextTokens: 90, keepRecentTokens: 30 },
      { keepRecentTokens: 30, maxContextTokens: 90, reserveTokens: 10 },
    ]) {
      expect(applyTyped(DEFAULT_SETTINGS, typed)).toEqual({
        settings: { ...DEFAULT_SETTINGS, maxContextTokens: 90, reserveTokens: 10, keepRecentTokens: 30 },
        refused: [],
      });
    }
  });

  it('names every reason, against the settings that apply in the end', () => {
    const { settings, refused } = applyTyped(DEFAULT_SETTINGS, {
      maxContextTokens: 8192,
      reserveTokens: 10000,
    });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, reserveTokens: 10000 });
    expect(refused.map((r) => [r.field, r.value, r.reason])).toEqual([
      [
        'maxContextTokens',
        8192,
        'The reserve (10,000) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact. ' +
          'Keep-recent (20,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
      ],
    ]);
  });

  it('leaves settings with no problem whatever is typed', () => {
    const typed = [
      { maxContextTokens: 1 },
      { maxContextTokens: 100, keepRecentTokens: 101, reserveTokens: 99 },
      { reserveTokens: -3, scale: 9, stallTimeoutMs: 0.5 },
      { maxContextTokens: 4096, reserveTokens: 0 },
    ];
    for (const t of typed) {
      const { settings, refused } = applyTyped(DEFAULT_SETTINGS, t);
      expect(settingsProblems(settings)).toEqual([]);
      expect(refused.length).toBeGreaterThan(0);
    }
  });
});
