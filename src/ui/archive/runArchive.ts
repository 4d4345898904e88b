/**
 * Reading an opened folder on the page: the walk on the main thread (a step
 * at a time, each short: listing a folder, classifying a slice of paths),
 * the sessions handed by the archive's driver (`src/archive/drive.ts`) to
 * the pool of web workers (`src/worker/archivePool.ts`), rows handed to the
 * store in batches. Cancel stops the walk and ends the workers at once.
 */
import { createByteBudget } from '../../archive/byteBudget';
import { belongsToSession, placeOf, type SessionPlace } from '../../archive/layout';
import { driveArchive } from '../../archive/drive';
import { walkFolder, type Folder, type FolderEntry } from '../../archive/walk';
import { sessionResults, type SessionRow } from '../../archive/row';
import type { SettingsFields } from '../../core';
import { useArchive } from '../../state/archiveStore';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import { createPagePool, type PageJob } from '../../worker/archivePool';

/** What the user opened: the files of an `<input webkitdirectory>` or a drop, or a directory handle. */
export type OpenedFolder =
  | { kind: 'files'; name: string; files: { path: string; file: File }[] }
  | { kind: 'handle'; name: string; root: FileSystemDirectoryHandle };

/** A session found in the opened folder, where its bytes are, and its size for the byte budget. */
type FoundFile = PageJob;

/** How many paths are classified between two yields to the event loop. */
const SLICE = 2000;
/** How often arrived rows are handed to the store. */
const FLUSH_MS = 250;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Where each session's bytes are, for "open in the playground" and "Replay all". */
const opened = new Map<string, FoundFile>();
let current: { cancel: () => void } | null = null;

/** The sessions among an opened list of files, a slice at a time; OpenCode's storage files ride along. */
async function* fromFiles(
  files: { path: string; file: File }[],
  skipped: () => void,
): AsyncGenerator<FoundFile> {
  const storage: Record<string, File> = {};
  const sessions: { path: string; place: SessionPlace; file: File }[] = [];
  /** OpenCode database logs (`opencode.db-wal`) by path, read with their database. */
  const logs: Record<string, File> = {};
  for (let i = 0; i < files.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToPage();
    const { path, file } = files[i]!;
    if (/(^|\/)storage\/(message|part)\//.test(path)) {
      storage[path] = file;
      continue;
    }
    if (belongsToSession(path)) {
      if (path.endsWith('-wal')) logs[path] = file;
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
      source: { kind: 'files', files: filesOf(s, storage, logs) },
    };
}

/** The files a session's worker needs: OpenCode's storage tree, a database and its log, or the file alone. */
function filesOf(
  session: { path: string; place: SessionPlace; file: File },
  storage: Record<string, File>,
  logs: Record<string, File>,
): Record<string, File> {
  if (session.place.layout === 'opencode-storage') return storage;
  const log = logs[`${session.path}-wal`];
  return log
    ? { [session.path]: session.file, [`${session.path}-wal`]: log }
    : { [session.path]: session.file };
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

/** Reads `folder` into the archive store through the archive's driver; a second call cancels the first. */
export async function readFolder(folder: OpenedFolder): Promise<void> {
  current?.cancel();
  const store = useArchive.getState();
  store.start(folder.name);
  opened.clear();
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
  const pool = createPagePool((n) => (bytes += n));
  const stop = new AbortController();
  // Cancel ends the workers at once: the driver hands out nothing more and waits for nothing.
  const run = {
    cancel: () => {
      stop.abort();
      pool.close();
    },
  };
  current = run;
  const found =
    folder.kind === 'files'
      ? fromFiles(folder.files, () => skipped++)
      : fromHandle(
          folder.root,
          () => skipped++,
          (p) => useArchive.getState().addProblem(p),
        );
  async function* remembered(): AsyncGenerator<FoundFile> {
    for await (const f of found) {
      opened.set(f.path, f);
      yield f;
    }
  }
  try {
    await driveArchive({
      pool,
      files: remembered(),
      signal: stop.signal,
      // A file whose worker failed arrives as a row with its error, shown in the table.
      onResult: (result, job) => {
        files++;
        if (result.kind === 'skipped') skipped++;
        for (const { row } of sessionResults(result)) {
          rows.push(row);
          // A database's sessions are each opened and replayed from the database by their own path.
          if (result.kind === 'rows') opened.set(row.file, { ...job, path: row.file });
        }
      },
    });
  } finally {
    clearInterval(timer);
    flush();
    const cancelled = stop.signal.aborted;
    if (!cancelled) pool.close();
    useArchive.getState().finish(cancelled ? 'cancelled' : 'done');
    if (current === run) current = null;
  }
}

export function cancelArchive(): void {
  current?.cancel();
}

/**
 * The file of a session, to open in the playground; OpenCode's storage, and
 * a session of its database, are joined into its export first.
 */
export async function sessionFile(path: string): Promise<File | null> {
  const f = opened.get(path);
  if (!f) return null;
  if (f.place.layout === 'opencode-storage' || f.place.layout === 'opencode-db') {
    const [{ sessionText }, { readerOf }] = await Promise.all([
      import('../../archive/sessionText'),
      import('../../worker/archiveReader'),
    ]);
    let text = '';
    for await (const chunk of sessionText(readerOf(f.source), { path, place: f.place })) text += chunk;
    const name = path.split('/').pop()!.replace(/^.*#/, '');
    return new File([text], name.endsWith('.json') ? name : `${name}.json`, { type: 'application/json' });
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
  const pool = createPagePool(() => undefined);
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
