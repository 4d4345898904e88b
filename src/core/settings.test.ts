import { describe, expect, it } from 'vitest';
import {
  explainSettings,
  normalizeSettings,
  shouldCompact,
  summarizerInputBudget,
  summaryBudget,
  threshold,
  turnPrefixBudget,
  keepRecentCeiling,
} from './settings';

describe('normalizeSettings', () => {
  it('lowers keep-recent to a quarter of window minus reserve on small windows', () => {
    expect(normalizeSettings({ maxContextTokens: 20000, reserveTokens: 8000 }).keepRecentTokens).toBe(3000);
  });

  it('leaves the default keep-recent alone when the window is large', () => {
    expect(normalizeSettings({ maxContextTokens: 200000, reserveTokens: 16384 }).keepRecentTokens).toBe(
      20000,
    );
  });

  it('never raises keep-recent', () => {
    const s = normalizeSettings({ maxContextTokens: 40000, reserveTokens: 8000, keepRecentTokens: 2000 });
    expect(s.keepRecentTokens).toBe(2000);
  });

  it('gives a zero or negative reserve and keep-recent their defaults', () => {
    const s = normalizeSettings({ maxContextTokens: 0, reserveTokens: 0, keepRecentTokens: -5 });
    expect([s.reserveTokens, s.keepRecentTokens]).toEqual([16384, 20000]);
  });

  it('does not clamp keep-recent when the usable window is too small to have a quarter', () => {
    expect(normalizeSettings({ maxContextTokens: 16387, reserveTokens: 16384 }).keepRecentTokens).toBe(20000);
  });

  it('keeps the scale within 0.5 to 1.5 and treats nonsense as 1', () => {
    expect(normalizeSettings({ scale: 3 }).scale).toBe(1.5);
    expect(normalizeSettings({ scale: 0.1 }).scale).toBe(0.5);
    expect(normalizeSettings({ scale: Number.NaN }).scale).toBe(1);
  });

  it('lowers a stall timeout above 2³¹ − 1 ms, which a timer would fire at once, and says why', () => {
    const { settings, adjustments } = explainSettings({ stallTimeoutMs: 3_000_000_000 });
    expect(settings.stallTimeoutMs).toBe(2_147_483_647);
    expect(adjustments).toEqual([
      {
        field: 'stallTimeoutMs',
        from: 3_000_000_000,
        to: 2_147_483_647,
        reason:
          'lowered to 2147483647 ms (about 24.8 days), the longest delay a timer can wait: a longer one fires at once',
      },
    ]);
    expect(normalizeSettings({ stallTimeoutMs: Infinity }).stallTimeoutMs).toBe(2_147_483_647);
    expect(explainSettings({ stallTimeoutMs: 2_147_483_647 }).adjustments).toEqual([]);
  });

  it('raises a summary cap below 1024 to 1024 and says why; 0 still means no cap', () => {
    const { settings, adjustments } = explainSettings({ maxSummaryTokens: 5 });
    expect(settings.maxSummaryTokens).toBe(1024);
    expect(adjustments).toEqual([
      {
        field: 'maxSummaryTokens',
        from: 5,
        to: 1024,
        reason: 'raised to 1024, the smallest summary budget: a shorter summary stops mid-sentence',
      },
    ]);
    expect(summaryBudget(settings)).toBe(1024);
    expect(explainSettings({ maxSummaryTokens: 0 }).adjustments).toEqual([]);
  });

  it('explains every field it changed and why', () => {
    const { adjustments } = explainSettings({
      maxContextTokens: 20000,
      reserveTokens: 8000,
      stallTimeoutMs: 0,
    });
    expect(adjustments.map((a) => [a.field, a.from, a.to])).toEqual([
      ['keepRecentTokens', 20000, 3000],
      ['stallTimeoutMs', 0, 120000],
    ]);
    expect(adjustments[0].reason).toBe('lowered to a quarter of window − reserve (20,000 − 8,000) / 4');
  });
});

