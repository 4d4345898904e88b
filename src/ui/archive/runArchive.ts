/**
 * Reading an opened folder on the page: the walk on the main thread (a step
 * at a time, each short: listing a folder, classifying a slice of paths),
 * the sessions in a pool of workers, one per core, rows handed to the store
 * in batches. Cancel stops the walk and ends the workers at once.
 */
import { createByteBudget } from '../../archive/byteBudget';
import { placeOf, type SessionPlace } from '../../archive/layout';
import { walkFolder, type Folder, type FolderEntry } from '../../archive/walk';
import type { SessionRow } from '../../archive/row';
import type { SettingsFields } from '../../core';
import { useArchive } from '../../state/archiveStore';
import type {
  ArchiveReplay,
  ArchiveReply,
  ArchiveRequest,
  ArchiveSource,
} from '../../worker/archiveProtocol';

/** What the user opened: the files of an `<input webkitdirectory>` or a drop, or a directory handle. */
export type OpenedFolder =
  | { kind: 'files'; name: string; files: { path: string; file: File }[] }
  | { kind: 'handle'; name: string; root: FileSystemDirectoryHandle };

interface FoundFile {
  path: string;
  place: SessionPlace;
  source: ArchiveSource;
  /** The file's bytes, for the byte budget; 0 when it cannot be told before reading. */
  size: number;
}

/** How many paths are classified between two yields to the event loop. */
const SLICE = 2000;
/** A worker that has read a file this large is replaced by a fresh one (see `renewed`). */
const RENEW_AFTER_BYTES = 24 * 1024 * 1024;
/** How often arrived rows are handed to the store. */
const FLUSH_MS = 250;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Where each session's bytes are, for "open in the playground" and "Replay all". */
const opened = new Map<string, FoundFile>();
let current: { cancel: () => void } | null = null;

function startWorker(): Worker {
  return new Worker(new URL('../../worker/archive.worker.ts', import.meta.url), { type: 'module' });
}

/** A pool of workers, one per core, each given one session at a time. */
function createPool(onBytes: (bytes: number) => void) {
  const size = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8));
  const workers = Array.from({ length: size }, startWorker);
  const idle = [...workers];
  /** Bytes each worker has read of the file it reads now. */
  const readBy = new Map<Worker, number>();
  const waiting: { take: (w: Worker) => void; fail: (e: Error) => void }[] = [];
  /** The runs not settled yet, failed at once when the pool is closed. */
  const unsettled = new Set<(e: Error) => void>();
  let closed = false;
  let nextId = 0;
  const take = () =>
    new Promise<Worker>((resolve, reject) => {
      if (closed) return reject(new Error('cancelled'));
      const w = idle.pop();
      if (w) resolve(w);
      else waiting.push({ take: resolve, fail: reject });
    });
  const give = (w: Worker) => {
    const next = waiting.shift();
    if (next) next.take(w);
    else idle.push(w);
  };
  /**
   * The worker, or a fresh one in its place after a large file. The engine
   * sizes a thread's heap by the most it last held: after a 100 MB session
   * the worker would gather hundreds of megabytes of garbage between
   * collections while it reads small files. A fresh worker starts small.
   * A worker that failed (it ran out of memory, its script did not load) is
   * replaced too.
   */
  const renewed = (worker: Worker, failed = false): Worker => {
    const read = readBy.get(worker) ?? 0;
    readBy.delete(worker);
    if ((read < RENEW_AFTER_BYTES && !failed) || closed) return worker;
    worker.terminate();
    const fresh = startWorker();
    workers[workers.indexOf(worker)] = fresh;
    return fresh;
  };
  return {
    size,
    async run(request: Omit<ArchiveRequest, 'id'>) {
      const worker = await take();
      const id = nextId++;
      return new Promise<Extract<ArchiveReply, { type: 'done' }>>((resolve, reject) => {
        const settle = (failed = false) => {
          unsettled.delete(reject);
          give(renewed(worker, failed));
        };
        unsettled.add(reject);
        worker.onmessage = (event: MessageEvent<ArchiveReply>) => {
          const reply = event.data;
          if (reply.id !== id) return;
          if (reply.type === 'bytes') {
            readBy.set(worker, (readBy.get(worker) ?? 0) + reply.bytes);
            onBytes(reply.bytes);
          } else {
            settle();
            if (reply.type === 'done') resolve(reply);
            else reject(new Error(reply.error));
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          settle(true);
          reject(new Error(event.message || 'the archive worker stopped'));
        };
        worker.postMessage({ ...request, id } satisfies ArchiveRequest);
      });
    },
    /** Ends the workers; what was running or waiting for one fails as cancelled. */
    close() {
      closed = true;
      workers.forEach((w) => w.terminate());
      const cancelled = new Error('cancelled');
      for (const fail of unsettled) fail(cancelled);
      unsettled.clear();
      for (const w of waiting.splice(0)) w.fail(cancelled);
    },
  };
}

