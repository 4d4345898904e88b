/**
 * The archive's worker threads, one per core: each session is read, imported
 * and summed in a worker, so the cores share the parsing, and the main thread
 * only walks, hands out and writes. A worker takes one file at a time and the
 * walk waits for a free one, so what is held at once is a file per core.
 * The loop that hands the files out is `src/archive/drive.ts`, the page's too.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DriveJob, RowPool } from '../archive/drive';
import type { FoundSession } from '../archive/sessionText';
import type { RowResult } from '../archive/row';
import type { TokenizerId } from '../core';

export interface PoolRequest {
  id: number;
  found: FoundSession;
}

export type PoolReply = { id: number; result: RowResult } | { id: number; error: string };

export interface ArchivePool extends RowPool {
  /** The row of `found`; resolves once a worker has read it. Waits for a free worker first. */
  read(found: DriveJob): Promise<RowResult>;
  close(): Promise<void>;
}

export interface PoolOptions {
  root: string;
  tokenizer: TokenizerId;
  scale: number;
  /** Read through links out of `root` (`--follow-links`). */
  followLinks: boolean;
  size?: number;
  /** The thread's module, `./archiveWorker` by default; a test gives one that fails on cue. */
  workerModule?: URL;
}

/** A worker for this module's own form: from TypeScript sources (tsx) it registers tsx in the thread first. */
function startWorker(options: PoolOptions): Worker {
  const here = import.meta.url;
  const entry = (
    options.workerModule ?? new URL(here.endsWith('.ts') ? './archiveWorker.ts' : './archiveWorker.js', here)
  ).href;
  const boot = here.endsWith('.ts')
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`
    : `import(${JSON.stringify(entry)});`;
  const { root, tokenizer, scale, followLinks } = options;
  return new Worker(boot, { eval: true, workerData: { root, tokenizer, scale, followLinks } });
}

interface Job {
  id: number;
  resolve: (r: RowResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The job it runs; `claimed` from the moment it is handed out until the job is posted. */
  busy: Job | 'claimed' | null;
}

export function createArchivePool(options: PoolOptions): ArchivePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const slots: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  let nextId = 0;
  let closed = false;

  const release = (slot: Slot) => {
    const next = waiting.shift();
    slot.busy = next ? 'claimed' : null;
    if (next) next(slot);
  };

  /**
   * A thread that failed (it ran out of memory, it stopped) fails the file it
   * read, and a fresh thread takes its place: the driver makes that file a row
   * with the error, and the other files go on.
   */
  const replace = (slot: Slot, worker: Worker, error: Error) => {
    if (slot.worker !== worker || closed) return;
    const job = slot.busy;
    void worker.terminate();
    attach(slot, startWorker(options));
    if (job !== null && job !== 'claimed') {
      job.reject(error);
      release(slot);
    }
  };

  const attach = (slot: Slot, worker: Worker) => {
    slot.worker = worker;
    worker.on('message', (reply: PoolReply) => {
      const job = slot.busy;
      if (slot.worker !== worker || job === null || job === 'claimed' || job.id !== reply.id) return;
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.result);
      release(slot);
    });
    worker.on('error', (error) => replace(slot, worker, error));
    worker.on('exit', (code) =>
      replace(slot, worker, new Error(`the worker thread stopped (exit code ${code})`)),
    );
  };

  for (let i = 0; i < size; i++) {
    const slot = { busy: null } as Slot;
    attach(slot, startWorker(options));
    slots.push(slot);
  }

  /** A worker with nothing to do, claimed at once so no other caller gets it. */
  const freeSlot = (): Promise<Slot> => {
    const free = slots.find((s) => s.busy === null);
    if (!free) return new Promise((resolve) => waiting.push(resolve));
    free.busy = 'claimed';
    return Promise.resolve(free);
  };

  return {
    size,
    async read(found) {
      if (closed) throw new Error('the archive pool is closed');
      const slot = await freeSlot();
      const id = nextId++;
      return new Promise<RowResult>((resolve, reject) => {
        slot.busy = { id, resolve, reject };
        slot.worker.postMessage({ id, found } satisfies PoolRequest);
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
