import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driveArchive } from '../archive/drive';
import { failedRow, type RowResult } from '../archive/row';
import type { ArchiveReply, ArchiveRequest } from './archiveProtocol';
import { createPagePool, type PageJob } from './archivePool';

/** A web worker the test answers for: what it was sent, and whether it was ended. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<ArchiveReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly sent: ArchiveRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: ArchiveRequest) {
    this.sent.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(reply: ArchiveReply) {
    this.onmessage?.({ data: reply } as MessageEvent<ArchiveReply>);
  }
  /** Answers its newest request with a row. */
  answer() {
    const request = this.sent[this.sent.length - 1]!;
    this.reply({ id: request.id, type: 'done', result: rowOf(request.path) });
  }
  fail(message: string) {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

const place = { layout: 'claude-code' as const, project: 'p', subagent: false };
const rowOf = (path: string): RowResult => ({
  kind: 'row',
  row: { ...failedRow({ file: path, place }, ''), error: undefined },
  compactions: [],
});
const job = (path: string, size = 1): PageJob => ({
  path,
  place,
  size,
  source: { kind: 'files', files: {} },
});
async function* walk(jobs: PageJob[]): AsyncGenerator<PageJob> {
  for (const j of jobs) yield j;
}
/** Resolves once some worker has been sent `n` requests in all. */
async function sent(n: number) {
  await vi.waitFor(() => expect(FakeWorker.made.flatMap((w) => w.sent)).toHaveLength(n));
}
const busyWith = (path: string) =>
  FakeWorker.made.find((w) => !w.terminated && w.sent[w.sent.length - 1]?.path === path)!;

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
});
afterEach(() => vi.unstubAllGlobals());

describe("the page's archive workers", () => {
  it('make a file whose worker fails a row with its error, under the driver, and read on in a fresh worker', async () => {
    const pool = createPagePool(() => undefined);
    expect(pool.size).toBe(2);
    const run = driveArchive({ pool, files: walk([job('a.jsonl'), job('b.jsonl'), job('c.jsonl')]) });
    await sent(2);
    const failing = busyWith('a.jsonl');
    failing.fail('Out of memory');
    await sent(3);
    const fresh = FakeWorker.made[2]!;
    expect([failing.terminated, fresh.sent.map((r) => r.path)]).toEqual([true, ['c.jsonl']]);
    busyWith('b.jsonl').answer();
    fresh.answer();
    const outcome = await run;
    expect(outcome.rows.map((r) => [r.file, r.error ?? null])).toEqual([
      ['a.jsonl', 'a.jsonl: the worker reading it failed (Out of memory)'],
      ['b.jsonl', null],
      ['c.jsonl', null],
    ]);
    pool.close();
  });

  it('replace a worker after it has read 24 MB, and keep one that read less', async () => {
    const read: number[] = [];
    const pool = createPagePool((n) => read.push(n));
    const first = pool.read(job('big.jsonl', 30 << 20));
    const second = pool.read(job('small.jsonl'));
    await sent(2);
    const [big, small] = [busyWith('big.jsonl'), busyWith('small.jsonl')];
    big.reply({ id: big.sent[0]!.id, type: 'bytes', bytes: 24 << 20 });
    big.answer();
    small.answer();
    await Promise.all([first, second]);
    expect(read).toEqual([24 << 20]);
    expect([big.terminated, small.terminated, FakeWorker.made.length]).toEqual([true, false, 3]);
    pool.close();
  });

  it('fail what runs and what waits as cancelled when closed, and end every worker', async () => {
    const pool = createPagePool(() => undefined);
    const runs = ['a', 'b', 'c'].map((p) => pool.read(job(`${p}.jsonl`)));
    await sent(2);
    pool.close();
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : 'read'))).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true, true]);
    await expect(pool.read(job('d.jsonl'))).rejects.toThrow('cancelled');
  });
});
