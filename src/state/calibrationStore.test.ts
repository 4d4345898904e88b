import { beforeEach, describe, expect, it } from 'vitest';
import { ODD_NAME_ROWS } from '../core/__fixtures__/oddNames';
import { CLAUDE_O200K_SCALE } from '../core/models';
import { nameMap } from '../core/nameMap';
import {
  CALIBRATION_RECORD,
  countedScale,
  restoreCalibrations,
  useCalibration,
  type CountedScales,
} from './calibrationStore';
import { restoreText } from './stored';
import { useSettings } from './settingsStore';

const counted = (scale: number) => ({
  scale,
  providerTokens: 1300,
  estimatedTokens: 1000,
  provider: 'anthropic',
  countedAt: '2026-08-01T10:00:00.000Z',
});

beforeEach(() => {
  useCalibration.setState({ scales: nameMap() });
  useSettings.getState().reset();
});

describe('scales counted on this device', () => {
  it('are kept per model and tokenizer', () => {
    useCalibration.getState().remember('claude-haiku-4-5', 'o200k_base', counted(1.21));
    useCalibration.getState().remember('claude-haiku-4-5', 'cl100k_base', counted(1.12));
    expect(countedScale('claude-haiku-4-5', 'o200k_base')).toBe(1.21);
    expect(countedScale('claude-haiku-4-5', 'cl100k_base')).toBe(1.12);
    expect(countedScale('gpt-5', 'o200k_base')).toBeUndefined();
  });

  it('a Claude preset brings its published correction until it is counted, then the counted scale', () => {
    useSettings.getState().chooseModel('claude-sonnet-4-5');
    expect(useSettings.getState().settings.scale).toBe(CLAUDE_O200K_SCALE);
    useCalibration.getState().remember('claude-sonnet-4-5', 'o200k_base', counted(1.21));
    useSettings.getState().chooseModel('gpt-5');
    // An OpenAI model counts with our own tokenizer: no correction.
    expect(useSettings.getState().settings.scale).toBe(1);
    useSettings.getState().chooseModel('claude-sonnet-4-5');
    expect(useSettings.getState().settings.scale).toBe(1.21);
  });

  it('the correction is for the tokenizer it was measured with; another one starts at 1', () => {
    useSettings.getState().update({ tokenizer: 'chars4' });
    useSettings.getState().chooseModel('claude-opus-4-1');
    expect(useSettings.getState().settings.scale).toBe(1);
  });
});

describe('restoreCalibrations', () => {
  it('keeps what reads as a count and forgets the rest, saying how many', () => {
    const { value, notices } = restoreCalibrations({
      scales: {
        'claude-haiku-4-5': { o200k_base: counted(1.21), cl100k_base: { ...counted(1.1), scale: 9 } },
        'gemini-2.5-flash': { o200k_base: { ...counted(1.05), providerTokens: -3 }, p50k: counted(1) },
        '': { o200k_base: counted(1) },
        llama: 'fast',
      },
    });
    expect(value).toEqual({ scales: { 'claude-haiku-4-5': { o200k_base: counted(1.21) } } });
    expect(notices).toEqual(['5 saved exact counts were unreadable and forgotten.']);
  });

  it('reads nothing stored as nothing counted', () => {
    expect(restoreCalibrations(undefined)).toEqual({ value: { scales: {} }, notices: [] });
    expect(restoreCalibrations({ scales: [1, 2] }).value).toEqual({ scales: {} });
  });
});

describe('a model of any name', () => {
  /** What the page would write now, read back as the next visit reads it. */
  const reloaded = () => {
    const text = JSON.stringify({ state: { scales: useCalibration.getState().scales }, version: 1 });
    return restoreText(CALIBRATION_RECORD, text, { scales: nameMap() as CountedScales })!;
  };

  it.each(ODD_NAME_ROWS)('%s: its count is kept, saved and read back exactly', (_, model) => {
    expect(countedScale(model, 'o200k_base')).toBeUndefined();
    useCalibration.getState().remember(model, 'o200k_base', counted(1.21));
    expect(countedScale(model, 'o200k_base')).toBe(1.21);
    const { value, notices } = reloaded();
    expect(notices).toEqual([]);
    expect(Object.keys(value.scales)).toEqual([model]);
    useCalibration.setState(value);
    expect(countedScale(model, 'o200k_base')).toBe(1.21);
    expect(countedScale(model, 'cl100k_base')).toBeUndefined();
  });

  it('a saved count for __proto__ is an entry like any other, and no object of the page gains a field', () => {
    const text = `{"state":{"scales":{"__proto__":{"o200k_base":${JSON.stringify(counted(1.3))}}}},"version":1}`;
    const { value } = restoreText(CALIBRATION_RECORD, text, { scales: nameMap() as CountedScales })!;
    expect(({} as Record<string, unknown>).o200k_base).toBeUndefined();
    useCalibration.setState(value);
    expect(countedScale('__proto__', 'o200k_base')).toBe(1.3);
    expect(countedScale('gpt-5', 'o200k_base')).toBeUndefined();
  });
});
