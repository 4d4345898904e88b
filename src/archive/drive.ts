/**
 * The archive's one driver: found sessions handed to a pool of workers, the
 * same way in the command line (worker threads) and the page (web workers).
 *
 * - Concurrency: at most `pool.size` files are in the pool at once, one per
 *   worker, and their bytes stay within the byte budget (`byteBudget.ts`).
 *   The walk runs one file ahead: the next file is found while the workers
 *   read, so it is ready the moment one of them is free.
 * - Failure: a file whose worker fails (it throws, runs out of memory, its
 *   thread stops) is a row with that error (`failedRow`); the run goes on.
 * - Cancellation: once `signal` is aborted no file is handed out, what the
 *   pool answers after it is not taken, and the run ends without waiting for
 *   the files in flight (the caller ends its workers).
 * - Order: the rows come back sorted by path, whichever worker was faster.
 */
import { createByteBudget, type ByteBudget } from './byteBudget';
import type { SessionPlace } from './layout';
import { failedRow, sessionResults, type RowResult, type SessionRow } from './row';

/** A session the walk found, as a pool reads it; the platform adds where its bytes are. */
export interface DriveJob {
  path: string;
  place: SessionPlace;
  /** Its bytes, for the byte budget; 0 when they cannot be told before reading. */
  size: number;
}

/** What the two pools (`src/cli/archivePool.ts`, `src/worker/archivePool.ts`) give the driver. */
export interface RowPool<J extends DriveJob = DriveJob> {
  /** How many workers read at once. */
  readonly size: number;
  /** The row of one file; rejects when its worker fails. */
  read(job: J): Promise<RowResult>;
}

/** Where the run is, after each file the pool answers. */
export interface DriveProgress {
  /** Files handed to the pool. */
  started: number;
  /** Files answered: rows, failed rows and files that were not sessions. */
  done: number;
  /** Of those, the ones whose worker failed (each a row with its error). */
  failed: number;
  /** Of those, the files that were not sessions. */
  skipped: number;
}

export interface DriveOptions<J extends DriveJob> {
  pool: RowPool<J>;
  /** The walk's sessions, in the order found. */
  files: AsyncIterable<J>;
  signal?: AbortSignal;
  /** Defaults to a budget of its own (128 MB). */
  budget?: ByteBudget;
  /** Each file's result as it arrives (in the order the workers finish), a failed file as its row. */
  onResult?(result: RowResult, job: J): void;
  onProgress?(progress: DriveProgress): void;
}

export interface DriveOutcome {
  /** Every session's row, sorted by path. */
  rows: SessionRow[];
  progress: DriveProgress;
  cancelled: boolean;
}

/** The row of a file whose worker failed: its place, and what the worker said. */
export function workerFailedRow(job: DriveJob, error: unknown): SessionRow {
  const message = error instanceof Error ? error.message : String(error);
  return failedRow(
    { file: job.path, place: job.place },
    `${job.path}: the worker reading it failed (${message})`,
  );
}

const byPath = (a: SessionRow, b: SessionRow) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

export async function driveArchive<J extends DriveJob>(options: DriveOptions<J>): Promise<DriveOutcome> {
  const { pool, signal } = options;
  const budget = options.budget ?? createByteBudget();
  const limit = Math.max(1, pool.size);
  const progress: DriveProgress = { started: 0, done: 0, failed: 0, skipped: 0 };
  const rows: SessionRow[] = [];
  const inflight = new Set<Promise<void>>();
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  const cancelled = () => signal?.aborted === true;

  const settle = (job: J, result: RowResult, failed: boolean) => {
    if (cancelled()) return;
    progress.done++;
    if (failed) progress.failed++;
    if (result.kind === 'skipped') progress.skipped++;
    // A database of sessions (OpenCode's) is one file and a row per session.
    for (const { row } of sessionResults(result)) rows.push(row);
    options.onResult?.(result, job);
    options.onProgress?.({ ...progress });
  };

  const files = options.files[Symbol.asyncIterator]();
  let walked = false;
  try {
    while (!cancelled()) {
      // The next file is found while the workers read the ones before it.
      const next = await Promise.race([files.next(), aborted.then(() => null)]);
      if (next !== null && next.done) walked = true;
      if (next === null || next.done || cancelled()) break;
      const job = next.value;
      while (inflight.size >= limit && !cancelled()) await Promise.race([...inflight, aborted]);
      if (cancelled()) break;
      // A large file waits until the files read beside it leave room (`byteBudget.ts`).
      const taking = budget.take(job.size);
      const release = await Promise.race([taking, aborted.then(() => null)]);
      if (release === null) {
        void taking.then((r) => r());
        break;
      }
      progress.started++;
      const read: Promise<void> = pool.read(job).then(
        (result) => settle(job, result, false),
        (error: unknown) =>
          settle(job, { kind: 'row', row: workerFailedRow(job, error), compactions: [] }, true),
      );
      const running = read.finally(release);
      inflight.add(running);
      // A callback that throws (a table that cannot be written) fails the run, through the race above.
      void running.finally(() => inflight.delete(running)).catch(() => undefined);
    }
    if (!cancelled()) await Promise.race([Promise.all(inflight), aborted]);
  } finally {
    // A walk left part way (cancelled, or a callback threw) is closed, so it lets go of its folder.
    if (!walked) void files.return?.()?.catch(() => undefined);
  }
  rows.sort(byPath);
  return { rows, progress: { ...progress }, cancelled: cancelled() };
}
