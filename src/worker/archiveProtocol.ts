/**
 * The messages between the page and its archive workers. A request names one
 * session and where its bytes are: a `File` (an opened or dropped folder's
 * files, OpenCode's related files beside it) or the folder's directory handle
 * and the path under it. Files and handles cross into the worker by
 * reference: the page never reads a session itself.
 */
import type { SessionPlace } from '../archive/layout';
import type { ArchiveReplay } from '../archive/replay';
import type { RowResult } from '../archive/row';
import type { SettingsFields } from '../core';

export type ArchiveSource =
  /** The file itself, plus, for OpenCode's storage, every file under `storage/` by path. */
  { kind: 'files'; files: Record<string, File> } | { kind: 'handle'; root: FileSystemDirectoryHandle };

export interface ArchiveRequest {
  id: number;
  path: string;
  place: SessionPlace;
  /** The file's size: one over the import limit is refused unread, with its real size. */
  size?: number;
  source: ArchiveSource;
  /** Replay the session under these settings too ("Replay all under these settings"). */
  replay?: SettingsFields;
}

/** What the replay under the page's settings would have done to one session (`src/archive/replay.ts`). */
export type { ArchiveReplay };

export type ArchiveReply =
  | { id: number; type: 'bytes'; bytes: number }
  | { id: number; type: 'done'; result: RowResult; replay?: ArchiveReplay | null }
  | { id: number; type: 'failed'; error: string };