/** The sessions among an opened list of files, a slice at a time; OpenCode's storage files ride along. */
async function* fromFiles(
  files: { path: string; file: File }[],
  skipped: () => void,
): AsyncGenerator<FoundFile> {
  const storage: Record<string, File> = {};
  const sessions: { path: string; place: SessionPlace; file: File }[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToPage();
    const { path, file } = files[i]!;
    if (/(^|\/)storage\/(message|part)\//.test(path)) {
      storage[path] = file;
      continue;
    }
    const place = placeOf(path);
    if (!place) {
      skipped();
      continue;
    }
    if (place.layout === 'opencode-storage') storage[path] = file;
    sessions.push({ path, place, file });
  }
  for (const s of sessions)
    yield {
      path: s.path,
      place: s.place,
      size: s.file.size,
      source: {
        kind: 'files',
        files: s.place.layout === 'opencode-storage' ? storage : { [s.path]: s.file },
      },
    };
}

/** A directory handle as the walk's `Folder` (no links in this API: identity is not needed). */
function handleFolder(dir: FileSystemDirectoryHandle): Folder<FileSystemFileHandle> {
  return {
    identity: null,
    async *entries(): AsyncGenerator<FolderEntry<FileSystemFileHandle>> {
      for await (const handle of dir.values()) {
        if (handle.kind === 'directory') {
          const sub = handle as FileSystemDirectoryHandle;
          yield { kind: 'folder', name: handle.name, open: async () => handleFolder(sub) };
        } else yield { kind: 'file', name: handle.name, file: handle as FileSystemFileHandle, size: null };
      }
    },
  };
}

/** A file's size from its handle; 0 when it cannot be looked at (its worker then says why). */
async function sizeOf(handle: FileSystemFileHandle): Promise<number> {
  try {
    return (await handle.getFile()).size;
  } catch {
    return 0;
  }
}

async function* fromHandle(
  root: FileSystemDirectoryHandle,
  skipped: () => void,
  problem: (p: { path: string; reason: string }) => void,
): AsyncGenerator<FoundFile> {
  for await (const item of walkFolder(handleFolder(root))) {
    if (item.kind === 'skipped') skipped();
    else if (item.kind === 'problem') problem({ path: item.path, reason: item.reason });
    // Directory handles show no links (docs/archive.md), so none is ever found here.
    else if (item.kind === 'outside-link') continue;
    else
      yield {
        path: item.path,
        place: item.place,
        size: item.size ?? (await sizeOf(item.file)),
        source: { kind: 'handle', root },
      };
  }
}

