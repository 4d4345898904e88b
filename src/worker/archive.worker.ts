/**
 * One of the page's archive workers: reads each session it is sent into its
 * row (`src/archive`, the command line's code), reporting bytes as they are
 * read, and, when asked, replays it under the page's settings. Nothing of a
 * file stays here once its row is posted.
 */
import { readSession, sessionText } from '../archive/read';
import type { SessionReader } from '../archive/sessionReader';
import { archiveReplay, type ArchiveReplay } from '../archive/replay';
import type { RowResult } from '../archive/row';
import {
  errorText,
  loadEstimator,
  normalizeSettings,
  type Estimator,
  type SettingsFields,
  type TokenizerId,
} from '../core';
import { importChunks } from '../formats/registry';
import { streamChunks } from '../formats/streamChunks';
import type { ArchiveReply, ArchiveRequest, ArchiveSource } from './archiveProtocol';
import { loadFromRankFiles } from './rankFiles';

loadFromRankFiles();

const estimators = new Map<string, Promise<Estimator>>();
function estimatorFor(tokenizer: TokenizerId, scale: number): Promise<Estimator> {
  const key = `${tokenizer}×${scale}`;
  let found = estimators.get(key);
  if (!found) estimators.set(key, (found = loadEstimator(tokenizer, scale)));
  return found;
}

/** The file at `path` under a directory handle. */
async function fileAt(root: FileSystemDirectoryHandle, path: string): Promise<File> {
  const parts = path.split('/');
  let dir = root;
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
  return (await dir.getFileHandle(parts[parts.length - 1]!)).getFile();
}

function readerOf(source: ArchiveSource): SessionReader & { file(path: string): Promise<File> } {
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
  };
}

/** The session replayed under `settings`: what that strategy and threshold would have done. */
async function replayed(
  request: ArchiveRequest,
  reader: SessionReader,
  settings: SettingsFields,
  row: RowResult,
): Promise<ArchiveReplay | null> {
  if (row.kind !== 'row' || row.row.error !== undefined) return null;
  const normalized = normalizeSettings(settings);
  const estimator = await estimatorFor(normalized.tokenizer, normalized.scale);
  // OpenCode's storage is joined into its export again, as the row read it.
  const imported = await importChunks(sessionText(reader, { path: request.path, place: request.place }), {
    fileName: request.path,
  });
  return archiveReplay(imported, settings, estimator, row.row.model);
}

const post = (reply: ArchiveReply) => self.postMessage(reply);

self.onmessage = async (event: MessageEvent<ArchiveRequest>) => {
  const request = event.data;
  try {
    const reader = readerOf(request.source);
    const tokenizer = request.replay ? normalizeSettings(request.replay).tokenizer : 'o200k_base';
    let pending = 0;
    const result = await readSession(
      reader,
      { path: request.path, place: request.place, size: request.size ?? null },
      {
        estimator: () => estimatorFor(tokenizer, 1),
        // Bytes are reported a megabyte at a time: progress without a message per chunk.
        onBytes: (n) => {
          pending += n;
          if (pending >= 1 << 20) {
            post({ id: request.id, type: 'bytes', bytes: pending });
            pending = 0;
          }
        },
      },
    );
    if (pending) post({ id: request.id, type: 'bytes', bytes: pending });
    const replay = request.replay ? await replayed(request, reader, request.replay, result) : undefined;
    post({ id: request.id, type: 'done', result, ...(replay !== undefined ? { replay } : {}) });
  } catch (error) {
    post({ id: request.id, type: 'failed', error: errorText(error) });
  }
};
