import { describe, expect, test } from 'vitest';
import { buildSharePayload, type ShareSource } from './payload';
import { classifyLinkLength, measureLink } from './measure';
import { encodeShare } from './codec';
import { createEstimator } from '../core/estimate';

const chars4 = createEstimator('chars4', () => 0);

describe('link lengths', () => {
  test.each([
    [1, 'short'],
    [2000, 'short'],
    [2001, 'long'],
    [8000, 'long'],
    [8001, 'too-long'],
  ] as const)('a link of %i characters is %s', (length, expected) => {
    expect(classifyLinkLength(length)).toBe(expected);
  });

  const source: ShareSource = {
    messages: Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: `Message ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(i % 5)}`,
    })),
    settings: { keepRecentTokens: 2000 },
    transcriptName: 'fox.jsonl',
  };

  test('each length is "#" plus the fragment, and the settings-only link is the shorter', async () => {
    const lengths = await measureLink(
      { ...source, settings: { ...source.settings, tokenizer: 'chars4' } },
      chars4,
    );
    expect(lengths).toMatchObject({
      full:
        (
          await encodeShare(
            await buildSharePayload(
              { ...source, settings: { ...source.settings, tokenizer: 'chars4' } },
              'full',
            ),
          )
        ).length + 1,
      settingsOnly:
        (
          await encodeShare(
            await buildSharePayload(
              { ...source, settings: { ...source.settings, tokenizer: 'chars4' } },
              'settings-only',
            ),
          )
        ).length + 1,
    });
    expect(lengths.minimal).toBeLessThanOrEqual(2000);
    expect(lengths.minimal).toBeLessThan(lengths.full);
    expect(lengths.settingsOnly).toBeLessThan(lengths.full);
    expect(classifyLinkLength(lengths.settingsOnly)).toBe('short');
  });

  test('with a page URL the lengths are of whole links', async () => {
    const bare = await measureLink(source, chars4);
    const base = 'https://example.com/playground/';
    const whole = await measureLink(source, chars4, base);
    expect(whole).toMatchObject({
      full: bare.full + base.length,
      settingsOnly: bare.settingsOnly + base.length,
    });
    // The minimal link fits its text to the whole link's length.
    expect(whole.minimal).toBeLessThanOrEqual(2000);
  });
});
