import { describe, expect, it } from 'vitest';
import { normalizeSettings } from '../../core/settings';
import type { SummarizerChoice } from '../../worker/protocol';
import { STALE_TEXT, sharedPreviewStale, staleReason, type PreviewBasis } from './staleness';

const transcript = { sourceName: 'chat.json' };
const openai: SummarizerChoice = {
  mode: 'provider',
  config: { kind: 'openai', preset: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
};
const basis = (patch: Partial<PreviewBasis> = {}): PreviewBasis => ({
  transcript,
  context: null,
  settings: normalizeSettings({ keepRecentTokens: 16 }),
  summarizer: { mode: 'offline' },
  instructions: '',
  prompts: '{}',
  ...patch,
});

describe('staleReason', () => {
  it('matches while nothing the result depends on changed, even with new objects', () => {
    expect(staleReason(basis(), basis())).toBeNull();
  });

  it('a change the result does not depend on leaves it current: the trigger switch, the stall timeout, the key', () => {
    const settings = normalizeSettings({ keepRecentTokens: 16, enabled: false, stallTimeoutMs: 800 });
    expect(staleReason(basis(), basis({ settings }))).toBeNull();
    const withKey: SummarizerChoice = { mode: 'provider', config: { ...openai.config, apiKey: 'sk-other' } };
    expect(staleReason(basis({ summarizer: openai }), basis({ summarizer: withKey }))).toBeNull();
  });

  it('names the settings when a budget, the strategy or the tokenizer changed', () => {
    for (const input of [
      { keepRecentTokens: 30 },
      { keepRecentTokens: 16, strategy: 'pi' as const },
      { keepRecentTokens: 16, tokenizer: 'chars4' as const },
      { keepRecentTokens: 16, maxContextTokens: 64000 },
    ]) {
      expect(staleReason(basis(), basis({ settings: normalizeSettings(input) }))).toBe('settings');
    }
  });

  it("names the settings when the chosen preset's own parameters changed, and only those", () => {
    const masking = (keepObservations: number, other = 0.5) =>
      normalizeSettings({
        strategy: 'mask-observations',
        harness: { 'mask-observations': { keepObservations }, 'gemini-cli': { thresholdFraction: other } },
      });
    expect(staleReason(basis({ settings: masking(10) }), basis({ settings: masking(10) }))).toBeNull();
    expect(staleReason(basis({ settings: masking(10) }), basis({ settings: masking(4) }))).toBe('settings');
    // Another preset's parameter does not change what masking does.
    expect(staleReason(basis({ settings: masking(10) }), basis({ settings: masking(10, 0.7) }))).toBeNull();
  });

  it('names the transcript first when another one was loaded', () => {
    const other = basis({ transcript: { sourceName: 'chat.json' }, settings: normalizeSettings({}) });
    expect(staleReason(basis(), other)).toBe('transcript');
  });

  it('names the context when another call was picked on the timeline, or the pick was let go', () => {
    expect(staleReason(basis(), basis({ context: 12 }))).toBe('context');
    expect(staleReason(basis({ context: 12 }), basis({ context: 30 }))).toBe('context');
    expect(staleReason(basis({ context: 12 }), basis())).toBe('context');
    expect(STALE_TEXT.context).toBe('another call’s context is shown since this run');
  });

  it('names the summarizer when the provider, model or instructions changed', () => {
    expect(staleReason(basis(), basis({ summarizer: openai }))).toBe('summarizer');
    const otherModel: SummarizerChoice = { mode: 'provider', config: { ...openai.config, model: 'gpt-4o' } };
    expect(staleReason(basis({ summarizer: openai }), basis({ summarizer: otherModel }))).toBe('summarizer');
    expect(staleReason(basis(), basis({ instructions: 'keep the file paths' }))).toBe('summarizer');
  });

  it('names the prompt when an edited system prompt or instructions would be sent', () => {
    expect(staleReason(basis(), basis({ prompts: '{"system":"You are terse."}' }))).toBe('prompt');
    expect(STALE_TEXT.prompt).toBe('prompt changed since this run');
  });

  it('says what changed since the run', () => {
    expect(STALE_TEXT.settings).toBe('settings changed since this run');
    expect(STALE_TEXT.transcript).toBe('transcript changed since this run');
  });
});

describe('sharedPreviewStale', () => {
  const now = basis({ summarizer: openai, prompts: '{"history":"mine"}' });

  it('matches while the page keeps the link’s settings and transcript, whatever summarizer and prompts the reader has', () => {
    expect(sharedPreviewStale({ settings: { keepRecentTokens: 16 }, transcript }, now)).toBeNull();
  });

  it('is stale once the settings the link fixed change', () => {
    expect(sharedPreviewStale({ settings: { keepRecentTokens: 32 }, transcript }, now)).toBe('settings');
  });

  it('is stale once another transcript is loaded than the one the link carried', () => {
    expect(sharedPreviewStale({ settings: { keepRecentTokens: 16 }, transcript: { other: true } }, now)).toBe(
      'transcript',
    );
  });

  it('holds for any transcript when the link carried none', () => {
    expect(sharedPreviewStale({ settings: { keepRecentTokens: 16 }, transcript: null }, now)).toBeNull();
  });

  it('is stale while the page shows an earlier call’s context: the link’s preview was of the whole transcript', () => {
    expect(
      sharedPreviewStale({ settings: { keepRecentTokens: 16 }, transcript }, { ...now, context: 7 }),
    ).toBe('context');
  });

  it('says nothing when the link did not say what its preview was made from', () => {
    expect(sharedPreviewStale(null, now)).toBeNull();
  });
});
