import { beforeEach, describe, expect, it } from 'vitest';
import { CLAUDE_O200K_SCALE } from '../core/models';
import { countedScale, restoreCalibrations, useCalibration } from './calibrationStore';
import { useSettings } from './settingsStore';

const counted = (scale: number) => ({
  scale,
  providerTokens: 1300,
  estimatedTokens: 1000,
  provider: 'anthropic',
  countedAt: '2026-08-01T10:00:00.000Z',
});

beforeEach(() => {
  useCalibration.setState({ scales: {} });
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
