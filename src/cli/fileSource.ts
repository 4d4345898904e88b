/**
 * A file on disk as a `GrowingSource`: its size, inode and modification time at each poll, and
 * the bytes asked for, read with one positioned read so nothing before them
 * is touched again.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { GrowingSource, SourceState } from '../formats/follow';

export function fileSource(path: string): GrowingSource {
  return {
    async state(): Promise<SourceState | null> {
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { size: info.size, identity: `${info.dev}:${info.ino}`, modified: info.mtimeMs };
      } catch {
        return null;
      }
    },
    async read(from: number, to: number): Promise<Uint8Array> {
      const length = Math.max(0, to - from);
      if (length === 0) return new Uint8Array(0);
      let handle;
      try {
        handle = await open(path, 'r');
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, from);
        return buffer.subarray(0, bytesRead);
      } catch {
        // Gone between the size and the read: the next poll says so.
        return new Uint8Array(0);
      } finally {
        await handle?.close();
      }
    },
  };
}

/** How deep a session folder is searched: Codex keeps sessions at sessions/YYYY/MM/DD/. */
const MAX_DEPTH = 5;
/** Entries looked at in one search, so a home folder given by mistake cannot stall a poll. */
const MAX_ENTRIES = 20_000;

export interface SessionFile {
  path: string;
  mtime: number;
}

/**
 * The `.jsonl` files under `dir`, newest first by modification time.
 * Sub-agent sessions that Claude Code writes under a session's own folder
 * count like any other.
 */
export async function listSessions(dir: string): Promise<SessionFile[]> {
  const found: SessionFile[] = [];
  let seen = 0;
  const walk = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.'))
        await walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.jsonl')) {
        try {
          found.push({ path, mtime: (await stat(path)).mtimeMs });
        } catch {
          // Removed while we looked.
        }
      }
    }
  };
  await walk(dir, 0);
  return found.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? 1 : -1));
}

/**
 * Which session a folder's follower reads next: the newest file, when it
 * is one that was not there before (a new session started) or the one
 * followed is gone; else the one followed, so two sessions written at once
 * do not take turns.
 */
export function pickSession(
  sessions: readonly SessionFile[],
  current: string | null,
  known: ReadonlySet<string>,
): string | null {
  const newest = sessions[0]?.path ?? null;
  if (!current || !newest) return newest;
  if (!sessions.some((s) => s.path === current)) return newest;
  return known.has(newest) ? current : newest;
}
