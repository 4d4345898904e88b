/**
 * The archive's files on disk for the reader: streamed in 1 MB reads, listed
 * with `readdir`. As in the walk (`archiveFolder.ts`), nothing is read from
 * outside the opened folder through a link unless `followLinks` says so:
 * OpenCode's storage is listed and read folder by folder, and a link there
 * is refused here.
 */
import { createReadStream } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionReader } from '../archive/sessionReader';
import { isInside } from './archiveFolder';
import { nodeSqlite } from './sqlite';

export const LINK_OUT_REASON = 'a link out of the folder (--follow-links reads it)';

export function diskReader(root: string, options: { followLinks?: boolean } = {}): SessionReader {
  let rootReal: Promise<string> | null = null;
  /** Whether `path` may be read: it stays inside the root, or links are followed. */
  const allowed = async (path: string): Promise<boolean> => {
    if (options.followLinks) return true;
    rootReal ??= realpath(root);
    return isInside(await rootReal, await realpath(join(root, path)));
  };
  return {
    async *bytes(path) {
      if (!(await allowed(path))) throw new Error(LINK_OUT_REASON);
      const stream = createReadStream(join(root, path), { highWaterMark: 1 << 20 });
      try {
        for await (const chunk of stream) yield chunk as Uint8Array;
      } finally {
        stream.destroy();
      }
    },
    async list(path) {
      try {
        return (await allowed(path)) ? await readdir(join(root, path)) : [];
      } catch {
        return [];
      }
    },
    sqlite: nodeSqlite,
  };
}
