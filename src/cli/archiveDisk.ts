/** The archive's files on disk for the reader: streamed in 1 MB reads, listed with `readdir`. */
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionReader } from '../archive/sessionReader';

export function diskReader(root: string): SessionReader {
  return {
    async *bytes(path) {
      const stream = createReadStream(join(root, path), { highWaterMark: 1 << 20 });
      try {
        for await (const chunk of stream) yield chunk as Uint8Array;
      } finally {
        stream.destroy();
      }
    },
    async list(path) {
      try {
        return await readdir(join(root, path));
      } catch {
        return [];
      }
    },
  };
}
