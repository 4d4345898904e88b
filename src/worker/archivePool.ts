/**
 * The page's archive workers, one per core (at most 8), each given one
 * session at a time: the web-worker pool the archive's driver
 * (`src/archive/drive.ts`) hands files to, as the command line's driver
 * hands them to its worker threads (`src/cli/archivePool.ts`). "Replay all"
 * runs through it too.
 */
import type { DriveJob, RowPool } from '../archive/drive';
import type { ArchiveReply, ArchiveRequest, ArchiveSource } from './archiveProtocol';

/** A session of an opened folder and where its bytes are. */
export interface PageJob extends DriveJob {
  source: ArchiveSource;
}

/** A worker that has read a file this large is replaced by a fresh one (see `renewed`). */
const RENEW_AFTER_BYTES = 24 * 1024 * 1024;

export interface PagePool extends RowPool<PageJob> {
  /** One request, with its replay when asked; rejects when its worker fails or the pool is closed. */
  run(request: Omit<ArchiveRequest, 'id'>): Promise<Extract<ArchiveReply, { type: 'done' }>>;
  /** Ends the workers; what was running or waiting for one fails as cancelled. */
  close(): void;
}

function startWorker(): Worker {
  return new Worker(new URL('./archive.worker.ts', import.meta.url), { type: 'module' });
}

/** A pool of workers, one per core; `onBytes` hears the bytes they read as they read them. */
export function createPagePool(onBytes: (bytes: number) => void): PagePool {
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
  const run: PagePool['run'] = async (request) => {
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
  };
  return {
    size,
    run,
    read: async ({ path, place, size, source }) => (await run({ path, place, size, source })).result,
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
