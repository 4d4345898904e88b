import fc from 'fast-check';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  countByHeap,
  countByScan,
  countPieceTokens,
  rankOfBytes,
  tableFromParts,
  tableParts,
  tableTokens,
  utf8ByteString,
  type BpeTable,
} from './bpe';
import { parseBpeRanks } from './bpeRanks';

const o200kTable = parseBpeRanks(o200k.bpe_ranks);
const cl100kTable = parseBpeRanks(cl100k.bpe_ranks);
const rank = (table: BpeTable, token: string) => rankOfBytes(table, token, 0, token.length);

describe('parseBpeRanks', () => {
  it('reads every mergeable token with its rank', () => {
    expect(o200kTable.size).toBe(199_998);
    expect(cl100kTable.size).toBe(100_256);
    // The ranks js-tiktoken encodes these words to.
    expect([rank(o200kTable, 'hello'), rank(o200kTable, ' world')]).toEqual([24912, 2375]);
    expect([rank(cl100kTable, 'hello'), rank(cl100kTable, ' world')]).toEqual([15339, 1917]);
  });

  it('keys tokens by their bytes, one character per byte', () => {
    expect(rank(o200kTable, '\xc3\xa9')).toBe(377); // é
    expect(rank(o200kTable, '\xef\xbf\xbd')).toBe(3251); // U+FFFD
    expect(rank(o200kTable, '!')).toBe(0);
  });

  it('finds every token at its rank, also read from inside a longer string', () => {
    let checked = 0;
    for (const [token, expected] of tableTokens(o200kTable)) {
      expect(rankOfBytes(o200kTable, `x${token}y`, 1, token.length + 1)).toBe(expected);
      checked++;
    }
    expect(checked).toBe(199_998);
  });

  it('finds no rank for bytes that are no token', () => {
    expect([
      rank(o200kTable, 'helloworldhelloworld'),
      rank(o200kTable, '\xff\xff'),
      rank(o200kTable, ''),
    ]).toEqual([-1, -1, -1]);
    expect(rank(o200kTable, 'a'.repeat(129))).toBe(-1);
  });

  it('knows the longest token, so longer pairs are never looked up', () => {
    expect([o200kTable.maxTokenBytes, cl100kTable.maxTokenBytes]).toEqual([128, 128]);
  });

  it('knows every two-byte token by its bytes', () => {
    for (const [token, rank] of tableTokens(o200kTable)) {
      if (token.length === 2) {
        expect(o200kTable.twoByteRanks[(token.charCodeAt(0) << 8) | token.charCodeAt(1)]).toBe(rank);
      }
    }
    expect(o200kTable.twoByteRanks[0xffff]).toBe(-1); // 0xff is never in UTF-8, nor in a token
  });
});

describe('a table kept and read back', () => {
  const parts = () => structuredClone(tableParts(o200kTable));

  it('is the same table: same ranks, same counts', () => {
    const table = tableFromParts(parts())!;
    expect(table.size).toBe(199_998);
    expect([rank(table, 'hello'), rank(table, ' world'), rank(table, 'zzqqxx')]).toEqual([24912, 2375, -1]);
    expect(countPieceTokens(table, ' internationalization')).toBe(
      countPieceTokens(o200kTable, ' internationalization'),
    );
  });

  it.each([
    ['nothing', () => undefined],
    ['a string', () => 'table'],
    ['a size that is not a count', () => ({ ...parts(), size: -1 })],
    ['token bytes as a plain array', () => ({ ...parts(), tokenBytes: [1, 2, 3] })],
    [
      'token starts cut short',
      () => ({ ...parts(), tokenStart: (parts().tokenStart as Int32Array).slice(0, 10) }),
    ],
    ['a token longer than the longest', () => ({ ...parts(), maxTokenBytes: 2 })],
    [
      'a hash slot naming no token',
      () => {
        const p = parts();
        const slots = p.slots as Int32Array;
        slots[slots.findIndex((v) => v !== 0)] = 999_999;
        return p;
      },
    ],
    [
      'a token in two hash slots',
      () => {
        const p = parts();
        const slots = p.slots as Int32Array;
        const empty = slots.findIndex((v) => v === 0);
        slots[empty] = slots[slots.findIndex((v) => v !== 0)] as number;
        return p;
      },
    ],
  ])('is refused when it holds %s', (_, make) => {
    expect(tableFromParts(make())).toBeNull();
  });
});

describe('utf8ByteString', () => {
  it('returns ASCII as it is', () => {
    const ascii = 'const x = 1;\n';
    expect(utf8ByteString(ascii)).toBe(ascii);
  });

  it('spells other characters as their UTF-8 bytes', () => {
    expect(utf8ByteString('é中😀')).toBe('\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80');
  });

  it('turns a lone surrogate into U+FFFD, as TextEncoder and so js-tiktoken do', () => {
    expect(utf8ByteString('a\ud800b')).toBe('a\xef\xbf\xbdb');
  });

  it('converts pieces longer than one String.fromCharCode call', () => {
    expect(utf8ByteString('é'.repeat(10_000))).toBe('\xc3\xa9'.repeat(10_000));
  });
});

/** Bytes that merge a lot: a few letters, a space, and the bytes of é, 中 and 😀. */
const mergeHeavyBytes = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'e',
      'n',
      't',
      ' ',
      '=',
      '\xc3',
      '\xa9',
      '\xe4',
      '\xb8',
      '\xad',
      '\xf0',
      '\x9f',
    ),
    {
      maxLength: 300,
    },
  )
  .map((bytes) => bytes.join(''));

/** The UTF-8 of any text, including runs long enough for the heap to matter. */
const anyTextBytes = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc
        .tuple(fc.constantFrom('a', ' ', '!', '\n', '中', '😀', '\u0301'), fc.nat(120))
        .map(([c, n]) => c.repeat(n)),
    ),
    { maxLength: 8 },
  )
  .map((parts) => utf8ByteString(parts.join('')));

describe.each([
  ['o200k_base', o200kTable],
  ['cl100k_base', cl100kTable],
] as const)('%s merges', (_, table) => {
  it('the heap makes exactly the merges of the scan, on any bytes', () => {
    fc.assert(
      fc.property(fc.oneof(mergeHeavyBytes, anyTextBytes), (bytes) => {
        expect(countByHeap(table, bytes)).toBe(countByScan(table, bytes));
      }),
      { numRuns: 400 },
    );
  });

  it('a piece that is one token is one token, whichever way it is merged', () => {
    expect(countPieceTokens(table, 'hello')).toBe(1);
    expect(countByScan(table, 'hello')).toBe(1);
    expect(countByHeap(table, 'hello')).toBe(1);
  });

  it('an empty piece is no tokens, a single byte one', () => {
    expect([countPieceTokens(table, ''), countPieceTokens(table, '\x00')]).toEqual([0, 1]);
    expect([countByHeap(table, ''), countByHeap(table, '\x00')]).toEqual([0, 1]);
  });
});
