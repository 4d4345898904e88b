import { describe, expect, it } from 'vitest';
import { explainSettings } from '../settings';
import { DEFAULT_HARNESS_PARAMS, explainHarness, harnessDifferences } from './params';

describe('the presets’ parameters', () => {
  it('take the documented defaults when nothing is typed', () => {
    expect(explainHarness(undefined)).toEqual({ params: DEFAULT_HARNESS_PARAMS, adjustments: [] });
  });

  it('replace a share outside 0–1 and a negative count by the default, and say why', () => {
    const { params, adjustments } = explainHarness({
      'gemini-cli': { thresholdFraction: 2, preserveFraction: 1 },
      'clear-tool-uses': { keepToolUses: -1, trigger: 50_000.7 },
    });
    expect(params['gemini-cli'].thresholdFraction).toBe(0.5);
    expect(params['gemini-cli'].preserveFraction).toBe(0.3);
    expect(params['clear-tool-uses'].keepToolUses).toBe(3);
    expect(params['clear-tool-uses'].trigger).toBe(50_000);
    expect(adjustments).toEqual([
      {
        param: 'gemini-cli.thresholdFraction',
        from: 2,
        to: 0.5,
        reason: 'a share must be above 0 and at most 1; the default is used',
      },
      {
        param: 'gemini-cli.preserveFraction',
        from: 1,
        to: 0.3,
        reason: 'a share must be above 0 and below 1; the default is used',
      },
      { param: 'clear-tool-uses.trigger', from: 50_000.7, to: 50_000, reason: 'a count is a whole number' },
      {
        param: 'clear-tool-uses.keepToolUses',
        from: -1,
        to: 3,
        reason: 'a negative count takes the default',
      },
    ]);
  });

  it('keep at least one observation: SWE-agent refuses to mask them all', () => {
    const { params, adjustments } = explainHarness({ 'mask-observations': { keepObservations: 0 } });
    expect(params['mask-observations'].keepObservations).toBe(10);
    expect(adjustments[0].reason).toBe('a count below 1 takes the default');
  });

  it('clean tool lists: trimmed, without blanks or repeats', () => {
    const { params } = explainHarness({
      'clear-tool-uses': { excludeTools: [' memory ', '', 'memory', 'todo'] },
    });
    expect(params['clear-tool-uses'].excludeTools).toEqual(['memory', 'todo']);
  });

  it('reach the settings adjustments under the field `harness`', () => {
    expect(explainSettings({ harness: { codex: { thresholdFraction: 0 } } }).adjustments).toEqual([
      {
        field: 'harness',
        param: 'codex.thresholdFraction',
        from: 0,
        to: 0.9,
        reason: 'a share must be above 0 and at most 1; the default is used',
      },
    ]);
  });

  it('travel only where they differ from the defaults', () => {
    expect(
      harnessDifferences({ codex: { thresholdFraction: 0.9 }, opencode: { protectedTools: ['skill'] } }),
    ).toBe(undefined);
    expect(
      harnessDifferences({
        codex: { thresholdFraction: 0.8, userMessageTokens: 20_000 },
        'clear-tool-uses': { excludeTools: ['memory'], clearInputs: true },
      }),
    ).toEqual({
      codex: { thresholdFraction: 0.8 },
      'clear-tool-uses': { excludeTools: ['memory'], clearInputs: true },
    });
  });
});
