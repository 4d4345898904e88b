import { describe, expect, it } from 'vitest';
import { ImportError } from './types';
import { decodeUtf8, findInvalidUtf8, utf8Chunks, utf8Length } from './utf8';
import { rng } from '../../testing/rng';

async function decodeChunks(...chunks: number[][]): Promise<string> {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (const chunk of chunks) yield new Uint8Array(chunk);
  }
  let text = '';
  for await (const piece of utf8Chunks(bytes())) text += piece;
  return text;
}

async function messageOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

describe('UTF-8 decoding', () => {
  it('a file cut off in the middle of a multi-byte character says it is truncated at that byte offset', async () => {
    // `{"` then the first two bytes of "€" (E2 82 AC).
    expect(await messageOf(() => decodeUtf8(new Uint8Array([0x7b, 0x22, 0xe2, 0x82]), 'x.json'))).toBe(
      'x.json: The file is truncated: it ends at byte offset 4 in the middle of a multi-byte UTF-8 character that starts at offset 2',
    );
  });

  it('says the same for a stream, where the cut-off character straddles two chunks', async () => {
    // "a" then the first three bytes of "😀" (F0 9F 98 80).
    expect(await messageOf(() => decodeChunks([0x61, 0xf0], [0x9f, 0x98]))).toBe(
      'The file is truncated: it ends at byte offset 4 in the middle of a multi-byte UTF-8 character that starts at offset 1',
    );
  });

  it('an end that no character could start with is invalid, not truncated', async () => {
    // E0 80 can only begin an overlong form.
    expect(await messageOf(() => decodeUtf8(new Uint8Array([0x61, 0xe0, 0x80])))).toBe(
      'The file is not valid UTF-8 text (first invalid byte at offset 1)',
    );
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xe0, 0x80]))).toEqual({
      offset: 1,
      truncated: false,
      end: 3,
    });
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xe0, 0xa0]))).toEqual({
      offset: 1,
      truncated: true,
      end: 3,
    });
  });

  it('locates a bad byte after a chunk that ends on the continuation bytes of a whole character', async () => {
    // "€x", then 0xFF: the bad byte is at offset 4.
    expect(await messageOf(() => decodeChunks([0xe2, 0x82, 0xac, 0x78], [0xff]))).toBe(
      'The file is not valid UTF-8 text (first invalid byte at offset 4)',
    );
  });

  it('decodes valid text split anywhere', async () => {
    expect(await decodeChunks([0x61, 0xe2], [0x82], [0xac, 0x62])).toBe('a€b');
    expect(findInvalidUtf8(new TextEncoder().encode('a€😀'))).toBeNull();
  });
});

describe('utf8Length', () => {
  it('counts 1, 2, 3 and 4 bytes per character, a surrogate pair as one character', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('plain ASCII')).toBe(11);
    expect(utf8Length('café')).toBe(5);
    expect(utf8Length('→ ✓')).toBe(7);
    expect(utf8Length('a😀b')).toBe(6);
    expect(utf8Length('日本語のテキスト')).toBe(24);
  });

  it('counts a lone surrogate as the 3 bytes of the U+FFFD an encoder writes for it', () => {
    expect(utf8Length('\ud800x')).toBe(4);
    expect(utf8Length('x\udc00')).toBe(4);
    expect(utf8Length('\ud83d')).toBe(3);
    expect(utf8Length('\udc00\ud800')).toBe(6);
  });

  it('agrees with TextEncoder on 2,000 random strings mixing ASCII, accents, CJK, emoji and lone surrogates', () => {
    const random = rng(7);
    const pieces = [
      'a',
      'Z',
      ' ',
      '\n',
      '{"k":1}',
      'é',
      'ß',
      '→',
      '中',
      '😀',
      '\ud800',
      '\udfff',
      '\u07ff',
      '\u0800',
    ];
    const encoder = new TextEncoder();
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      expect(utf8Length(text), JSON.stringify(text)).toBe(encoder.encode(text).length);
    }
  });
});
