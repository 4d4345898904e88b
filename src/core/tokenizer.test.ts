import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { countChars4, pieceCachedCounter } from './tokenizer';

const encodings = [
  ['o200k_base', o200k],
  ['cl100k_base', cl100k],
] as const;

/** Text made of the things that stress a BPE pre-tokenizer. */
const nasty = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(
        ' ',
        '  ',
        '\t',
        '\n',
        '\r\n',
        '   \n  ',
        "'s",
        "'LL",
        '<|endoftext|>',
        '<|fim_prefix|>',
        '😀',
        '👩‍👩‍👧',
        '日本語',
        '한국어',
        '1234567',
        '{"path":"src/a.ts"}',
        "don't",
        'HTTPServer',
        '\u00a0',
        '...',
      ),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe.each(encodings)('piece-cached %s counter', (_, ranks) => {
  const encoding = new Tiktoken(ranks);
  const exact = (text: string) => encoding.encode(text, [], []).length;
  const cached = pieceCachedCounter(ranks.pat_str, exact);

  it('counts exactly what the encoder counts, on any text', () => {
    fc.assert(
      fc.property(nasty, (text) => cached(text) === exact(text)),
      { numRuns: 600 },
    );
  });

  it('counts a text the same the second time, from the cache', () => {
    const text = 'The quick brown fox\n\n  jumps over the lazy dog 1234567.';
    expect(cached(text)).toBe(exact(text));
    expect(cached(text)).toBe(exact(text));
  });
});

describe('chars4', () => {
  it('is a quarter token per UTF-16 unit, rounded up', () => {
    expect([countChars4(''), countChars4('abc'), countChars4('abcd'), countChars4('abcde')]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});
