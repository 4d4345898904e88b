import { describe, expect, it } from 'vitest';
import { createByteBudget } from './byteBudget';
import { driveArchive, type DriveJob, type DriveProgress, type RowPool } from './drive';
import { failedRow, type RowResult } from './row';

const place = { layout: 'claude-code' as const, project: 'tallybook', subagent: false };
const job = (path: string, size = 10): DriveJob => ({ path, place, size });

async function* walk(jobs: DriveJob[]): AsyncGenerator<DriveJob> {
  for (const j of jobs) yield j;
}

/** A row that says which file it is, as a worker's would. */
const rowOf = (j: DriveJob): RowResult => ({
  kind: 'row',
  row: { ...failedRow({ file: j.path, place: j.place }, 'unused'), error: undefined, format: 'claude-code' },
  compactions: [],
});

/** The next turn of the event loop: every promise the driver could settle by now has settled. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Pending {
  job: DriveJob;
  resolve: (r: RowResult) => void;
  reject: (e: Error) => void;
}

/** A pool whose reads the test settles one by one, counting how many run at once. */
function fakePool(size: number) {
  const pending: Pending[] = [];
  let running = 0;
  let most = 0;
  const waiters: (() => void)[] = [];
  const pool: RowPool & { pending: Pending[]; readonly most: number } = {
    size,
    pending,
    get most() {
      return most;
    },
    read(j) {
      running++;
      most = Math.max(most, running);
      return new Promise<RowResult>((resolve, reject) => {
        const done = () => running--;
        pending.push({
          job: j,
          resolve: (r) => (done(), resolve(r)),
          reject: (e) => (done(), reject(e)),
        });
        waiters.splice(0).forEach((w) => w());
      });
    },
  };
  /** Resolves once `n` reads have been handed out. */
  const handedOut = async (n: number) => {
    while (pending.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { pool, handedOut };
}

/** A pool that answers every file at once, in a later turn, from `answer`. */
function answeringPool(size: number, answer: (j: DriveJob) => RowResult | Error): RowPool {
  return {
    size,
    async read(j) {
      await Promise.resolve();
      const a = answer(j);
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

describe('the archive driver', () => {
  it('makes a file whose worker fails a row with its error, and reads the files after it', async () => {
    const pool = answeringPool(2, (j) => (j.path === 'b.jsonl' ? new Error('out of memory') : rowOf(j)));
    const results: string[] = [];
    const outcome = await driveArchive({
      pool,
      files: walk([job('a.jsonl'), job('b.jsonl'), job('c.jsonl')]),
      onResult: (r) => results.push(r.kind === 'row' ? r.row.file : 'skipped'),
    });
    expect(outcome.rows.map((r) => [r.file, r.error ?? null])).toEqual([
      ['a.jsonl', null],
      ['b.jsonl', 'b.jsonl: the worker reading it failed (out of memory)'],
      ['c.jsonl', null],
    ]);
    const failed = outcome.rows[1]!;
    expect([failed.format, failed.project, failed.layout, failed.bytes]).toEqual([
      null,
      'tallybook',
      'claude-code',
      0,
    ]);
    expect(results.sort()).toEqual(['a.jsonl', 'b.jsonl', 'c.jsonl']);
    expect(outcome.progress).toEqual({ started: 3, done: 3, failed: 1, skipped: 0 });
    expect(outcome.cancelled).toBe(false);
  });

  it('never has more files in the pool than it has workers', async () => {
    const { pool, handedOut } = fakePool(3);
    const jobs = Array.from({ length: 10 }, (_, i) => job(`s${i}.jsonl`));
    const run = driveArchive({ pool, files: walk(jobs) });
    for (let answered = 0; answered < 10; answered++) {
      await handedOut(Math.min(10, answered + 3));
      // Whatever else the driver would hand out now, it has by the next turn.
      await nextTurn();
      // The fourth file waits until one of the three in the pool is answered.
      expect(pool.pending.length - answered).toBe(Math.min(3, 10 - answered));
      const p = pool.pending[answered]!;
      p.resolve(rowOf(p.job));
    }
    const outcome = await run;
    expect(pool.most).toBe(3);
    expect(outcome.rows).toHaveLength(10);
  });

  it('hands out no file once cancelled, takes no answer after it, and ends without waiting', async () => {
    const { pool, handedOut } = fakePool(2);
    const stop = new AbortController();
    const seen: string[] = [];
    const run = driveArchive({
      pool,
      files: walk([job('a.jsonl'), job('b.jsonl'), job('c.jsonl'), job('d.jsonl')]),
      signal: stop.signal,
      onResult: (r) => seen.push(r.kind === 'row' ? r.row.file : ''),
    });
    await handedOut(2);
    pool.pending[0]!.resolve(rowOf(pool.pending[0]!.job));
    await handedOut(3);
    stop.abort();
    const outcome = await run;
    // b and c are still in the pool, unanswered: the run ended without them.
    pool.pending[1]!.resolve(rowOf(pool.pending[1]!.job));
    await Promise.resolve();
    expect(pool.pending.map((p) => p.job.path)).toEqual(['a.jsonl', 'b.jsonl', 'c.jsonl']);
    expect(seen).toEqual(['a.jsonl']);
    expect(outcome.rows.map((r) => r.file)).toEqual(['a.jsonl']);
    expect(outcome.progress).toEqual({ started: 3, done: 1, failed: 0, skipped: 0 });
    expect(outcome.cancelled).toBe(true);
  });

  it('closes the walk it leaves when cancelled', async () => {
    const { pool, handedOut } = fakePool(1);
    const stop = new AbortController();
    let closed!: () => void;
    const walkClosed = new Promise<void>((resolve) => (closed = resolve));
    async function* endless(): AsyncGenerator<DriveJob> {
      try {
        for (let i = 0; ; i++) yield job(`s${i}.jsonl`);
      } finally {
        closed();
      }
    }
    const run = driveArchive({ pool, files: endless(), signal: stop.signal });
    await handedOut(1);
    stop.abort();
    expect((await run).cancelled).toBe(true);
    await walkClosed;
    expect(pool.pending.map((p) => p.job.path)).toEqual(['s0.jsonl']);
  });

  it('counts each file as it is answered: rows, failures and files that were not sessions', async () => {
    const { pool, handedOut } = fakePool(4);
    const counts: DriveProgress[] = [];
    const run = driveArchive({
      pool,
      files: walk([job('a.jsonl'), job('b.jsonl'), job('notes.jsonl'), job('d.jsonl')]),
      onProgress: (p) => counts.push(p),
    });
    await handedOut(4);
    const [a, b, notes, d] = pool.pending;
    notes!.resolve({ kind: 'skipped' });
    b!.reject(new Error('the worker thread stopped (exit code 1)'));
    d!.resolve(rowOf(d!.job));
    a!.resolve(rowOf(a!.job));
    const outcome = await run;
    expect(counts).toEqual([
      { started: 4, done: 1, failed: 0, skipped: 1 },
      { started: 4, done: 2, failed: 1, skipped: 1 },
      { started: 4, done: 3, failed: 1, skipped: 1 },
      { started: 4, done: 4, failed: 1, skipped: 1 },
    ]);
    expect(outcome.rows.map((r) => r.file)).toEqual(['a.jsonl', 'b.jsonl', 'd.jsonl']);
  });

  it('gives the rows sorted by path, whatever order the workers finish in', async () => {
    const paths = ['p/3.jsonl', 'a/9.jsonl', 'p/10.jsonl', 'b.jsonl', 'a/1.jsonl'];
    const orders = [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
    ];
    const outcomes: string[][] = [];
    for (const order of orders) {
      const { pool, handedOut } = fakePool(5);
      const run = driveArchive({ pool, files: walk(paths.map((p) => job(p))) });
      await handedOut(5);
      for (const i of order) pool.pending[i]!.resolve(rowOf(pool.pending[i]!.job));
      outcomes.push((await run).rows.map((r) => r.file));
    }
    const sorted = ['a/1.jsonl', 'a/9.jsonl', 'b.jsonl', 'p/10.jsonl', 'p/3.jsonl'];
    expect(outcomes).toEqual([sorted, sorted, sorted]);
  });

  it('keeps the bytes in the pool within the budget: a large file waits for the one before it', async () => {
    const { pool, handedOut } = fakePool(4);
    const budget = createByteBudget(100);
    const run = driveArchive({
      pool,
      budget,
      files: walk([job('small.jsonl', 60), job('large.jsonl', 80), job('tiny.jsonl', 5)]),
    });
    await handedOut(1);
    await nextTurn();
    expect(pool.pending.map((p) => p.job.path)).toEqual(['small.jsonl']);
    expect(budget.held).toBe(60);
    pool.pending[0]!.resolve(rowOf(pool.pending[0]!.job));
    await handedOut(3);
    expect(pool.pending.map((p) => p.job.path)).toEqual(['small.jsonl', 'large.jsonl', 'tiny.jsonl']);
    pool.pending[1]!.resolve(rowOf(pool.pending[1]!.job));
    pool.pending[2]!.resolve(rowOf(pool.pending[2]!.job));
    await run;
    expect(budget.held).toBe(0);
  });

  it('fails the run when a callback fails (a table that cannot be written), with that error', async () => {
    const pool = answeringPool(2, rowOf);
    await expect(
      driveArchive({
        pool,
        files: walk([job('a.jsonl'), job('b.jsonl')]),
        onResult: () => {
          throw new Error('ENOSPC: no space left on device');
        },
      }),
    ).rejects.toThrow('ENOSPC: no space left on device');
  });
});
