/**
 * What the worker holds between requests: the loaded transcript, the earlier
 * context the page may be showing instead (a pin), and the list the last
 * preview produced. It lives in one place because every request about "the
 * messages" must answer for the same list the page draws: the pinned context
 * while there is one, else the transcript.
 */
import type { Message } from '../core';
import type { ImportResult } from '../formats/types';
import type { FollowedFile } from './follow';
import type { RawSource } from './rawSource';
import type { LoadedForShare } from './shareLinks';

export interface Loaded {
  imported: ImportResult;
  raw: RawSource;
  sourceName: string;
  bytes: number;
}

/** The context before an earlier call, while the page shows it instead of the context now. */
export interface Pinned {
  call: number;
  messages: Message[];
}

export class Session {
  private loaded: Loaded | null = null;
  pinned: Pinned | null = null;
  /** The list the last preview produced, for export. */
  lastCompacted: Message[] | null = null;
  /** The file the page follows, if any. */
  followed: FollowedFile | null = null;
  private viewKey = 0;

  /** The loaded transcript, if any. */
  get transcript(): Loaded | null {
    return this.loaded;
  }

  /** The loaded transcript, for a request that means nothing without one. */
  require(): Loaded {
    if (!this.loaded) throw new Error('No transcript is loaded');
    return this.loaded;
  }

  /** The messages the page shows: the pinned context, else the transcript. */
  current(): Message[] {
    return this.pinned?.messages ?? this.require().imported.messages;
  }

  /**
   * Makes `next` the loaded transcript, with no pin. Returns the way back: a
   * load that fails afterwards restores what was held, unless another load
   * has replaced it meanwhile.
   */
  hold(next: Loaded): () => void {
    const previous = this.loaded;
    const previousPin = this.pinned;
    this.loaded = next;
    this.pinned = null;
    return () => {
      if (this.loaded !== next) return;
      this.loaded = previous;
      this.pinned = previousPin;
    };
  }

  /** A new key for each view sent, so the page knows a view from the one before. */
  nextViewKey(): number {
    return ++this.viewKey;
  }

  /** What a link or bundle of the loaded transcript is built from: its format and session over time too. */
  forShare(): LoadedForShare {
    const { imported, sourceName, bytes } = this.require();
    return {
      messages: imported.messages,
      sourceName,
      bytes,
      format: imported.sourceFormat ?? imported.format,
      history: imported.history ?? null,
      usage: imported.usage,
    };
  }
}
