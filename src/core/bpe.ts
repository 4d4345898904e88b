/**
 * An exact byte-pair-encoding counter for tiktoken's encodings, in
 * O(n log n) per piece.
 *
 * js-tiktoken's merge rescans every pair after each merge and keys its rank
 * map by `bytes.join(',')`, so a piece costs O(n²) map lookups on n-byte keys:
 * 30,000 `a` (one piece) took 91 s, and a share link holding 200,000 hung the
 * page. We keep tiktoken's rule exactly (merge the lowest-ranked adjacent
 * pair, the leftmost on ties, until no pair is a token) and only change how
 * the next pair is found: a heap of candidate pairs instead of a scan.
 */

/**
 * Bytes as a string, one character per byte (char codes 0–255). Pieces take
 * this form, so an ASCII piece needs no conversion and a candidate pair is
 * read from it in place.
 */
export type ByteString = string;

/**
 * One encoding's mergeable tokens, as an open-addressing hash table in typed
 * arrays. A `Map` keyed by byte strings took 250–450 ms to build for o200k's
 * 200,000 tokens and needed a `substring` for every candidate pair; this
 * table builds in about half the time and a lookup, which reads the pair in
 * place, takes a third of the time.
 */
export interface BpeTable {
  /** How many tokens the table holds. */
  readonly size: number;
  /**
   * The longest token, in bytes. A pair longer than this cannot be a token,
   * so it is rejected before it is hashed.
   */
  readonly maxTokenBytes: number;
  /**
   * The rank of every two-byte token at index `first << 8 | second`, NO_RANK
   * for the rest: every merge starts from byte pairs, and an array read is
   * far cheaper than hashing each of them.
   */
  readonly twoByteRanks: Int32Array;
  /** Every token's bytes, one after another. */
  readonly tokenBytes: Uint8Array;
  /** Token `e`'s bytes are `tokenBytes[tokenStart[e], tokenStart[e + 1])`. */
  readonly tokenStart: Int32Array;
  readonly tokenRank: Int32Array;
  /** Hash slots holding a token's index plus one, 0 when empty; a power of two long. */
  readonly slots: Int32Array;
}

/**
 * Pieces up to this many bytes are merged by scanning, longer ones through the
 * heap. Measured on real text: the scan is faster up to about 32 bytes (most
 * words and identifiers), the heap beyond, and four times faster at 256.
 */
export const SCAN_MERGE_MAX_BYTES = 32;

/** A pair with no rank: it never merges. */
const NO_RANK = -1;

/** FNV-1a over `bytes[from, to)`; the table and its lookups must hash alike. */
function hashBytes(bytes: ByteString, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The table over tokens given as their bytes back to back: token `e` is
 * `tokenBytes[tokenStart[e], tokenStart[e + 1])` with rank `tokenRank[e]`.
 * Fills the two-byte ranks and the hash slots, hashing each token where it
 * lies, as a lookup hashes a pair in place.
 */
export function tableFromTokens(
  tokenBytes: Uint8Array,
  tokenStart: Int32Array,
  tokenRank: Int32Array,
): BpeTable {
  const size = tokenRank.length;
  const twoByteRanks = new Int32Array(1 << 16).fill(NO_RANK);
  // At most half full, so a miss ends after a probe or two.
  let capacity = 1;
  while (capacity < size * 2) capacity <<= 1;
  const slots = new Int32Array(capacity);
  const mask = capacity - 1;
  let maxTokenBytes = 0;
  for (let e = 0; e < size; e++) {
    const from = tokenStart[e] as number;
    const to = tokenStart[e + 1] as number;
    const length = to - from;
    if (length === 2)
      twoByteRanks[((tokenBytes[from] as number) << 8) | (tokenBytes[from + 1] as number)] = tokenRank[
        e
      ] as number;
    if (length > maxTokenBytes) maxTokenBytes = length;
    // FNV-1a, as hashBytes computes it over the same bytes as characters.
    let hash = 0x811c9dc5;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ (tokenBytes[i] as number), 0x01000193);
    let slot = (hash >>> 0) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = e + 1;
  }
  return { size, maxTokenBytes, twoByteRanks, tokenBytes, tokenStart, tokenRank, slots };
}

