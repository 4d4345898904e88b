/**
 * The bytes of an archive request's files, for the worker that reads them
 * and for the page's "open in the playground": opened `File`s by path, or
 * the path under a directory handle; SQLite loaded only when asked for.
 * Its own module, so the page imports it without the rest of the worker.
 */
import type { SessionReader } from '../archive/sessionReader';
import { streamChunks } from '../formats/streamChunks';
import type { ArchiveSource } from './archiveProtocol';
import { browserSqlite } from './sqlite';

/** The file at `path` under a directory handle. */
async function fileAt(root: FileSystemDirectoryHandle, path: string): Promise<File> {
  const parts = path.split('/');
  let dir = root;
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
  return (await dir.getFileHandle(parts[parts.length - 1]!)).getFile();
}

/** The reader of a request's files. */
export function readerOf(source: ArchiveSource): SessionReader & { file(path: string): Promise<File> } {
  if (source.kind === 'files') {
    const file = async (path: string) => {
      const found = source.files[path];
      if (!found) throw Object.assign(new Error(`${path} is not among the opened files`), { code: 'ENOENT' });
      return found;
    };
    return {
      file,
      async *bytes(path) {
        yield* streamChunks((await file(path)).stream());
      },
      async list(path) {
        const prefix = `${path}/`;
        return Object.keys(source.files)
          .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
          .map((p) => p.slice(prefix.length));
      },
      sqlite: browserSqlite,
    };
  }
  const file = (path: string) => fileAt(source.root, path);
  return {
    file,
    async *bytes(path) {
      yield* streamChunks((await file(path)).stream());
    },
    async list(path) {
      try {
        let dir = source.root;
        for (const part of path.split('/').filter(Boolean)) dir = await dir.getDirectoryHandle(part);
        const names: string[] = [];
        for await (const name of dir.keys()) names.push(name);
        return names;
      } catch {
        return [];
      }
    },
    sqlite: browserSqlite,
  };
}
