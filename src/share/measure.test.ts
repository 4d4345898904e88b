import { describe, expect, test } from 'vitest';
import { buildSharePayload, type ShareSource } from './payload';
import { classifyLinkLength, measureLink } from './measure';
import { encodeShare } from './codec';

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
    const lengths = await measureLink(source);
    expect(lengths).toEqual({
      full: (await encodeShare(await buildSharePayload(source, 'full'))).length + 1,
      settingsOnly: (await encodeShare(await buildSharePayload(source, 'settings-only'))).length + 1,
    });
    expect(lengths.settingsOnly).toBeLessThan(lengths.full);
    expect(classifyLinkLength(lengths.settingsOnly)).toBe('short');
  });

  test('with a page URL the lengths are of whole links', async () => {
    const bare = await measureLink(source);
    const base = 'https://example.com/playground/';
    expect(await measureLink(source, base)).toEqual({
      full: bare.full + base.length,
      settingsOnly: bare.settingsOnly + base.length,
    });
  });
});
