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
  // The tail of the previous chunk from its last character start, kept to
  // locate an error that straddles two chunks.
  let carry: Uint8Array = new Uint8Array(0);
  for await (const chunk of bytes) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw invalid(findInvalidUtf8(concat(carry, chunk)), offset - carry.length, fileName);
    }
    offset += chunk.length;
    carry = tailFromCharacterStart(chunk.length >= 3 ? chunk : concat(carry, chunk));
    if (text) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw invalid(findInvalidUtf8(carry), offset - carry.length, fileName);
  }
}

/** Decodes a whole buffer, failing on the first invalid sequence. */
export function decodeUtf8(bytes: Uint8Array, fileName?: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(findInvalidUtf8(bytes), 0, fileName);
  }
}

/**
 * A file that ends inside a character was cut off (a download or a copy that
 * stopped short), which is worth saying: the bytes before it are fine.
 */
function invalid(found: InvalidUtf8 | null, base: number, fileName: string | undefined): ImportError {
  const at = base + (found?.offset ?? 0);
  return new ImportError(
    'invalid-utf8',
    found?.truncated
      ? `The file is truncated: it ends at byte offset ${base + found.end} in the middle of a multi-byte UTF-8 character that starts at offset ${at}`
      : `The file is not valid UTF-8 text (first invalid byte at offset ${at})`,
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
 * The last three bytes or fewer, starting at a character boundary: an
 * incomplete character at the end is at most three bytes long, and a tail that
 * started on a continuation byte would be read as an error of its own.
 */
function tailFromCharacterStart(bytes: Uint8Array): Uint8Array {
  let from = Math.max(0, bytes.length - 3);
  while (from < bytes.length && (bytes[from]! & 0xc0) === 0x80) from++;
  return bytes.slice(from);
}

/**
 * Whether a lead byte's first continuation byte can start a valid character:
 * the ranges that rule out overlong forms, surrogates and code points above
 * U+10FFFF (RFC 3629, section 4).
 */
function secondByteFits(lead: number, second: number): boolean {
  if ((second & 0xc0) !== 0x80) return false;
  if (lead === 0xe0) return second >= 0xa0;
  if (lead === 0xed) return second <= 0x9f;
  if (lead === 0xf0) return second >= 0x90;
  if (lead === 0xf4) return second <= 0x8f;
  return true;
}

export interface InvalidUtf8 {
  /** Where the first bad sequence starts. */
  offset: number;
  /** The bytes end inside a character that was valid so far. */
  truncated: boolean;
  /** The length of the bytes read. */
  end: number;
}

/**
 * The first invalid sequence, or null when the bytes are valid UTF-8.
 * Overlong forms and surrogates count as invalid, as they do for the decoder.
 */
export function findInvalidUtf8(bytes: Uint8Array): InvalidUtf8 | null {
  const end = bytes.length;
  let i = 0;
  while (i < end) {
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
    else return { offset: i, truncated: false, end };
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      // The bytes end inside a character: truncated, if what was read could still start one.
      if (next === undefined) return { offset: i, truncated: k < 2 || secondByteFits(b, bytes[i + 1]!), end };
      if ((next & 0xc0) !== 0x80) return { offset: i, truncated: false, end };
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
      return { offset: i, truncated: false, end };
    i += need + 1;
  }
  return null;
}

/** Runs of characters outside ASCII: the engine finds them far faster than a loop over every character. */
const NON_ASCII_RUNS = /[\u0080-\uffff]+/g;

/**
 * UTF-8 byte length of a string without allocating an encoded copy: a byte
 * per character, plus what each character outside ASCII adds. Most of a
 * transcript is ASCII, so only its rare runs of other characters are walked.
 * A lone surrogate counts 3 bytes, as the U+FFFD an encoder writes for it.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  NON_ASCII_RUNS.lastIndex = 0;
  for (let run = NON_ASCII_RUNS.exec(text); run !== null; run = NON_ASCII_RUNS.exec(text)) {
    const end = run.index + run[0].length;
    for (let i = run.index; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x800) bytes += 1;
      else {
        bytes += 2;
        // A surrogate pair is 4 bytes for its 2 characters: its second half adds nothing.
        const next = i + 1 < end ? text.charCodeAt(i + 1) : 0;
        if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      }
    }
  }
  return bytes;
}
