import { describe, expect, it } from 'vitest';
import { normalizeSettings, DEFAULT_SETTINGS, type Strategy } from '../../core/settings';
import type { Trigger } from '../../core/harness/preset';
import { thresholdFormula } from './thresholdFormula';

const settings = (strategy: Strategy) =>
  normalizeSettings({ ...DEFAULT_SETTINGS, strategy, maxContextTokens: 128_000, reserveTokens: 16_384 });
const trigger = (t: Partial<Trigger>): Trigger => ({
  threshold: 111_616,
  comparison: 'exceed',
  formula: '',
  ...t,
});

describe('the threshold formula beside the threshold', () => {
  it('a cut rule: its trigger formula, each number named, after the strategy it is for', () => {
    expect(
      thresholdFormula({
        settings: settings('budget'),
        trigger: trigger({ formula: 'max(128,000 window − 16,384 reserve, 1)' }),
      }),
    ).toBe('budget: max(128,000 window − 16,384 reserve, 1) = 111,616; fires above it');
  });

  it('a preset: its own formula, and whether it fires above the threshold or on reaching it', () => {
    expect(
      thresholdFormula({
        settings: settings('claude-code'),
        trigger: trigger({ threshold: 115_000, comparison: 'reach', formula: 'window − 13,000' }),
      }),
    ).toBe('claude-code: window − 13,000 = 115,000; fires when reached');
    expect(
      thresholdFormula({
        settings: settings('codex'),
        trigger: trigger({ comparison: 'exceed', formula: '90% of the window' }),
      }),
    ).toBe('codex: 90% of the window = 111,616; fires above it');
  });

  it('no threshold: off without a window, every call for a strategy that always acts', () => {
    expect(thresholdFormula({ settings: settings('budget'), trigger: trigger({ threshold: 0 }) })).toBe(
      'no window: compaction is off',
    );
    expect(
      thresholdFormula({
        settings: settings('mask-observations'),
        trigger: trigger({ comparison: 'always' }),
      }),
    ).toBe('mask-observations acts at every call');
  });
});