/** The rank of `bytes[from, to)` as one token, or NO_RANK: read in place, no key is built. */
export function rankOfBytes(table: BpeTable, bytes: ByteString, from: number, to: number): number {
  const length = to - from;
  if (length > table.maxTokenBytes) return NO_RANK;
  const { slots, tokenStart, tokenBytes } = table;
  const mask = slots.length - 1;
  for (let slot = hashBytes(bytes, from, to) & mask; ; slot = (slot + 1) & mask) {
    const entry = slots[slot] as number;
    if (entry === 0) return NO_RANK;
    const start = tokenStart[entry - 1] as number;
    if ((tokenStart[entry] as number) - start !== length) continue;
    let i = 0;
    while (i < length && tokenBytes[start + i] === bytes.charCodeAt(from + i)) i++;
    if (i === length) return table.tokenRank[entry - 1] as number;
  }
}

/** Every token of the table with its rank, as byte strings. */
export function* tableTokens(table: BpeTable): Generator<[ByteString, number]> {
  for (let e = 0; e < table.size; e++) {
    const from = table.tokenStart[e] as number;
    const to = table.tokenStart[e + 1] as number;
    yield [byteString(table.tokenBytes.subarray(from, to)), table.tokenRank[e] as number];
  }
}

const utf8 = new TextEncoder();

/** `String.fromCharCode` takes its bytes as arguments; stay well under engines' argument limits. */
const FROM_CHAR_CODE_CHUNK = 8192;

/**
 * A piece's UTF-8 bytes as a byte string. `TextEncoder` is what js-tiktoken
 * uses, so a lone surrogate becomes U+FFFD's three bytes here exactly as
 * there; ASCII, most of any transcript, is returned as it is.
 */
