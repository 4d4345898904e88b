import { describe, expect, it } from 'vitest';
import { MISSING, PieceCache, hashRange } from './pieceCache';

const get = (cache: PieceCache, text: string, from = 0, to = text.length) =>
  cache.get(text, from, to, hashRange(text, from, to));
const set = (cache: PieceCache, piece: string, count: number) =>
  cache.set(piece, hashRange(piece, 0, piece.length), count);

describe('a piece cache', () => {
  it('finds a piece by a stretch of any text, without cutting it out', () => {
    const cache = new PieceCache(10);
    set(cache, 'world', 1);
    set(cache, ' world', 2);
    expect(get(cache, 'hello world!', 6, 11)).toBe(1);
    expect(get(cache, 'hello world!', 5, 11)).toBe(2);
    expect(get(cache, 'hello world!', 6, 10)).toBe(MISSING);
    expect(get(cache, 'worlds')).toBe(MISSING);
  });

  it('holds many more pieces than it starts with room for', () => {
    const cache = new PieceCache(100_000, 16);
    for (let i = 0; i < 50_000; i++) set(cache, `p${i}`, i);
    expect(cache.size).toBe(50_000);
    expect([get(cache, 'p0'), get(cache, 'p49999'), get(cache, 'p50000')]).toEqual([0, 49_999, MISSING]);
  });

  it('when full, keeps the pieces asked for again and drops the one-offs', () => {
    const cache = new PieceCache(4);
    for (const piece of ['the', 'id1', 'id2', 'and']) set(cache, piece, piece.length);
    expect([get(cache, 'the'), get(cache, 'and')]).toEqual([3, 3]);
    set(cache, 'id3', 3);
    expect(cache.size).toBe(3);
    expect([get(cache, 'the'), get(cache, 'and'), get(cache, 'id3')]).toEqual([3, 3, 3]);
    expect([get(cache, 'id1'), get(cache, 'id2')]).toEqual([MISSING, MISSING]);
  });

  it('when full of pieces that all recurred, keeps the older half', () => {
    const cache = new PieceCache(4);
    for (const piece of ['a', 'b', 'c', 'd']) set(cache, piece, 1);
    for (const piece of ['a', 'b', 'c', 'd']) get(cache, piece);
    set(cache, 'e', 1);
    expect(['a', 'b', 'c', 'd', 'e'].map((p) => get(cache, p) !== MISSING)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});