describe('threshold and shouldCompact', () => {
  const s = normalizeSettings({ enabled: true, maxContextTokens: 128000, reserveTokens: 28672 });

  it('is window minus reserve', () => {
    expect(threshold(s)).toBe(99328);
  });

  it('does not fire at the threshold itself, only above it', () => {
    expect(shouldCompact(s, 99328)).toBe(false);
    expect(shouldCompact(s, 99329)).toBe(true);
  });

  it('is off without a window', () => {
    const off = normalizeSettings({ maxContextTokens: 0 });
    expect(threshold(off)).toBe(0);
    expect(shouldCompact(off, 1_000_000)).toBe(false);
  });

  it('never fires when disabled', () => {
    expect(
      shouldCompact(normalizeSettings({ enabled: false, maxContextTokens: 1000, reserveTokens: 100 }), 5000),
    ).toBe(false);
  });

  it('fires for pi’s examples: 95,000 of 100,000 with a 10,000 reserve, not 89,000', () => {
    const pi = normalizeSettings({ maxContextTokens: 100000, reserveTokens: 10000 });
    expect([shouldCompact(pi, 95000), shouldCompact(pi, 89000)]).toEqual([true, false]);
    const wide = normalizeSettings({ maxContextTokens: 200000 });
    expect([shouldCompact(wide, 183616), shouldCompact(wide, 183617)]).toEqual([false, true]);
  });

  it('is at least 1 when the reserve swallows the window', () => {
    expect(threshold(normalizeSettings({ maxContextTokens: 1000, reserveTokens: 4000 }))).toBe(1);
  });
});

describe('budgets', () => {
  it('derives the summary and turn-prefix budgets of the test settings', () => {
    const s = normalizeSettings({ maxContextTokens: 40000, reserveTokens: 8000, keepRecentTokens: 2000 });
    expect([threshold(s), summaryBudget(s), turnPrefixBudget(s)]).toEqual([32000, 2000, 1000]);
  });

  it('caps the summary by the summary cap', () => {
    const s = normalizeSettings({ maxContextTokens: 200000, reserveTokens: 16384, maxSummaryTokens: 4096 });
    expect([summaryBudget(s), turnPrefixBudget(s)]).toEqual([4096, 2048]);
  });

  it('caps the summary by keep-recent so it cannot take back the freed room', () => {
    const s = normalizeSettings({ maxContextTokens: 200000, reserveTokens: 28672, maxSummaryTokens: 24576 });
    expect([threshold(s), summaryBudget(s), turnPrefixBudget(s)]).toEqual([171328, 20000, 10000]);
  });

  it('never goes below 1024 for the summary and 512 for the prefix', () => {
    const s = normalizeSettings({ maxContextTokens: 8000, reserveTokens: 1000, keepRecentTokens: 300 });
    expect([summaryBudget(s), turnPrefixBudget(s)]).toEqual([1024, 512]);
  });

  it('holds back a tenth of what the summarizer request leaves of the window', () => {
    const s = normalizeSettings({ maxContextTokens: 20000, reserveTokens: 8000, keepRecentTokens: 2000 });
    // (20000 − (2000 + 1500 + 500)) · 9/10
    expect(summarizerInputBudget(s, 2000, 1500, 500)).toBe(14400);
    expect(summarizerInputBudget(s, 30000, 0, 0)).toBe(1);
    expect(summarizerInputBudget(normalizeSettings({ maxContextTokens: 0 }), 2000, 0, 0)).toBe(0);
  });
});

describe('keepRecentCeiling', () => {
  it('is a quarter of window − reserve with its rule in words, and none without a window or room', () => {
    expect(keepRecentCeiling(10_000, 2_000)).toEqual({
      max: 2_000,
      rule: 'a quarter of window − reserve (10,000 − 2,000) / 4',
    });
    expect(keepRecentCeiling(0, 0)).toBeNull();
    expect(keepRecentCeiling(4_000, 4_000)).toBeNull();
  });
});
