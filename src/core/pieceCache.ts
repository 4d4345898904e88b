/**
 * The token count of each distinct piece, looked up by a stretch of the text
 * in place. A `Map` keyed by strings needs each piece cut out of its text
 * and hashed before the lookup: on real text that was half of all counting
 * time (2.5 million lookups in 10 MB). Here the caller hashes the stretch as
 * it scans, and a hit compares characters without making a string.
 *
 * A full cache makes room by keeping only the pieces it has been asked for
 * again since the last time it made room, so a long transcript's recurring
 * words stay while its one-off strings (ids, hashes, numbers) go.
 */

/** FNV-1a's starting value; feed each UTF-16 unit through `hashStep`. */
export const HASH_START = 0x811c9dc5;

export function hashStep(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, 0x01000193);
}

/** The hash of `text[from, to)`, as `hashStep` builds it. */
export function hashRange(text: string, from: number, to: number): number {
  let hash = HASH_START;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/** Returned by `get` for a piece the cache does not hold. */
export const MISSING = -1;

export class PieceCache {
  private pieces: string[] = [];
  private counts: number[] = [];
  private hashes: number[] = [];
  /** Whether each piece was asked for again since the cache last made room. */
  private asked: Uint8Array;
  /** Index + 1 of the piece in each slot, 0 for none; at most half full. */
  private slots: Int32Array;

  constructor(
    /** The most pieces held at once. */
    readonly capacity: number,
    initialSlots = 1 << 12,
  ) {
    this.slots = new Int32Array(initialSlots);
    this.asked = new Uint8Array(initialSlots >> 1);
  }

  get size(): number {
    return this.pieces.length;
  }

  /** The count stored for `text[from, to)` (whose hash is `hash`), or MISSING. */
  get(text: string, from: number, to: number, hash: number): number {
    const { slots, pieces, hashes } = this;
    const mask = slots.length - 1;
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] as number;
      if (entry === 0) return MISSING;
      if (hashes[entry - 1] !== hash) continue;
      const piece = pieces[entry - 1] as string;
      if (piece.length !== length) continue;
      let i = 0;
      while (i < length && piece.charCodeAt(i) === text.charCodeAt(from + i)) i++;
      if (i === length) {
        this.asked[entry - 1] = 1;
        return this.counts[entry - 1] as number;
      }
    }
  }

  /** Stores `count` for `piece`, which `get` has just missed. */
  set(piece: string, hash: number, count: number): void {
    if (this.pieces.length >= this.capacity) this.makeRoom();
    if ((this.pieces.length + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    this.pieces.push(piece);
    this.counts.push(count);
    this.hashes.push(hash);
    this.place(this.slots, this.pieces.length - 1);
  }

  private place(slots: Int32Array, entry: number): void {
    const mask = slots.length - 1;
    let slot = (this.hashes[entry] as number) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    for (let e = 0; e < this.pieces.length; e++) this.place(slots, e);
    this.slots = slots;
    const asked = new Uint8Array(size >> 1);
    asked.set(this.asked.subarray(0, Math.min(this.asked.length, asked.length)));
    this.asked = asked;
  }

  /**
   * Keeps the pieces asked for again since the last time, or, when every one
   * was, the older half of them (those that have recurred longest).
   */
  private makeRoom(): void {
    const keep: number[] = [];
    for (let e = 0; e < this.pieces.length; e++) if (this.asked[e]) keep.push(e);
    const kept = keep.length < this.pieces.length ? keep : keep.slice(0, keep.length >> 1);
    this.pieces = kept.map((e) => this.pieces[e] as string);
    this.counts = kept.map((e) => this.counts[e] as number);
    this.hashes = kept.map((e) => this.hashes[e] as number);
    this.asked.fill(0);
    this.slots.fill(0);
    for (let e = 0; e < this.pieces.length; e++) this.place(this.slots, e);
  }
}
