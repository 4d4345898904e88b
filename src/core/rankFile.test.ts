import { describe, expect, it } from 'vitest';
import { countPieceTokens, rankOfBytes } from './bpe';
import { parseBpeRanks } from './bpeRanks';
import { SHIPPED_ENCODING_DIGESTS, encodingDigest } from './encodingDigest';
import { RankFileError, decodeRankFile } from './rankFile';
import { encodeRankFile } from './rankFileEncode';
import { packagedEncoding } from './tokenizer';

/** Four tokens in js-tiktoken's ranks layout: "a" "b" "ab" ranked 0–2, "é" (two bytes) ranked 7. */
const SMALL_RANKS = ['x 0 YQ== Yg== YWI=', 'y 7 w6k='].join('\n');
const smallTable = parseBpeRanks(SMALL_RANKS);

describe('encodeRankFile', () => {
  it('writes the magic, the pattern, the rank runs, one length byte per token and the bytes', () => {
    const file = encodeRankFile(SMALL_RANKS, 'p.');
    expect([...file]).toEqual([
      ...[0x42, 0x50, 0x45, 0x31], // "BPE1"
      ...[2, 0, 0, 0, 0x70, 0x2e], // pattern "p."
      ...[2, 0, 0, 0], // two runs
      ...[0, 0, 0, 0, 3, 0, 0, 0], // ranks 0, 1, 2
      ...[7, 0, 0, 0, 1, 0, 0, 0], // rank 7
      ...[1, 1, 2, 2], // token lengths
      ...[0x61, 0x62, 0x61, 0x62, 0xc3, 0xa9], // "a" "b" "ab" "é"
    ]);
  });

  it('refuses a token longer than a length byte can say', () => {
    expect(() => encodeRankFile(`x 0 YQ==\ny 1 ${btoa('a'.repeat(256))}`, 'p')).toThrow(
      'Token 1 is 256 bytes long; a rank file holds tokens of 1–255 bytes',
    );
  });
});

describe('decodeRankFile', () => {
  it('gives back the table and pattern it was made from', () => {
    const { table, pattern } = decodeRankFile(encodeRankFile(SMALL_RANKS, 'p.'), 'small');
    expect(pattern).toBe('p.');
    expect(table).toEqual(smallTable);
    expect(rankOfBytes(table, 'ab', 0, 2)).toBe(2);
    expect(rankOfBytes(table, '\u00c3\u00a9', 0, 2)).toBe(7);
    expect(table.twoByteRanks[(0x61 << 8) | 0x62]).toBe(2);
  });

  it.each(['o200k_base', 'cl100k_base'] as const)(
    '%s: the file made from the packaged ranks is the shipped table exactly',
    async (id) => {
      const packaged = await packagedEncoding(id);
      const { default: ranks } = await (id === 'o200k_base'
        ? import('js-tiktoken/ranks/o200k_base')
        : import('js-tiktoken/ranks/cl100k_base'));
      const file = encodeRankFile(ranks.bpe_ranks, ranks.pat_str);
      const decoded = decodeRankFile(file, id);
      expect(decoded.pattern).toBe(packaged.pattern);
      expect(await encodingDigest(decoded.pattern, decoded.table)).toBe(SHIPPED_ENCODING_DIGESTS[id]);
      // Counted as js-tiktoken counts these pieces (see tokenizer.test.ts for the encoder itself).
      expect(countPieceTokens(decoded.table, ' compaction')).toBe(
        countPieceTokens(packaged.table, ' compaction'),
      );
      expect(decoded.table.tokenBytes.buffer).not.toBe(file.buffer);
    },
  );

  const good = encodeRankFile(SMALL_RANKS, 'p.');
  it.each([
    [
      'another magic',
      Uint8Array.of(0x42, 0x50, 0x45, 0x32, ...good.subarray(4)),
      'it does not start with "BPE1"',
    ],
    ['a header cut short', good.subarray(0, 10), 'it ends at byte 10, inside its header'],
    [
      'a pattern past the end',
      Uint8Array.of(...good.subarray(0, 4), 99, 0, 0, 0),
      'its pattern runs past its end (byte 8)',
    ],
    ['lengths past the end', good.subarray(0, 30), 'its 4 token lengths run past its end (byte 30)'],
    [
      'bytes missing',
      good.subarray(0, good.length - 1),
      'its tokens take 6 bytes from byte 34, but it is 39 bytes long',
    ],
    [
      'a byte too many',
      Uint8Array.of(...good, 0),
      'its tokens take 6 bytes from byte 34, but it is 41 bytes long',
    ],
  ])('refuses a file with %s, saying so', (_, file, what) => {
    expect(() => decodeRankFile(file, 'o200k_base.bpe')).toThrow(
      new RankFileError(`The tokenizer file o200k_base.bpe is not a rank file: ${what}`),
    );
  });

  it('refuses a file with no tokens, and a token of no bytes', () => {
    const empty = Uint8Array.of(...good.subarray(0, 10), 0, 0, 0, 0);
    expect(() => decodeRankFile(empty, 'x')).toThrow('it holds no tokens');
    const zero = good.slice();
    zero[30] = 0;
    expect(() => decodeRankFile(zero, 'x')).toThrow('token 0 has no bytes');
  });
});

describe('encodeRankFile on ranks it cannot write', () => {
  it('refuses a line with no rank after its prefix, quoting it', () => {
    expect(() => encodeRankFile('x YQ==', 'p')).toThrow(
      new RankFileError('The ranks line "x YQ==" has no rank after its prefix'),
    );
  });

  it('keeps ranks that do not follow on as runs of their own, lines that do as one', () => {
    const file = encodeRankFile('x 0 YQ==\ny 1 Yg==\nz 5 Yw==', 'p');
    const { table } = decodeRankFile(file, 'x');
    expect([...table.tokenRank]).toEqual([0, 1, 5]);
    expect(new DataView(file.buffer).getUint32(9, true)).toBe(2);
  });
});