export function utf8ByteString(piece: string): ByteString {
  let ascii = true;
  for (let i = 0; i < piece.length; i++) {
    if (piece.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return piece;
  return byteString(utf8.encode(piece));
}

/** Bytes as a byte string, one character per byte, in slices `String.fromCharCode` can take. */
function byteString(bytes: Uint8Array): ByteString {
  let out = '';
  for (let i = 0; i < bytes.length; i += FROM_CHAR_CODE_CHUNK) {
    const slice = bytes.subarray(i, i + FROM_CHAR_CODE_CHUNK);
    // eslint-disable-next-line no-restricted-syntax -- one slice of at most FROM_CHAR_CODE_CHUNK bytes
    out += String.fromCharCode.apply(null, Array.from(slice));
  }
  return out;
}

/** The rank of the two bytes at `from` as one token, or NO_RANK. */
function pairOfBytesRank(table: BpeTable, bytes: ByteString, from: number): number {
  return table.twoByteRanks[(bytes.charCodeAt(from) << 8) | bytes.charCodeAt(from + 1)] as number;
}

/**
 * Tiktoken's merge loop as it is written: find the lowest-ranked pair by a
 * scan, merge it, rerank its two neighbours. Quadratic, but on the short
 * pieces that are nearly all of any text it beats the heap's bookkeeping.
 */
export function countByScan(table: BpeTable, bytes: ByteString): number {
  const n = bytes.length;
  if (n < 2) return n;
  // Scratch arrays reused across calls: this runs once per distinct piece.
  if (scanStarts.length <= n) {
    scanStarts = new Int32Array(2 * n + 1);
    scanRanks = new Int32Array(2 * n);
  }
  const starts = scanStarts; // starts[0, parts]: where each part begins, then the end
  const ranks = scanRanks; // ranks[i]: the rank of parts i and i + 1 together
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i + 1 < n; i++) ranks[i] = pairOfBytesRank(table, bytes, i);
  let parts = n;
  for (;;) {
    let best = -1;
    let bestRank = 0x7fffffff;
    for (let i = 0; i < parts - 1; i++) {
      const rank = ranks[i] as number;
      if (rank !== NO_RANK && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) return parts;
    // Part best + 1 joins part best.
    for (let i = best + 1; i < parts; i++) starts[i] = starts[i + 1] as number;
    for (let i = best; i < parts - 2; i++) ranks[i] = ranks[i + 1] as number;
    parts--;
    if (best < parts - 1) {
      ranks[best] = rankOfBytes(table, bytes, starts[best] as number, starts[best + 2] as number);
    }
    if (best > 0) {
      ranks[best - 1] = rankOfBytes(table, bytes, starts[best - 1] as number, starts[best + 1] as number);
    }
  }
}

let scanStarts = new Int32Array(SCAN_MERGE_MAX_BYTES + 1);
let scanRanks = new Int32Array(SCAN_MERGE_MAX_BYTES);

/**
 * A binary min-heap of candidate pairs, ordered by rank and then by start:
 * exactly tiktoken's choice of the lowest rank, the leftmost on ties. Two
 * preallocated integer arrays, because a piece of 200,000 bytes makes half a
 * million entries and objects would cost more than the merging.
 */
class PairHeap {
  private readonly ranks: Int32Array;
  private readonly starts: Int32Array;
  size = 0;
  /** The rank and start of the entry `pop` removed last. */
  rank = 0;
  start = 0;

  constructor(capacity: number) {
    this.ranks = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
  }

  push(rank: number, start: number): void {
    const { ranks, starts } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const aboveRank = ranks[parent] as number;
      if (aboveRank < rank || (aboveRank === rank && (starts[parent] as number) < start)) break;
      ranks[i] = aboveRank;
      starts[i] = starts[parent] as number;
      i = parent;
    }
    ranks[i] = rank;
    starts[i] = start;
  }

  /** Removes the smallest entry into `rank` and `start`. */
  pop(): void {
    const { ranks, starts } = this;
    this.rank = ranks[0] as number;
    this.start = starts[0] as number;
    const size = --this.size;
    const rank = ranks[size] as number;
    const start = starts[size] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      let childRank = ranks[child] as number;
      if (child + 1 < size) {
        const rightRank = ranks[child + 1] as number;
        if (
          rightRank < childRank ||
          (rightRank === childRank && (starts[child + 1] as number) < (starts[child] as number))
        ) {
          child++;
          childRank = rightRank;
        }
      }
      if (rank < childRank || (rank === childRank && start < (starts[child] as number))) break;
      ranks[i] = childRank;
      starts[i] = starts[child] as number;
      i = child;
    }
    ranks[i] = rank;
    starts[i] = start;
  }
}

/**
 * The same merges in O(n log n): parts form a linked list indexed by their
 * start byte, every candidate pair waits in a heap, and an entry whose pair has
 * since changed is skipped when it surfaces (lazy invalidation) instead of
 * being searched for and removed. An entry is current when the pair now
 * starting at its position still has its rank: a rank names one byte string,
 * so the pair is the same bytes, and merging it is what tiktoken would do.
 */
function mergeByHeap(table: BpeTable, bytes: ByteString): { end: Int32Array; parts: number } {
  const n = bytes.length;
  const end = new Int32Array(n); // end[s]: where the part starting at s ends
  const previous = new Int32Array(n); // previous[s]: the start of the part before s, or -1
  const pairRank = new Int32Array(n); // pairRank[s]: the rank of s's part and the next, or NO_RANK
  // n - 1 first pairs, then at most two new pairs per merge and n - 1 merges.
  const heap = new PairHeap(3 * n);
  for (let s = 0; s < n; s++) {
    end[s] = s + 1;
    previous[s] = s - 1;
    const rank = s + 1 < n ? pairOfBytesRank(table, bytes, s) : NO_RANK;
    pairRank[s] = rank;
    if (rank !== NO_RANK) heap.push(rank, s);
  }
  let parts = n;
  while (heap.size > 0) {
    heap.pop();
    const start = heap.start;
    if (pairRank[start] !== heap.rank) continue;
    const absorbed = end[start] as number;
    const after = end[absorbed] as number;
    end[start] = after;
    pairRank[absorbed] = NO_RANK;
    if (after < n) previous[after] = start;
    parts--;
    const rank = after < n ? rankOfBytes(table, bytes, start, end[after] as number) : NO_RANK;
    pairRank[start] = rank;
    if (rank !== NO_RANK) heap.push(rank, start);
    const before = previous[start] as number;
    if (before >= 0) {
      const rankBefore = rankOfBytes(table, bytes, before, after);
      pairRank[before] = rankBefore;
      if (rankBefore !== NO_RANK) heap.push(rankBefore, before);
    }
  }
  return { end, parts };
}

