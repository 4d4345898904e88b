/**
 * A tokenizer's ranks as a compact binary file, the form the page downloads:
 * no JavaScript module to compile, no base64 to decode, the token bytes read
 * in place. Made at build time from js-tiktoken's packaged ranks, so the
 * table it gives is the same table `parseBpeRanks` builds from them (the
 * encoding digest checks this).
 *
 * Layout, integers unsigned 32-bit little-endian:
 *
 *     "BPE1"                                     magic
 *     pattern length P, then P bytes             the split pattern, UTF-8
 *     run count R, then R × (first rank, count)  tokens ranked first, first + 1, …
 *     one byte per token                         its length in bytes (1–255)
 *     the tokens' bytes, one after another
 *
 * The file is written by `rankFileEncode.ts`, which imports nothing, so the
 * build can run it.
 */
import { tableFromTokens, type BpeTable } from './bpe';
import { MAGIC, RankFileError } from './rankFileEncode';

export { RankFileError };

/**
 * The encoding in a rank file. `name` says which file in a refusal; a file
 * cut short, with another magic, or with lengths that do not add up to its
 * size is refused with a RankFileError.
 */
export function decodeRankFile(file: Uint8Array, name: string): { table: BpeTable; pattern: string } {
  const refuse = (what: string) =>
    new RankFileError(`The tokenizer file ${name} is not a rank file: ${what}`);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u32 = (at: number) => {
    if (at + 4 > file.length) throw refuse(`it ends at byte ${file.length}, inside its header`);
    return view.getUint32(at, true);
  };
  for (let i = 0; i < MAGIC.length; i++)
    if (file[i] !== MAGIC.charCodeAt(i)) throw refuse(`it does not start with "${MAGIC}"`);
  const patternLength = u32(4);
  let at = 8 + patternLength;
  if (at > file.length) throw refuse(`its pattern runs past its end (byte ${file.length})`);
  const pattern = new TextDecoder('utf-8', { fatal: true }).decode(file.subarray(8, at));
  const runCount = u32(at);
  at += 4;
  let size = 0;
  const runs: number[] = [];
  for (let r = 0; r < runCount; r++) {
    const first = u32(at);
    const count = u32(at + 4);
    runs.push(first, count);
    size += count;
    at += 8;
  }
  if (size === 0) throw refuse('it holds no tokens');
  if (at + size > file.length)
    throw refuse(`its ${size} token lengths run past its end (byte ${file.length})`);
  const tokenStart = new Int32Array(size + 1);
  let bytes = 0;
  for (let e = 0; e < size; e++) {
    const length = file[at + e] as number;
    if (length === 0) throw refuse(`token ${e} has no bytes`);
    tokenStart[e] = bytes;
    bytes += length;
  }
  tokenStart[size] = bytes;
  at += size;
  if (at + bytes !== file.length)
    throw refuse(`its tokens take ${bytes} bytes from byte ${at}, but it is ${file.length} bytes long`);
  const tokenRank = new Int32Array(size);
  for (let r = 0, e = 0; r < runs.length; r += 2) {
    const first = runs[r] as number;
    const count = runs[r + 1] as number;
    for (let i = 0; i < count; i++) tokenRank[e++] = first + i;
  }
  // A copy: the table is kept in IndexedDB, and a view would keep the whole file with it.
  const table = tableFromTokens(file.slice(at), tokenStart, tokenRank);
  return { table, pattern };
}
