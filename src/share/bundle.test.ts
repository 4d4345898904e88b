import { describe, expect, test } from 'vitest';
import { bundleFileName, decodeBundle, encodeBundle, MAX_BUNDLE_CHARS } from './bundle';
import { ShareEncodeError } from './codec';
import { buildSharePayload, type ShareSource } from './payload';

const source: ShareSource = {
  messages: [
    { id: 'u', role: 'user', content: 'Why is the summary empty?' },
    { id: 'a', role: 'assistant', content: 'The model stopped on length.' },
  ],
  transcriptName: 'Bug #42: empty summary.jsonl',
  settings: { maxSummaryTokens: 512 },
  provider: {
    kind: 'gemini',
    model: 'gemini-2.5-flash',
    baseUrl: 'https://generativelanguage.googleapis.com',
  },
  preview: { summary: '', degraded: true, splitTurn: false },
};

describe('repro bundles', () => {
  test('a full bundle loads back to the same payload', async () => {
    const payload = await buildSharePayload(source, 'full');
    expect(decodeBundle(encodeBundle(payload))).toEqual({ ok: true, payload });
  });

  test('a settings-only bundle loads back too', async () => {
    const payload = await buildSharePayload(source, 'settings-only');
    expect(decodeBundle(encodeBundle(payload))).toEqual({ ok: true, payload });
  });

  test('the file name comes from the transcript name, made safe for any file system', async () => {
    expect(bundleFileName(await buildSharePayload(source, 'full'))).toBe(
      'compaction-repro-Bug-42-empty-summary.json',
    );
    expect(bundleFileName(await buildSharePayload({ ...source, transcriptName: undefined }, 'full'))).toBe(
      'compaction-repro.json',
    );
  });

  test('a payload that would not load back is refused when writing', async () => {
    const payload = await buildSharePayload(source, 'full');
    expect(() => encodeBundle({ ...payload, selectedIndex: 5 })).toThrow(ShareEncodeError);
  });

  test('a bundle over 20 MB is refused when writing', async () => {
    const big = 'x'.repeat(4_500_000);
    const messages = Array.from({ length: 5 }, (_, i) => ({
      id: `m${i}`,
      role: 'user' as const,
      content: big,
    }));
    const payload = await buildSharePayload({ messages, settings: {} }, 'full');
    expect(() => encodeBundle(payload)).toThrow(
      'The repro bundle would be 21.5 MB, over the 20 MB it may hold.',
    );
  });

  test.each([
    ['an empty file', '  \n', 'empty', 'The file is empty: there is no shared state to open.'],
    ['a file that is not JSON', 'name,role\nu,user', 'not-json', null],
    [
      'JSON without a version',
      '{"messages":[]}',
      'unknown-version',
      'The file has no version ("v"): it is not a Compaction Playground repro bundle.',
    ],
    [
      'a newer version',
      '{"v":9}',
      'unknown-version',
      'The file is version 9, which this build cannot read; it was probably made by a newer build.',
    ],
    [
      'a schema violation',
      '{"v":1,"variant":"full","transcript":{"messages":[{"id":"u","role":"user"}]}}',
      'schema',
      'The file\'s contents are invalid at transcript.messages[0].content: Invalid key: Expected "content" but received undefined.',
    ],
  ])('%s is refused with its own error', (_, text, code, message) => {
    const result = decodeBundle(text);
    expect(result.ok ? null : result.error.code).toBe(code);
    if (message !== null) expect(result.ok ? null : result.error.message).toBe(message);
  });

  test('a file over 20 MB is refused before parsing', () => {
    const result = decodeBundle(' '.repeat(MAX_BUNDLE_CHARS) + '{}');
    expect(result).toEqual({
      ok: false,
      error: { code: 'too-large', message: 'The file is 20 MB; repro bundles over 20 MB are not opened.' },
    });
  });
});