export function countByHeap(table: BpeTable, bytes: ByteString): number {
  return mergeByHeap(table, bytes).parts;
}

/**
 * Where each token of one piece starts, in bytes, with the piece's length
 * last: the same merges as `countByHeap`, kept instead of counted, for
 * showing a text token by token.
 */
export function tokenStarts(table: BpeTable, bytes: ByteString): number[] {
  const starts: number[] = [];
  if (bytes.length === 0) return [0];
  const { end } = mergeByHeap(table, bytes);
  for (let s = 0; s < bytes.length; s = end[s] as number) starts.push(s);
  starts.push(bytes.length);
  return starts;
}

/**
 * Tokens in one piece of pre-split text, exactly as many as
 * `Tiktoken.encode(piece, [], []).length`. Special-token text such as
 * `<|endoftext|>` is never looked up here, so it counts as the ordinary text
 * it is in a transcript.
 */
export function countPieceTokens(table: BpeTable, piece: string): number {
  const bytes = utf8ByteString(piece);
  if (bytes.length <= 1) return bytes.length;
  if (rankOfBytes(table, bytes, 0, bytes.length) !== NO_RANK) return 1;
  return bytes.length <= SCAN_MERGE_MAX_BYTES ? countByScan(table, bytes) : countByHeap(table, bytes);
}

/** A table's arrays and sizes as a plain record, to store (typed arrays survive structured cloning as they are). */
export function tableParts(table: BpeTable): Record<string, unknown> {
  return { ...table };
}

/**
 * A table from stored parts, or null when they do not make one: every array
 * of its type and of a length that agrees with the others, token starts in
 * order, and every hash slot naming a token, each token once. Whatever passes
 * can be looked up without reading past an array or probing forever.
 */
export function tableFromParts(parts: unknown): BpeTable | null {
  if (typeof parts !== 'object' || parts === null) return null;
  const { size, maxTokenBytes, twoByteRanks, tokenBytes, tokenStart, tokenRank, slots } = parts as Record<
    string,
    unknown
  >;
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0) return null;
  if (typeof maxTokenBytes !== 'number' || !Number.isInteger(maxTokenBytes) || maxTokenBytes < 2) return null;
  if (
    !(tokenBytes instanceof Uint8Array) ||
    !(tokenStart instanceof Int32Array) ||
    !(tokenRank instanceof Int32Array) ||
    !(slots instanceof Int32Array) ||
    !(twoByteRanks instanceof Int32Array)
  )
    return null;
  if (tokenStart.length !== size + 1 || tokenRank.length !== size || twoByteRanks.length !== 1 << 16)
    return null;
  if (slots.length < 2 * size || (slots.length & (slots.length - 1)) !== 0) return null;
  if (tokenStart[0] !== 0 || tokenStart[size] !== tokenBytes.length) return null;
  for (let e = 0; e < size; e++) {
    const length = (tokenStart[e + 1] as number) - (tokenStart[e] as number);
    if (length < 1 || length > maxTokenBytes) return null;
  }
  const seen = new Uint8Array(size);
  let filled = 0;
  for (const entry of slots) {
    if (entry === 0) continue;
    if (entry < 0 || entry > size || seen[entry - 1]) return null;
    seen[entry - 1] = 1;
    filled++;
  }
  if (filled !== size) return null;
  return { size, maxTokenBytes, twoByteRanks, tokenBytes, tokenStart, tokenRank, slots };
}
