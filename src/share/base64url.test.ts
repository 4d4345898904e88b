import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeBase64url, encodeBase64url, findBase64urlError } from './base64url';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('base64url', () => {
  test.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('RFC 4648 vector %j encodes to %j without padding', (text, encoded) => {
    expect(encodeBase64url(bytes(text))).toBe(encoded);
    expect(decodeBase64url(encoded)).toEqual(bytes(text));
  });

  test('the URL-safe alphabet uses - and _ where base64 has + and /', () => {
    expect(encodeBase64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(decodeBase64url('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  test('any bytes round-trip (property, 200 cases)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (input) => {
        const encoded = encodeBase64url(input);
        expect(findBase64urlError(encoded)).toBeNull();
        expect(decodeBase64url(encoded)).toEqual(input);
      }),
      { numRuns: 200, seed: 4 },
    );
  });

  test('padding, standard-alphabet characters and whitespace are refused with their position', () => {
    expect(findBase64urlError('Zg==')).toBe('character "=" at position 2 is not in the base64url alphabet');
    expect(findBase64urlError('ab+/')).toBe('character "+" at position 2 is not in the base64url alphabet');
    expect(findBase64urlError('ab cd')).toBe('character " " at position 2 is not in the base64url alphabet');
    expect(findBase64urlError('abécd')).toBe('character "é" at position 2 is not in the base64url alphabet');
    expect(decodeBase64url('Zg==')).toBeNull();
  });

  test('a length no encoder produces and unused bits that are set are refused', () => {
    expect(findBase64urlError('abcde')).toBe('its length (5) cannot be base64url');
    // "Zg" is "f"; "Zh" sets bits that carry no byte.
    expect(findBase64urlError('Zh')).toBe('its last character was not written by a base64url encoder');
    expect(findBase64urlError('Zm9')).toBe('its last character was not written by a base64url encoder');
    expect(decodeBase64url('Zh')).toBeNull();
  });
});
