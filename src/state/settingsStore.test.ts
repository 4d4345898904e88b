/**
 * The settings store applies what can apply and keeps what it refuses in
 * view, with the reason, until a later change makes it fit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CLAUDE_O200K_SCALE } from '../core/models';
import { DEFAULT_SETTINGS } from '../core/settings';
import { useSettings } from './settingsStore';

const RESERVE_AT_WINDOW =
  'The reserve (8,192) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.';

beforeEach(() => useSettings.getState().reset());

describe('update', () => {
  it('applies a value that fits', () => {
    useSettings.getState().update({ keepRecentTokens: 30 });
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, keepRecentTokens: 30 });
    expect(useSettings.getState().refused).toEqual([]);
  });

  it('refuses a reserve at or above the window, keeping the last valid reserve in force', () => {
    useSettings.getState().chooseModel('local-8k');
    useSettings.getState().update({ reserveTokens: 8192 });
    const { settings, refused } = useSettings.getState();
    expect(settings.reserveTokens).toBe(2048);
    expect(refused).toEqual([{ field: 'reserveTokens', value: 8192, reason: RESERVE_AT_WINDOW }]);
  });

  it('applies a refused value once another change makes it fit', () => {
    useSettings.getState().update({ keepRecentTokens: 30 });
    useSettings.getState().update({ maxContextTokens: 8192 });
    expect(useSettings.getState().settings.maxContextTokens).toBe(128000);
    expect(useSettings.getState().refused.map((r) => r.field)).toEqual(['maxContextTokens']);
    useSettings.getState().update({ reserveTokens: 2000 });
    expect(useSettings.getState().settings).toMatchObject({ maxContextTokens: 8192, reserveTokens: 2000 });
    expect(useSettings.getState().refused).toEqual([]);
  });

  it('a new value in a refused field replaces the refused one', () => {
    useSettings.getState().update({ scale: 9 });
    expect(useSettings.getState().refused.map((r) => r.value)).toEqual([9]);
    useSettings.getState().update({ scale: 1.2 });
    expect(useSettings.getState().settings.scale).toBe(1.2);
    expect(useSettings.getState().refused).toEqual([]);
  });
});

describe('chooseModel', () => {
  it('the 8k local model leaves a configuration that fits, whatever was set before', () => {
    useSettings.getState().update({ reserveTokens: 30000, keepRecentTokens: 40000 });
    useSettings.getState().chooseModel('local-8k');
    const { settings, refused, modelId } = useSettings.getState();
    expect(modelId).toBe('local-8k');
    expect(settings).toMatchObject({ maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 1536 });
    expect(refused).toEqual([]);
  });

  it('replaces a refused window, reserve, keep-recent or scale, and keeps other refused values waiting', () => {
    useSettings.getState().update({ maxContextTokens: 4000, scale: 7, stallTimeoutMs: -1 });
    useSettings.getState().chooseModel('gpt-4o');
    const { settings, refused } = useSettings.getState();
    expect(settings).toMatchObject({
      maxContextTokens: 128000,
      reserveTokens: 16384,
      keepRecentTokens: 20000,
      scale: 1,
    });
    expect(refused.map((r) => [r.field, r.value])).toEqual([['stallTimeoutMs', -1]]);
  });

  it('typing another window forgets the preset; a refused one does not', () => {
    useSettings.getState().chooseModel('local-32k');
    useSettings.getState().update({ maxContextTokens: 100 });
    expect(useSettings.getState().modelId).toBe('local-32k');
    useSettings.getState().update({ maxContextTokens: 40000 });
    expect(useSettings.getState().modelId).toBeNull();
  });
});

describe('a tokenizer change under a chosen model', () => {
  it("takes the model's scale for the new tokenizer: Claude's correction belongs to o200k only", () => {
    useSettings.getState().chooseModel('claude-sonnet-4-5');
    expect(useSettings.getState().settings).toMatchObject({
      tokenizer: 'o200k_base',
      scale: CLAUDE_O200K_SCALE,
    });
    useSettings.getState().update({ tokenizer: 'cl100k_base' });
    expect(useSettings.getState().settings).toMatchObject({ tokenizer: 'cl100k_base', scale: 1 });
    useSettings.getState().update({ tokenizer: 'o200k_base' });
    expect(useSettings.getState().settings.scale).toBe(CLAUDE_O200K_SCALE);
  });

  it('keeps a scale typed by hand, and one typed in the same change', () => {
    useSettings.getState().chooseModel('claude-sonnet-4-5');
    useSettings.getState().update({ scale: 1.07 });
    useSettings.getState().update({ tokenizer: 'cl100k_base' });
    expect(useSettings.getState().settings.scale).toBe(1.07);
    useSettings.getState().update({ tokenizer: 'o200k_base', scale: 1.2 });
    expect(useSettings.getState().settings.scale).toBe(1.2);
  });

  it('leaves the scale alone without a chosen model', () => {
    useSettings.getState().update({ scale: 1.1 });
    useSettings.getState().update({ tokenizer: 'cl100k_base' });
    expect(useSettings.getState().settings.scale).toBe(1.1);
  });
});

describe('setParam', () => {
  it("applies a preset's parameter the rule allows, beside the others typed for that preset", () => {
    useSettings.getState().setParam('gemini-cli', 'thresholdFraction', 0.7);
    useSettings.getState().setParam('gemini-cli', 'preserveFraction', 0.2);
    expect(useSettings.getState().settings.harness).toEqual({
      'gemini-cli': { thresholdFraction: 0.7, preserveFraction: 0.2 },
    });
    expect(useSettings.getState().refusedParams).toEqual([]);
  });

  it('refuses one that has no reading with the reason, keeping the last valid value in force', () => {
    useSettings.getState().setParam('mask-observations', 'keepObservations', 4);
    useSettings.getState().setParam('mask-observations', 'keepObservations', 0);
    expect(useSettings.getState().settings.harness).toEqual({ 'mask-observations': { keepObservations: 4 } });
    expect(useSettings.getState().refusedParams).toEqual([
      { harness: 'mask-observations', param: 'keepObservations', value: 0, reason: 'Must be at least 1.' },
    ]);
    // A valid value typed over it takes its place and clears the refusal.
    useSettings.getState().setParam('mask-observations', 'keepObservations', 2);
    expect(useSettings.getState().settings.harness).toEqual({ 'mask-observations': { keepObservations: 2 } });
    expect(useSettings.getState().refusedParams).toEqual([]);
  });

  it('forgets refused parameters on reset', () => {
    useSettings.getState().setParam('codex', 'thresholdFraction', 3);
    useSettings.getState().reset();
    expect(useSettings.getState().refusedParams).toEqual([]);
  });
});
