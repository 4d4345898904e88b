/**
 * A pre-processed form of an encoding's table, as a build step could ship it:
 * the typed arrays of `BpeTable` back to back in one file, so loading is a
 * read and a few views, with no base64 to decode and no hash table to fill.
 * The benchmark measures it against parsing the packaged ranks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { BpeTable } from '../src/core/bpe';

export function writeTable(path: string, table: BpeTable): void {
  const header = Int32Array.of(table.size, table.maxTokenBytes, table.tokenBytes.length, table.slots.length);
  const parts = [header, table.tokenStart, table.tokenRank, table.slots, table.twoByteRanks];
  // The bytes go last: their length need not be a multiple of four.
  const buffers = [
    ...parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)),
    Buffer.from(table.tokenBytes),
  ];
  writeFileSync(path, Buffer.concat(buffers));
}

export function readTable(path: string): BpeTable {
  const file = readFileSync(path);
  // A copy aligned for Int32Array views.
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const [size, maxTokenBytes, bytesLength, slotsLength] = new Int32Array(buffer, 0, 4) as unknown as number[];
  let at = 16;
  const ints = (n: number) => {
    const view = new Int32Array(buffer, at, n);
    at += n * 4;
    return view;
  };
  const tokenStart = ints(size! + 1);
  const tokenRank = ints(size!);
  const slots = ints(slotsLength!);
  const twoByteRanks = ints(1 << 16);
  const tokenBytes = new Uint8Array(buffer, at, bytesLength);
  return {
    size: size!,
    maxTokenBytes: maxTokenBytes!,
    tokenStart,
    tokenRank,
    slots,
    twoByteRanks,
    tokenBytes,
  };
}
