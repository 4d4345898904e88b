/**
 * base64url without padding (RFC 4648 §5): the alphabet that survives a URL
 * fragment, a chat message and a terminal without escaping.
 *
 * Hand-written rather than `btoa`/`atob` because decoding must be strict (a
 * link mangled by a chat app should fail here, with that name, not later as
 * "corrupt data") and because `btoa` needs a binary string as large as the input.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64url(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    // Joining bounded pieces keeps string building linear on multi-megabyte payloads.
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    chunk += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    chunk += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  parts.push(chunk);
  return parts.join('');
}

/** Where a string stops being base64url, or null when it is valid. */
export function findBase64urlError(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || VALUES[code] < 0) {
      return `character ${JSON.stringify(text[i])} at position ${i} is not in the base64url alphabet`;
    }
  }
  const rest = text.length % 4;
  if (rest === 1) return `its length (${text.length}) cannot be base64url`;
  // No encoder sets the unused low bits of the last character; a changed one does.
  const last = rest === 0 ? 0 : VALUES[text.charCodeAt(text.length - 1)];
  if ((rest === 2 && (last & 15) !== 0) || (rest === 3 && (last & 3) !== 0)) {
    return 'its last character was not written by a base64url encoder';
  }
  return null;
}

/** Decodes unpadded base64url; null for anything `findBase64urlError` rejects. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (findBase64urlError(text) !== null) return null;
  const full = text.length >> 2;
  const rest = text.length & 3;
  const out = new Uint8Array(full * 3 + (rest === 0 ? 0 : rest - 1));
  let o = 0;
  let i = 0;
  for (let g = 0; g < full; g++, i += 4) {
    const n =
      (VALUES[text.charCodeAt(i)] << 18) |
      (VALUES[text.charCodeAt(i + 1)] << 12) |
      (VALUES[text.charCodeAt(i + 2)] << 6) |
      VALUES[text.charCodeAt(i + 3)];
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (rest === 2) {
    out[o] = ((VALUES[text.charCodeAt(i)] << 18) | (VALUES[text.charCodeAt(i + 1)] << 12)) >> 16;
  } else if (rest === 3) {
    const n =
      (VALUES[text.charCodeAt(i)] << 18) |
      (VALUES[text.charCodeAt(i + 1)] << 12) |
      (VALUES[text.charCodeAt(i + 2)] << 6);
    out[o++] = n >> 16;
    out[o] = (n >> 8) & 255;
  }
  return out;
}
