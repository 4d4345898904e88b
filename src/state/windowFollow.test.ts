/**
 * The page's window follows the loaded file's model until the user chooses
 * one: typed, a model preset, or a link that names a window. Reset gives the
 * window back to the file.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { restoreSettings, useSettings } from './settingsStore';

const sonnet = { model: 'claude-sonnet-4-5-20250929' };
const store = () => useSettings.getState();

beforeEach(() => {
  store().followFile(undefined);
  store().reset();
});

describe("the window of the file's model", () => {
  it("is the window in force when none was typed, and says it came from the file's model", () => {
    store().followFile(sonnet);
    expect(store().settings.maxContextTokens).toBe(200_000);
    expect(store().windowOrigin).toEqual({ from: 'model', model: 'claude-sonnet-4-5-20250929' });
    // The next file names no model: the default again, not the last file's window.
    store().followFile({ inputTokens: 10 });
    expect(store().settings.maxContextTokens).toBe(DEFAULT_SETTINGS.maxContextTokens);
    expect(store().windowOrigin).toEqual({ from: 'default' });
  });

  it('a window the file states (Codex) comes before its model', () => {
    store().followFile({ model: 'gpt-5-codex', contextWindow: 272_000 });
    expect(store().settings.maxContextTokens).toBe(272_000);
    expect(store().windowOrigin).toEqual({ from: 'file', model: 'gpt-5-codex' });
  });

  it('a typed window wins over the next file, until reset', () => {
    store().followFile(sonnet);
    store().update({ maxContextTokens: 150_000 });
    expect(store().windowOrigin).toEqual({ from: 'typed' });
    store().followFile({ model: 'gemini-2.5-pro' });
    expect(store().settings.maxContextTokens).toBe(150_000);
    expect(store().windowOrigin).toEqual({ from: 'typed' });
    store().reset();
    expect(store().settings.maxContextTokens).toBe(1_048_576);
    expect(store().windowOrigin).toEqual({ from: 'model', model: 'gemini-2.5-pro' });
  });

  it('a model preset chosen is the user’s window too', () => {
    store().chooseModel('gpt-4o');
    store().followFile(sonnet);
    expect(store().settings.maxContextTokens).toBe(128_000);
    expect(store().windowOrigin).toEqual({ from: 'typed' });
  });

  it("a link that names a window keeps it; one that does not takes the file's", () => {
    store().applyLink({ ...DEFAULT_SETTINGS, maxContextTokens: 90_000 }, [], true);
    store().followFile(sonnet);
    expect(store().settings.maxContextTokens).toBe(90_000);
    expect(store().windowOrigin).toEqual({ from: 'link' });
    store().backToOwnSettings();
    expect(store().settings.maxContextTokens).toBe(200_000);
    store().applyLink({ ...DEFAULT_SETTINGS }, [], false);
    expect(store().settings.maxContextTokens).toBe(200_000);
    expect(store().windowOrigin).toEqual({ from: 'model', model: 'claude-sonnet-4-5-20250929' });
  });

  it('settings saved before the window followed the file: a window other than the default was typed', () => {
    const old = (maxContextTokens: number) =>
      restoreSettings({ settings: { ...DEFAULT_SETTINGS, maxContextTokens }, modelId: null }).value
        .windowTyped;
    expect(old(64_000)).toBe(true);
    expect(old(DEFAULT_SETTINGS.maxContextTokens)).toBe(false);
  });
});
