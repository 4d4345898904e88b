/**
 * The file the page follows: each step is handed the newest `File` the page
 * read from its handle and reads only the bytes it gained (`Follower`), so a
 * session of 20 MB that grew by one line costs one line, and a file that
 * grew by 100 MB is read in slices. A file that is shorter or starts
 * differently is another file, read again from the start.
 */
import { compactionLine } from '../core/session/compactionLine';
import { StableMessages } from '../core/stableMessages';
import { Follower, type FollowEvent, type GrowingSource } from '../formats/follow';
import { GrowingJsonl } from '../formats/growingJsonl';
import type { FormatId, ImportResult } from '../formats/types';

export interface FollowStep {
  event: FollowEvent['kind'] | 'waiting';
  reason?: 'truncated' | 'replaced';
  /** Why there is no view: the file cannot be read as a session yet, or cannot be followed. */
  message?: string;
  /** The session now, when it changed; its messages are the objects counted before wherever unchanged. */
  imported: ImportResult | null;
  /** Every compaction the file records, one line each. */
  compactions: string[];
}

export class FollowedFile {
  private blob: Blob | null = null;
  private readonly growing: GrowingJsonl;
  private readonly follower: Follower;
  private readonly stable = new StableMessages();
  private pieces: string[] = [];

  constructor(
    readonly name: string,
    format?: FormatId,
  ) {
    this.growing = new GrowingJsonl(format);
    const source: GrowingSource = {
      state: async () => (this.blob ? { size: this.blob.size } : null),
      read: async (from, to) => new Uint8Array(await this.blob!.slice(from, to).arrayBuffer()),
    };
    this.follower = new Follower(source, {
      append: (text) => {
        this.pieces.push(text);
        this.growing.append(text);
      },
      reset: () => {
        this.pieces = [];
        this.growing.reset();
        this.stable.clear();
      },
    });
  }

  /** Bytes read of the file so far. */
  get bytes(): number {
    return this.follower.position;
  }

  /** The text read so far, for the raw view of a message. */
  text(): string {
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }

  /** One look at the file as it is now; null when it is gone. */
  async step(file: Blob | null): Promise<FollowStep> {
    this.blob = file;
    const event = await this.follower.poll();
    const base = { imported: null, compactions: [] };
    if (event.kind === 'unchanged' || event.kind === 'deleted') return { event: event.kind, ...base };
    if (event.kind === 'failed') return { event: 'failed', message: event.error.message, ...base };
    const reason = event.kind === 'restarted' ? event.reason : undefined;
    const view = this.growing.view();
    if (!view.ok) return { event: 'waiting', reason, message: view.error.message, ...base };
    const result = view.result;
    return {
      event: event.kind,
      reason,
      imported: this.stable.settleSession(result),
      compactions: (result.history?.compactions ?? []).map(compactionLine),
    };
  }
}
