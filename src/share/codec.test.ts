import { describe, expect, test } from 'vitest';
import type { Message } from '../core/message';
import { DEFAULT_HARNESS_PARAMS } from '../core/harness/params';
import { DEFAULT_SETTINGS } from '../core/settings';
import { encodeBase64url } from './base64url';
import {
  buildShareUrl,
  decodeShare,
  deflateRaw,
  encodeShare,
  fragmentFromLink,
  inflateRawCapped,
  MAX_INFLATED_BYTES,
  readFragment,
  ShareEncodeError,
} from './codec';
import { buildSharePayload, type ShareProviderInput, type ShareSource } from './payload';
import { restoreShare } from './schema';

const utf8 = (text: string) => new TextEncoder().encode(text);
const ALPHABET64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A current-version fragment around arbitrary JSON text, for payloads the builder would never write. */
async function fragmentOfJson(json: string): Promise<string> {
  return `v3.${encodeBase64url(await deflateRaw(utf8(json)))}`;
}

/** The JSON text inside a fragment, read the way the decoder reads it. */
async function jsonInside(fragment: string): Promise<string> {
  const bytes = Uint8Array.from(atob(fragment.slice(3).replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const inflated = await inflateRawCapped(bytes, MAX_INFLATED_BYTES);
  if (!inflated.ok) throw new Error('not inflatable');
  return inflated.text;
}

function transcript(): Message[] {
  return [
    { id: 's', role: 'system', content: 'You are a coding agent.' },
    {
      id: 'u1',
      role: 'user',
      content: 'Rename `foo` to `bar` everywhere. 日本語 🎉',
      turnId: 't1',
      source: { line: 2 },
    },
    {
      id: 'a1',
      role: 'assistant',
      content: '',
      reasoning: 'grep first',
      toolCalls: [{ id: 'c1', name: 'grep', arguments: '{"pattern":"foo","path":"src"}' }],
      turnId: 't1',
    },
    { id: 'r1', role: 'tool', content: 'src/a.ts:1:foo', toolCallId: 'c1', toolName: 'grep', turnId: 't1' },
    { id: 'sum', role: 'user', content: '## Goal\n...', kind: 'summary', images: 1 },
  ];
}

function source(): ShareSource {
  return {
    messages: transcript(),
    transcriptName: 'rename.jsonl',
    settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 6000, strategy: 'turns', tokenizer: 'chars4' },
    provider: { kind: 'ollama', model: 'llama3.2', baseUrl: 'http://localhost:11434' },
    selectedIndex: 3,
    preview: {
      summary: '## Goal\nRename foo.',
      degraded: false,
      splitTurn: true,
      usage: { promptTokens: 812, completionTokens: 95 },
    },
  };
}

describe('round trips', () => {
  test('a full link reopens the same transcript, settings, provider, selection and preview', async () => {
    const payload = await buildSharePayload(source(), 'full');
    const fragment = await encodeShare(payload);
    expect(fragment.startsWith('v3.')).toBe(true);
    const decoded = await decodeShare(fragment);
    expect(decoded).toEqual({ ok: true, payload });
    if (!decoded.ok) return;

    const restored = restoreShare(decoded.payload);
    // Everything but `source`, which points into a file the reader does not have.
    expect(restored.messages).toEqual(transcript().map(({ source: _source, ...rest }) => rest));
    expect(restored.settings).toEqual({
      ...DEFAULT_SETTINGS,
      keepRecentTokens: 6000,
      strategy: 'turns',
      tokenizer: 'chars4',
      harness: DEFAULT_HARNESS_PARAMS,
    });
    expect(restored.provider).toEqual({
      kind: 'ollama',
      model: 'llama3.2',
      baseUrl: 'http://localhost:11434',
    });
    expect(restored.selectedIndex).toBe(3);
    expect(restored.preview?.splitTurn).toBe(true);
    expect(restored.transcriptName).toBe('rename.jsonl');
  });

  test('a settings-only link reopens the settings and names the transcript with its hash', async () => {
    const payload = await buildSharePayload(source(), 'settings-only');
    const decoded = await decodeShare(await encodeShare(payload));
    expect(decoded).toEqual({ ok: true, payload });
    if (!decoded.ok) return;
    const restored = restoreShare(decoded.payload);
    expect(restored.messages).toBeNull();
    expect(restored.transcriptName).toBe('rename.jsonl');
    expect(restored.expectedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(restored.messageCount).toBe(5);
  });

  test('a leading "#" is accepted, as `location.hash` gives it', async () => {
    const fragment = await encodeShare(await buildSharePayload(source(), 'full'));
    expect((await decodeShare(`#${fragment}`)).ok).toBe(true);
  });

  test('with default settings and no transcript options the settings-only link is short', async () => {
    const payload = await buildSharePayload(
      { messages: transcript(), settings: DEFAULT_SETTINGS },
      'settings-only',
    );
    const fragment = await encodeShare(payload);
    expect(await jsonInside(fragment)).toBe(
      `{"v":3,"variant":"settings-only","transcript":{"name":"pasted transcript","sha256":"${payload.transcript.sha256}","messageCount":5}}`,
    );
    expect(fragment.length).toBeLessThan(200);
  });

  test('the key never reaches the fragment, even when a provider object carries it', async () => {
    const key = 'sk-proj-THISISTHEKEYTHISISTHEKEY1234';
    const provider = {
      kind: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: key,
    };
    const fragment = await encodeShare(
      await buildSharePayload({ ...source(), provider: provider as unknown as ShareProviderInput }, 'full'),
    );
    const json = await jsonInside(fragment);
    expect(json).not.toContain(key);
    expect(json).not.toContain('apiKey');
    expect(json).toContain(
      '"provider":{"kind":"openai","model":"gpt-4o-mini","baseUrl":"https://api.openai.com/v1"}',
    );
  });

  test('a payload the reader would reject is refused at encoding, naming the field', async () => {
    const payload = await buildSharePayload(
      { ...source(), provider: { kind: 'openai', model: 'm', baseUrl: 'javascript:alert(1)' } },
      'full',
    );
    const error = await encodeShare(payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareEncodeError);
    expect(error).toMatchObject({
      message: "The link's contents are invalid at provider.baseUrl: Expected an http or https URL.",
      path: 'provider.baseUrl',
    });
  });
});

describe('links that would not open are refused when encoding', () => {
  test('shared state over 20 MB', async () => {
    const big = 'x'.repeat(4_500_000);
    const messages = Array.from({ length: 5 }, (_, i) => ({
      id: `m${i}`,
      role: 'user' as const,
      content: big,
    }));
    const error = await encodeShare(await buildSharePayload({ messages, settings: {} }, 'full')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShareEncodeError);
    expect((error as Error).message).toBe(
      'The shared state is 21.5 MB, over the 20 MB a link may hold; share a settings-only link instead.',
    );
  });

  test('a link over 2 MB', async () => {
    // Text that deflate cannot shrink much: pseudo-random letters from a fixed seed.
    let state = 7;
    const noise = Array.from({ length: 3_000_000 }, () => {
      // xorshift32: its low bits do not repeat the way a small LCG's do.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return ALPHABET64[(state >>> 0) % 64];
    }).join('');
    const payload = await buildSharePayload(
      { messages: [{ id: 'm', role: 'tool', content: noise }], settings: {} },
      'full',
    );
    const error = await encodeShare(payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShareEncodeError);
    expect((error as Error).message).toMatch(
      /^The link would be [\d,]+ characters, over the 2 MB a link may have; share a repro bundle file instead\.$/,
    );
  });
});

describe('every decoding error has a code and a message naming what was wrong', () => {
  test('empty', async () => {
    for (const fragment of ['', '#']) {
      expect(await decodeShare(fragment)).toEqual({
        ok: false,
        error: {
          code: 'empty',
          message: 'The link has nothing after the "#": there is no shared state to open.',
        },
      });
    }
  });

  test('too-long: a fragment over 2 MB is refused before any decoding', async () => {
    const fragment = `v1.${'A'.repeat(2 * 1024 * 1024)}`;
    expect(await decodeShare(fragment)).toEqual({
      ok: false,
      error: {
        code: 'too-long',
        message:
          'The link is 2,097,155 characters long; links over 2 MB are not opened. Share a repro bundle file instead.',
      },
    });
  });

  test('bad-prefix', async () => {
    expect(await decodeShare('eJyrVkrLz1eyUkpKLFKqBQA')).toEqual({
      ok: false,
      error: {
        code: 'bad-prefix',
        message:
          'The link does not start with a version such as "v3."; it was cut short or not made by this app.',
      },
    });
  });

  test('unknown-version', async () => {
    expect(await decodeShare('v7.AAAA')).toEqual({
      ok: false,
      error: {
        code: 'unknown-version',
        message:
          'The link is version 7, which this build cannot read (it reads versions 0, 1, 2 and 3); it was probably made by a newer build.',
      },
    });
  });

  test('not-base64url: a character outside the alphabet, with its position', async () => {
    expect(await decodeShare('v1.abc%20def')).toEqual({
      ok: false,
      error: {
        code: 'not-base64url',
        message:
          'The link\'s data is not base64url: character "%" at position 3 is not in the base64url alphabet. It may have been cut short or changed when it was pasted.',
      },
    });
  });

  test('not-base64url: an impossible length', async () => {
    const result = await decodeShare('v1.abcde');
    expect(result.ok ? null : result.error.message).toBe(
      "The link's data is not base64url: its length (5) cannot be base64url. It may have been cut short or changed when it was pasted.",
    );
  });

  test('not-deflate: valid base64url that is not compressed data', async () => {
    // 0xff opens a block of type 3, which deflate does not have.
    expect(await decodeShare(`v1.${encodeBase64url(new Uint8Array([0xff, 0xff, 0xff]))}`)).toEqual({
      ok: false,
      error: {
        code: 'not-deflate',
        message:
          "The link's data is not deflate-compressed (invalid block type); it was cut short or changed.",
      },
    });
  });

  test('not-deflate: a link cut short', async () => {
    const fragment = await encodeShare(await buildSharePayload(source(), 'full'));
    expect(await decodeShare(fragment.slice(0, 3 + 36))).toEqual({
      ok: false,
      error: {
        code: 'not-deflate',
        message:
          "The link's data is not deflate-compressed (unexpected end of file); it was cut short or changed.",
      },
    });
  });

  test("not-json: compressed text that is not JSON, with the parser's reason", async () => {
    const result = await decodeShare(await fragmentOfJson('{"v":3,'));
    expect(result.ok ? null : result.error.code).toBe('not-json');
    // The reason is the JavaScript engine's own wording, which differs between engines.
    expect(result.ok ? null : result.error.message).toMatch(
      /^The link's data is not JSON: .*position 7.*\.$/,
    );
  });

  test('not-json: compressed bytes that are not UTF-8', async () => {
    const fragment = `v1.${encodeBase64url(await deflateRaw(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))}`;
    expect(await decodeShare(fragment)).toEqual({
      ok: false,
      error: { code: 'not-json', message: "The link's data is not JSON: it is not UTF-8 text." },
    });
  });

  test('schema: the message names the field and what was expected', async () => {
    const payload = await buildSharePayload(source(), 'full');
    const json = JSON.stringify({ ...payload, settings: { keepRecentTokens: 'lots' } });
    expect(await decodeShare(await fragmentOfJson(json))).toEqual({
      ok: false,
      error: {
        code: 'schema',
        message:
          'The link\'s contents are invalid at settings.keepRecentTokens: Invalid type: Expected number but received "lots".',
        path: 'settings.keepRecentTokens',
      },
    });
  });

  test('schema: a field this version does not know, such as a key, rejects the link', async () => {
    const payload = await buildSharePayload(source(), 'full');
    const json = JSON.stringify({ ...payload, provider: { ...payload.provider, apiKey: 'sk-x' } });
    expect(await decodeShare(await fragmentOfJson(json))).toEqual({
      ok: false,
      error: {
        code: 'schema',
        message:
          'The link\'s contents are invalid at provider.apiKey: Invalid key: Expected never but received "apiKey".',
        path: 'provider.apiKey',
      },
    });
  });
});

/** Raw deflate of `size` zero bytes, fed in megabyte pieces so the test never holds them all. */
async function deflatedZeros(size: number): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const zeros = new Uint8Array(1 << 20);
  const collected = new Response(stream.readable).arrayBuffer();
  for (let written = 0; written < size; written += zeros.length) await writer.write(zeros);
  await writer.close();
  return new Uint8Array(await collected);
}

describe('size caps', () => {
  test('a deflate bomb of 128 MB is refused after inflating only a little past the 20 MB cap', async () => {
    const bomb = await deflatedZeros(128 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);

    const result = await inflateRawCapped(bomb, MAX_INFLATED_BYTES);
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'too-large') throw new Error('expected too-large');
    // Counting stops at the first chunk past the cap, not at the end of the stream.
    expect(result.inflatedBytes).toBeGreaterThan(MAX_INFLATED_BYTES);
    expect(result.inflatedBytes).toBeLessThan(MAX_INFLATED_BYTES + 2 * 1024 * 1024);

    expect(await decodeShare(`v1.${encodeBase64url(bomb)}`)).toEqual({
      ok: false,
      error: {
        code: 'too-large',
        message: "The link's data inflates to more than 20 MB; it was not opened.",
      },
    });
  });

  test('the caps can be lowered, e.g. by the command line', async () => {
    const fragment = await encodeShare(await buildSharePayload(source(), 'full'));
    expect((await decodeShare(fragment, { maxFragmentChars: 100 })).ok).toBe(false);
    const small = await decodeShare(fragment, { maxInflatedBytes: 200 });
    expect(small.ok ? null : small.error.message).toBe(
      "The link's data inflates to more than 200 bytes; it was not opened.",
    );
  });
});

describe('URLs and fragments', () => {
  test('the share URL is the page URL with its fragment replaced', () => {
    expect(buildShareUrl('https://example.com/playground/?sample=pi#old', 'v1.abc')).toBe(
      'https://example.com/playground/?sample=pi#v1.abc',
    );
  });

  test('the fragment of location.hash, or null when there is none', () => {
    expect(readFragment('#v1.abc')).toBe('v1.abc');
    expect(readFragment('v1.abc')).toBe('v1.abc');
    expect(readFragment('#')).toBeNull();
    expect(readFragment('')).toBeNull();
  });

  test('a pasted link or a bare fragment both give the fragment', () => {
    expect(fragmentFromLink('https://example.com/#v1.abc\n')).toBe('v1.abc');
    expect(fragmentFromLink('v1.abc')).toBe('v1.abc');
    expect(fragmentFromLink('https://example.com/')).toBe('https://example.com/');
  });
});
