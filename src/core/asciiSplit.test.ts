import fc from 'fast-check';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { O200K_PATTERN, isAscii, o200kPieceEnd } from './asciiSplit';

const byPattern = (text: string) => [...text.matchAll(new RegExp(o200k.pat_str, 'gu'))].map((m) => m[0]);

function byScan(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    const end = o200kPieceEnd(text, at);
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** ASCII weighted toward what changes the split: case, digits, each kind of space, apostrophes, slashes. */
const asciiText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'a',
        'b',
        'Z',
        'Q',
        '1',
        '0',
        ' ',
        '  ',
        '\t',
        '\n',
        '\r',
        '\r\n',
        '\v',
        '\f',
        "'",
        '/',
        '.',
        '(',
        '-',
      ),
      fc.constantFrom(
        "'s",
        "'S",
        "'t",
        "'re",
        "'RE",
        "'rE",
        "'ve",
        "'VE",
        "'ll",
        "'Ll",
        "'m",
        "'d",
        "'x",
        "'",
      ),
      fc.constantFrom('\x00', '\x1c', '\x1f', '\x7f', '\x0b'),
      fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 6 }),
      fc.constantFrom(
        'HTTPServer',
        'parseJSON',
        'ABC',
        "don't",
        '12345',
        '  \n  ',
        ' \t\n',
        '//\n',
        ' ...\n\n',
      ),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe("o200k's split, hand-run on ASCII", () => {
  it('splits any ASCII text into the pieces the pattern gives', () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        expect(byScan(text)).toEqual(byPattern(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["HTTPServer's parseJSON(x)", ["HTTPServer's", ' parse', 'JSON', '(x', ')']],
    ["they'RE here, I'LL 've", ["they'RE", ' here', ',', " I'LL", " '", 've']],
    ['  x\t\n\n  y ', [' ', ' x', '\t\n\n', ' ', ' y', ' ']],
    ['1234567 a.b// /*c*/\n', ['123', '456', '7', ' a', '.b', '//', ' /*', 'c', '*/\n']],
  ])('splits %j as the pattern does', (text, pieces) => {
    expect(byPattern(text)).toEqual(pieces);
    expect(byScan(text)).toEqual(pieces);
  });

  it('is for the pattern the o200k ranks publish, character for character', () => {
    expect(O200K_PATTERN).toBe(o200k.pat_str);
  });

  it('knows ASCII from the rest', () => {
    expect([isAscii('plain \x00\x7f'), isAscii('café'), isAscii('')]).toEqual([true, false, true]);
  });
});
