import { afterEach, describe, expect, it } from 'vitest';
import { driveArchive, type DriveJob } from '../archive/drive';
import type { RowResult } from '../archive/row';
import { createArchivePool, type ArchivePool } from './archivePool';

const place = { layout: 'jsonl' as const, project: null, subagent: false };
const job = (path: string): DriveJob => ({ path, place, size: 1 });
const failing = new URL('./archivePoolFailing.node.ts', import.meta.url);

let pool: ArchivePool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const open = () =>
  (pool = createArchivePool({
    root: '.',
    tokenizer: 'o200k_base',
    scale: 1,
    followLinks: false,
    size: 1,
    workerModule: failing,
  }));

const errorOf = (r: RowResult) => (r.kind === 'row' ? r.row.error : 'skipped');

async function* walk(paths: string[]): AsyncGenerator<DriveJob> {
  for (const p of paths) yield job(p);
}

describe("the archive's worker threads", () => {
  it('fail the file of a thread that exits, and read the next one in a fresh thread', async () => {
    const threads = open();
    expect(errorOf(await threads.read(job('a.jsonl')))).toBe('read 1');
    await expect(threads.read(job('exit.jsonl'))).rejects.toThrow('the worker thread stopped (exit code 3)');
    expect(errorOf(await threads.read(job('b.jsonl')))).toBe('read 1');
  });

  it('fail the file of a thread that throws, and of one that answers with an error', async () => {
    const threads = open();
    await expect(threads.read(job('throw.jsonl'))).rejects.toThrow('the thread broke');
    await expect(threads.read(job('refuse.jsonl'))).rejects.toThrow('no estimator');
    // The thread that answered with an error is kept: it has read two files now.
    expect(errorOf(await threads.read(job('c.jsonl')))).toBe('read 2');
  });

  it('under the driver, make each failed file a row with its error and read every other file', async () => {
    const threads = open();
    const outcome = await driveArchive({
      pool: threads,
      files: walk(['d.jsonl', 'exit.jsonl', 'e.jsonl', 'throw.jsonl', 'f.jsonl']),
    });
    expect(outcome.rows.map((r) => [r.file, r.error])).toEqual([
      ['d.jsonl', 'read 1'],
      ['e.jsonl', 'read 1'],
      ['exit.jsonl', 'exit.jsonl: the worker reading it failed (the worker thread stopped (exit code 3))'],
      ['f.jsonl', 'read 1'],
      ['throw.jsonl', 'throw.jsonl: the worker reading it failed (the thread broke)'],
    ]);
    expect(outcome.progress).toEqual({ started: 5, done: 5, failed: 2, skipped: 0 });
  });
});
