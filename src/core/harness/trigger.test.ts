import { describe, expect, it } from 'vitest';
import { normalizeSettings } from '../settings';
import { triggers } from './preset';
import { harnessTrigger, type HarnessId } from './registry';
import type { HarnessParamsInput } from './params';

const trigger = (harness: HarnessId, window: number, params: HarnessParamsInput = {}) =>
  harnessTrigger(harness, window, normalizeSettings({ harness: params }).harness);

describe('Claude Code: window − min(max output, 20,000) − 13,000, reached', () => {
  it('fires at 167,000 of a 200,000 window with the defaults', () => {
    expect(trigger('claude-code', 200_000)).toEqual({
      threshold: 167_000,
      comparison: 'reach',
      formula: '200,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer',
    });
  });

  it('holds back only the reply a model can write when it is under 20,000', () => {
    expect(trigger('claude-code', 200_000, { 'claude-code': { maxOutputTokens: 8_192 } }).threshold).toBe(
      178_808,
    );
  });

  it('takes the buffer as a parameter: /context showed 45,000 in late 2025, the 20,000 reserve and a 25,000 buffer', () => {
    expect(trigger('claude-code', 200_000, { 'claude-code': { autocompactBuffer: 25_000 } }).threshold).toBe(
      155_000,
    );
  });

  it('fires at the threshold itself, not before', () => {
    const t = trigger('claude-code', 200_000);
    expect([triggers(t, 166_999), triggers(t, 167_000)]).toEqual([false, true]);
  });
});

describe("Codex: min(the model's limit, 90% of the window), within the 95% it treats as usable", () => {
  it('fires at 244,800 of a 272,000 window', () => {
    expect(trigger('codex', 272_000).threshold).toBe(244_800);
    expect(trigger('codex', 200_000).threshold).toBe(180_000);
  });

  it('takes a lower model limit, and never a higher one than 90% of the window', () => {
    expect(trigger('codex', 272_000, { codex: { autoCompactLimit: 200_000 } }).threshold).toBe(200_000);
    expect(trigger('codex', 272_000, { codex: { autoCompactLimit: 260_000 } }).threshold).toBe(244_800);
  });

  it('keeps a raised share within the effective window', () => {
    expect(trigger('codex', 272_000, { codex: { thresholdFraction: 0.99 } }).threshold).toBe(258_400);
  });
});

describe('OpenCode: the window less the reply, capped at 32,000', () => {
  it('fires at 168,000 of a 200,000 window', () => {
    expect(trigger('opencode', 200_000).threshold).toBe(168_000);
    expect(trigger('opencode', 200_000, { opencode: { maxOutputTokens: 64_000 } }).threshold).toBe(168_000);
    expect(trigger('opencode', 200_000, { opencode: { maxOutputTokens: 8_192 } }).threshold).toBe(191_808);
  });
});

describe('Gemini CLI: a share of the window, reached', () => {
  it('fires at half of a 1,048,576 window by default, and at 70% with the older default', () => {
    expect(trigger('gemini-cli', 1_048_576).threshold).toBe(524_288);
    // 734,003.2: Gemini CLI skips while its count is below that, so 734,003 does not fire.
    expect(trigger('gemini-cli', 1_048_576, { 'gemini-cli': { thresholdFraction: 0.7 } }).threshold).toBe(
      734_004,
    );
  });

  it('rounds the share up: 0.01 of 1,048,576 (10,485.76) fires at 10,486, and 0.7 of 200,000 at 140,000', () => {
    const lab = trigger('gemini-cli', 1_048_576, { 'gemini-cli': { thresholdFraction: 0.01 } });
    expect([lab.threshold, triggers(lab, 10_485), triggers(lab, 10_486)]).toEqual([10_486, false, true]);
    expect(trigger('gemini-cli', 200_000, { 'gemini-cli': { thresholdFraction: 0.7 } }).threshold).toBe(
      140_000,
    );
  });
});

describe('the Anthropic API: an input-token trigger, exceeded', () => {
  it('clears once the prompt exceeds 100,000 tokens, whatever the window', () => {
    const t = trigger('clear-tool-uses', 0);
    expect(t).toEqual({ threshold: 100_000, comparison: 'exceed', formula: 'trigger 100,000' });
    expect([triggers(t, 100_000), triggers(t, 100_001)]).toEqual([false, true]);
  });
});

describe('observation masking', () => {
  it('acts at every call', () => {
    const t = trigger('mask-observations', 128_000);
    expect(t.comparison).toBe('always');
    expect(triggers(t, 0)).toBe(true);
  });
});

describe('without a window', () => {
  it('the presets that measure against the window never fire', () => {
    for (const harness of ['claude-code', 'codex', 'opencode', 'gemini-cli'] as const) {
      const t = trigger(harness, 0);
      expect([t.threshold, triggers(t, 10_000_000)]).toEqual([0, false]);
    }
  });
});