/** Reads `folder` into the archive store; a second call cancels the first. */
export async function readFolder(folder: OpenedFolder): Promise<void> {
  current?.cancel();
  const store = useArchive.getState();
  store.start(folder.name);
  opened.clear();
  let cancelled = false;
  let rows: SessionRow[] = [];
  let files = 0;
  let bytes = 0;
  let skipped = 0;
  const flush = () => {
    if (rows.length || files || bytes || skipped) useArchive.getState().addRows(rows, files, bytes, skipped);
    rows = [];
    files = 0;
    bytes = 0;
    skipped = 0;
  };
  const timer = setInterval(flush, FLUSH_MS);
  const pool = createPool((n) => (bytes += n));
  const budget = createByteBudget();
  current = {
    cancel: () => {
      cancelled = true;
      pool.close();
    },
  };
  const inflight = new Set<Promise<unknown>>();
  const found =
    folder.kind === 'files'
      ? fromFiles(folder.files, () => skipped++)
      : fromHandle(
          folder.root,
          () => skipped++,
          (p) => useArchive.getState().addProblem(p),
        );
  try {
    for await (const f of found) {
      if (cancelled) break;
      opened.set(f.path, f);
      // A large file waits until the files read beside it leave room (`byteBudget.ts`).
      const release = await budget.take(f.size);
      if (cancelled) {
        release();
        break;
      }
      const job = pool
        .run({ path: f.path, place: f.place, size: f.size, source: f.source })
        .then((reply) => {
          files++;
          if (reply.result.kind === 'row') rows.push(reply.result.row);
          else skipped++;
        })
        .catch(() => undefined)
        .finally(release);
      inflight.add(job);
      void job.finally(() => inflight.delete(job));
      if (inflight.size >= pool.size * 2) await Promise.race(inflight);
    }
    if (!cancelled) await Promise.all(inflight);
  } finally {
    clearInterval(timer);
    flush();
    if (!cancelled) pool.close();
    useArchive.getState().finish(cancelled ? 'cancelled' : 'done');
    current = null;
  }
}

export function cancelArchive(): void {
  current?.cancel();
}

/** The file of a session, to open in the playground; OpenCode's storage is joined into its export first. */
export async function sessionFile(path: string): Promise<File | null> {
  const f = opened.get(path);
  if (!f) return null;
  if (f.place.layout === 'opencode-storage') {
    const { assembleOpenCode } = await import('../../archive/opencodeStorage');
    const files = f.source.kind === 'files' ? f.source.files : {};
    const reader = {
      async *bytes(p: string) {
        const file = files[p];
        if (file) yield new Uint8Array(await file.arrayBuffer());
      },
      list: async (dir: string) =>
        Object.keys(files)
          .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
          .map((p) => p.slice(dir.length + 1)),
    };
    let text = '';
    for await (const chunk of assembleOpenCode(reader, path, reader.bytes)) text += chunk;
    return new File([text], path.split('/').pop()!, { type: 'application/json' });
  }
  if (f.source.kind === 'files') return f.source.files[path] ?? null;
  const parts = path.split('/');
  let dir = f.source.root;
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
  return (await dir.getFileHandle(parts[parts.length - 1]!)).getFile();
}

/** Every session replayed under `settings` in the workers, results handed to the store as they come. */
export async function replayAll(settings: SettingsFields): Promise<void> {
  const store = useArchive.getState();
  const targets = store.rows.filter((r) => r.error === undefined && opened.has(r.file));
  store.setReplays({}, true);
  const pool = createPool(() => undefined);
  const budget = createByteBudget();
  let batch: Record<string, ArchiveReplay | null> = {};
  const timer = setInterval(() => {
    useArchive.getState().setReplays(batch, true);
    batch = {};
  }, FLUSH_MS);
  try {
    await Promise.all(
      targets.map(async (row) => {
        const f = opened.get(row.file)!;
        const release = await budget.take(f.size);
        const reply = await pool
          .run({ path: f.path, place: f.place, size: f.size, source: f.source, replay: settings })
          .catch(() => null)
          .finally(release);
        batch[row.file] = reply?.replay ?? null;
      }),
    );
  } finally {
    clearInterval(timer);
    pool.close();
    useArchive.getState().setReplays(batch, false);
  }
}
