/**
 * Bytes to text for file imports. A transcript that is not valid UTF-8 is
 * refused with the byte offset of the first bad sequence, rather than loaded
 * with replacement characters the user would not notice.
 */
import { ImportError } from './types';

/** Decodes a stream of byte chunks, failing on the first invalid sequence. */
export async function* utf8Chunks(
  bytes: AsyncIterable<Uint8Array>,
  fileName?: string,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  // The tail of the previous chunk, kept to locate an error that straddles two chunks.
  let carry = new Uint8Array(0);
  for await (const chunk of bytes) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      const joined = concat(carry, chunk);
      throw invalid(offset - carry.length + firstInvalidUtf8(joined), fileName);
    }
    offset += chunk.length;
    carry = chunk.slice(Math.max(0, chunk.length - 3));
    if (text) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw invalid(offset - carry.length + firstInvalidUtf8(carry), fileName);
  }
}

/** Decodes a whole buffer, failing on the first invalid sequence. */
export function decodeUtf8(bytes: Uint8Array, fileName?: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(firstInvalidUtf8(bytes), fileName);
  }
}

function invalid(offset: number, fileName: string | undefined): ImportError {
  return new ImportError(
    'invalid-utf8',
    `The file is not valid UTF-8 text (first invalid byte at offset ${offset})`,
    { fileName },
  );
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Offset of the first byte that starts an invalid sequence, or the length when
 * the bytes end inside a sequence. Overlong forms and surrogates count as
 * invalid, as they do for the decoder.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min, cp] = [1, 0x80, b & 0x1f];
    else if (b >= 0xe0 && b <= 0xef) [need, min, cp] = [2, 0x800, b & 0x0f];
    else if (b >= 0xf0 && b <= 0xf4) [need, min, cp] = [3, 0x10000, b & 0x07];
    else return i;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return i;
}

/** UTF-8 byte length of a string without allocating an encoded copy. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
