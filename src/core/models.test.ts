import { describe, expect, it } from 'vitest';
import { MODEL_PRESETS, findModelPreset, presetOfModelName, settingsForModel } from './models';
import { DEFAULT_SETTINGS, explainSettings, threshold } from './settings';
import { settingsProblems } from './settingsProblems';

describe('settingsForModel', () => {
  it('gives the 8k local model a configuration that fits: 8,192 window, 2,048 reserve, 1,536 kept', () => {
    expect(settingsForModel(findModelPreset('local-8k')!)).toEqual({
      maxContextTokens: 8192,
      reserveTokens: 2048,
      keepRecentTokens: 1536,
    });
  });

  it('reserves the output limit up to 20k, as Claude Code does', () => {
    expect(settingsForModel(findModelPreset('gpt-4o')!)).toEqual({
      maxContextTokens: 128000,
      reserveTokens: 16384,
      keepRecentTokens: 20000,
    });
    expect(settingsForModel(findModelPreset('claude-sonnet-4-5')!)).toEqual({
      maxContextTokens: 200000,
      reserveTokens: 20000,
      keepRecentTokens: 20000,
    });
    expect(settingsForModel(findModelPreset('local-32k')!)).toEqual({
      maxContextTokens: 32768,
      reserveTokens: 4096,
      keepRecentTokens: 7168,
    });
  });

  for (const model of MODEL_PRESETS) {
    it(`${model.label}: no refusal and no adjustment of the window, reserve or keep-recent`, () => {
      const chosen = settingsForModel(model);
      const input = { ...DEFAULT_SETTINGS, ...chosen };
      expect(settingsProblems(input)).toEqual([]);
      const { settings, adjustments } = explainSettings(input);
      expect(adjustments).toEqual([]);
      expect(settings.maxContextTokens).toBe(model.contextWindow);
      expect(chosen.reserveTokens).toBeLessThanOrEqual(model.maxOutputTokens);
      // The compacted context (kept tail + a full summary) stays well under the threshold.
      expect(chosen.keepRecentTokens * 2).toBeLessThan(threshold(settings));
    });
  }
});

describe("the preset a file's model name is", () => {
  it('is the listed model, with or without its date, provider prefix or -latest', () => {
    expect(presetOfModelName('claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
    expect(presetOfModelName('claude-sonnet-4-5')?.id).toBe('claude-sonnet-4-5');
    expect(presetOfModelName('anthropic/Claude-Haiku-4-5')?.id).toBe('claude-haiku-4-5');
    expect(presetOfModelName('gpt-5-2025-08-07')?.id).toBe('gpt-5');
    expect(presetOfModelName('gpt-4o-mini')?.id).toBe('gpt-4o-mini');
    expect(presetOfModelName('gemini-2.5-pro-latest')?.id).toBe('gemini-2.5-pro');
  });

  it('is none for another model whose name begins like a listed one', () => {
    expect(presetOfModelName('gpt-5-codex')).toBeUndefined();
    expect(presetOfModelName('claude-sonnet-4-5[1m]')).toBeUndefined();
    expect(presetOfModelName('claude-opus-4-6')).toBeUndefined();
    expect(presetOfModelName('')).toBeUndefined();
  });
});
