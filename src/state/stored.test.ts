import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { SETTINGS_RECORD, restoreSettings } from './settingsStore';
import { restoreText } from './stored';

const DEFAULTS = { settings: DEFAULT_SETTINGS, modelId: null };

describe('restoreText', () => {
  it('is null when nothing was stored', () => {
    expect(restoreText(SETTINGS_RECORD, null, DEFAULTS)).toBeNull();
  });

  it('text that is not JSON gives the defaults and says so', () => {
    expect(restoreText(SETTINGS_RECORD, '{"state": {', DEFAULTS)).toEqual({
      value: DEFAULTS,
      notices: ['The saved settings could not be read (not JSON); the defaults are used.'],
    });
  });

  it('JSON without the envelope gives the defaults and says so', () => {
    expect(restoreText(SETTINGS_RECORD, '[1,2]', DEFAULTS)?.notices).toEqual([
      'The saved settings had an unknown shape; the defaults are used.',
    ]);
  });

  it('reads an object stored as it is (IndexedDB can hold one) through the same restore', () => {
    const stored = {
      state: { settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 5000 }, modelId: null },
      version: 1,
    };
    expect(restoreText(SETTINGS_RECORD, stored, DEFAULTS)?.value.settings.keepRecentTokens).toBe(5000);
  });
});

describe('restoreSettings', () => {
  it('keeps every valid field as typed', () => {
    const settings = { ...DEFAULT_SETTINGS, strategy: 'turns', keepRecentTokens: 0, scale: 1.2 };
    expect(restoreSettings({ settings, modelId: 'gpt-4.1' })).toEqual({
      value: { settings, modelId: 'gpt-4.1' },
      notices: [],
    });
  });

  it('a strategy this version does not know and a number stored as text fall back to their defaults, the rest stays', () => {
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, strategy: 'plan', reserveTokens: '8000', keepRecentTokens: 9000 },
      modelId: null,
    });
    expect(value.settings).toEqual({ ...DEFAULT_SETTINGS, keepRecentTokens: 9000 });
    expect(notices).toEqual([
      'Saved settings this version cannot use were reset to their defaults: reserveTokens "8000", strategy "plan".',
    ]);
  });

  it("keeps a preset's valid parameters, and drops them whole with a notice when one is not", () => {
    const harness = { 'mask-observations': { keepObservations: 4 } };
    expect(
      restoreSettings({ settings: { ...DEFAULT_SETTINGS, harness }, modelId: null }).value.settings,
    ).toEqual({
      ...DEFAULT_SETTINGS,
      harness,
    });
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, harness: { codex: { thresholdFraction: 'most' } } },
      modelId: null,
    });
    expect(value.settings).toEqual(DEFAULT_SETTINGS);
    expect(notices).toEqual([
      'Saved settings this version cannot use were reset to their defaults: harness {"codex":{"thresholdFraction":"most"}}.',
    ]);
  });

  it('settings that cannot work together are not restored, and the notice says why', () => {
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 9000 },
      modelId: null,
    });
    expect(value.settings).toEqual({ ...DEFAULT_SETTINGS, reserveTokens: 2048, keepRecentTokens: 9000 });
    expect(notices).toEqual([
      'Saved settings that cannot work together were not applied: maxContextTokens 8192: Keep-recent (9,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    ]);
  });

  it('names the fields that were missing', () => {
    const { settings } = { settings: { ...DEFAULT_SETTINGS } };
    const partial: Record<string, unknown> = { ...settings };
    delete partial.scale;
    expect(restoreSettings({ settings: partial, modelId: null }).notices).toEqual([
      'Saved settings had no value for scale; the defaults are used.',
    ]);
  });

  it('forgets a model preset it does not know', () => {
    expect(restoreSettings({ settings: DEFAULT_SETTINGS, modelId: 'gpt-99' })).toEqual({
      value: DEFAULTS,
      notices: ['The saved model preset "gpt-99" is not known to this version.'],
    });
  });

  it('anything that is not an object restores the defaults', () => {
    expect(restoreSettings(42).value).toEqual(DEFAULTS);
  });
});
