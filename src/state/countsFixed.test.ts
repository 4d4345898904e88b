/**
 * A transcript opened from a minimal link has counts and not the text to
 * count again: no change of settings moves the tokenizer or scale they were
 * made with, until another transcript is loaded.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from './settingsStore';

beforeEach(() => {
  useSettings.getState().fixCounts(null);
  useSettings.getState().reset();
});

describe('counts fixed to a minimal link', () => {
  it('keep the tokenizer and scale through updates, model presets and reset', () => {
    useSettings.getState().fixCounts({ tokenizer: 'cl100k_base', scale: 1.2 });
    const pinned = () => [useSettings.getState().settings.tokenizer, useSettings.getState().settings.scale];
    expect(pinned()).toEqual(['cl100k_base', 1.2]);
    useSettings.getState().update({ tokenizer: 'chars4', scale: 0.8, keepRecentTokens: 30 });
    expect(pinned()).toEqual(['cl100k_base', 1.2]);
    expect(useSettings.getState().settings.keepRecentTokens).toBe(30);
    useSettings.getState().chooseModel('local-8k');
    expect(pinned()).toEqual(['cl100k_base', 1.2]);
    useSettings.getState().reset();
    expect(pinned()).toEqual(['cl100k_base', 1.2]);
  });

  it('let go when the transcript has its text again', () => {
    useSettings.getState().fixCounts({ tokenizer: 'cl100k_base', scale: 1 });
    useSettings.getState().fixCounts(null);
    useSettings.getState().update({ tokenizer: 'chars4' });
    expect(useSettings.getState().settings.tokenizer).toBe('chars4');
  });
});

describe('a load whose counts are not fixed', () => {
  it('changes nothing when nothing was fixed: the store is not set, so nothing is saved', () => {
    let sets = 0;
    const stop = useSettings.subscribe(() => void sets++);
    useSettings.getState().fixCounts(null);
    useSettings.getState().fixCounts(null);
    expect(sets).toBe(0);
    useSettings.getState().fixCounts({ tokenizer: 'cl100k_base', scale: 1 });
    useSettings.getState().fixCounts({ tokenizer: 'cl100k_base', scale: 1 });
    expect(sets).toBe(1);
    stop();
  });
});
