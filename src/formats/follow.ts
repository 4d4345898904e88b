/**
 * Following a file that another program appends to: each poll reads only
 * the bytes written since the last one, and tells a file that grew from one
 * that was truncated, replaced or deleted, so the reader never re-reads what
 * it has and never mistakes a new file for more of the old one.
 *
 * The bytes come through `GrowingSource`, so the same rules serve the command
 * line (a path on disk) and the page (a file handle the user picked).
 */
import { MAX_IMPORT_BYTES, tooLarge } from './sizeLimit';
import type { ImportError } from './types';

export interface SourceState {
  size: number;
  /**
   * What names this file rather than its path, when the platform has it (a
   * device and inode): a different value means the path now holds another file.
   */
  identity?: string;
  /**
   * When it was last written (milliseconds), when the platform says: a file
   * of the same size written since was rewritten in place, not grown.
   */
  modified?: number;
}

export interface GrowingSource {
  /** The file now, or null when it is not there. Never throws. */
  state(): Promise<SourceState | null>;
  /** Bytes `[from, to)`; fewer when the file shrank meanwhile. */
  read(from: number, to: number): Promise<Uint8Array>;
}

/** Where the reader's text goes: appended text, or "start again" when the file is another one. */
export interface FollowSink {
  append(text: string): void;
  reset(): void;
}

export type FollowEvent =
  /** Nothing new since the last poll. */
  | { kind: 'unchanged' }
  /** `bytes` new bytes were read (all of them, however many appends they came in). */
  | { kind: 'appended'; bytes: number }
  /** The file is another one now (shorter than what was read, or a different file): read again from the start. */
  | { kind: 'restarted'; reason: 'truncated' | 'replaced'; bytes: number }
  /** The file is gone; reported once, then polls are `unchanged` until it is back. */
  | { kind: 'deleted' }
  /** The file cannot be followed (too large); reported once per state of the file. */
  | { kind: 'failed'; error: ImportError };

/** Bytes read per step, so a file that grew by 100 MB is never one buffer. */
export const READ_SLICE_BYTES = 4 * 1024 * 1024;
/**
 * Bytes compared at each growth, at the start and just before where the
 * reading stopped, so a file replaced by a longer one is noticed without an
 * inode. The start alone is not enough: every line of a session starts with
 * the same fields, and two sessions of one project share their first bytes.
 */
const HEAD_BYTES = 1024;
const SEAM_BYTES = 256;

export class Follower {
  private offset = 0;
  private head: Uint8Array = new Uint8Array(0);
  /** The last bytes read, which a file that only grew still has just before `offset`. */
  private seam: Uint8Array = new Uint8Array(0);
  private identity: string | undefined;
  /** The modification time of the file when it was last read to its end. */
  private modified: number | undefined;
  private decoder = new TextDecoder('utf-8');
  private missing = false;
  private failedAt = -1;

  constructor(
    private readonly source: GrowingSource,
    private readonly sink: FollowSink,
  ) {}

  /** Bytes read so far from the current file. */
  get position(): number {
    return this.offset;
  }

  async poll(): Promise<FollowEvent> {
    const now = await this.source.state();
    if (!now) {
      if (this.missing) return { kind: 'unchanged' };
      this.missing = true;
      return { kind: 'deleted' };
    }
    const returned = this.missing;
    this.missing = false;
    const reason = returned ? 'replaced' : await this.changedFile(now);
    if (reason) this.restart(now);
    else if (this.offset === 0) this.identity = now.identity;
    if (now.size > MAX_IMPORT_BYTES) {
      if (this.failedAt === now.size) return { kind: 'unchanged' };
      this.failedAt = now.size;
      return { kind: 'failed', error: tooLarge(now.size) };
    }
    this.modified = now.modified;
    if (now.size === this.offset && !reason) return { kind: 'unchanged' };
    const bytes = await this.readTo(now.size);
    return reason ? { kind: 'restarted', reason, bytes } : { kind: 'appended', bytes };
  }

  /**
   * Why what is at the path is not the file read so far: shorter than what
   * was read, another inode, written since at the same size (rewritten in
   * place), or other first bytes. Null when it is the same file, grown or not.
   */
  private async changedFile(now: SourceState): Promise<'truncated' | 'replaced' | null> {
    if (this.offset === 0) return null;
    if (now.identity !== undefined && this.identity !== undefined && now.identity !== this.identity)
      return 'replaced';
    if (now.size < this.offset) return 'truncated';
    if (now.size === this.offset)
      return now.modified !== undefined && this.modified !== undefined && now.modified !== this.modified
        ? 'replaced'
        : null;
    const head = await this.source.read(0, this.head.length);
    if (!sameBytes(head, this.head)) return 'replaced';
    const seam = await this.source.read(this.offset - this.seam.length, this.offset);
    return sameBytes(seam, this.seam) ? null : 'replaced';
  }

  private restart(now: SourceState): void {
    this.offset = 0;
    this.head = new Uint8Array(0);
    this.seam = new Uint8Array(0);
    this.decoder = new TextDecoder('utf-8');
    this.failedAt = -1;
    this.identity = now.identity;
    this.modified = undefined;
    this.sink.reset();
  }

  /** Reads and decodes up to `size`, a slice at a time; a character split between slices or appends waits for its other bytes. */
  private async readTo(size: number): Promise<number> {
    const start = this.offset;
    while (this.offset < size) {
      const end = Math.min(size, this.offset + READ_SLICE_BYTES);
      const bytes = await this.source.read(this.offset, end);
      if (bytes.length === 0) break;
      if (this.head.length < HEAD_BYTES) this.head = growHead(this.head, bytes);
      this.seam = lastBytes(this.seam, bytes);
      this.offset += bytes.length;
      this.sink.append(this.decoder.decode(bytes, { stream: true }));
    }
    return this.offset - start;
  }
}

function growHead(head: Uint8Array, bytes: Uint8Array): Uint8Array {
  const take = Math.min(HEAD_BYTES - head.length, bytes.length);
  const next = new Uint8Array(head.length + take);
  next.set(head);
  next.set(bytes.subarray(0, take), head.length);
  return next;
}

/** The last SEAM_BYTES of `before` followed by `bytes`. */
function lastBytes(before: Uint8Array, bytes: Uint8Array): Uint8Array {
  if (bytes.length >= SEAM_BYTES) return bytes.slice(bytes.length - SEAM_BYTES);
  const keep = Math.min(before.length, SEAM_BYTES - bytes.length);
  const next = new Uint8Array(keep + bytes.length);
  next.set(before.subarray(before.length - keep));
  next.set(bytes, keep);
  return next;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
