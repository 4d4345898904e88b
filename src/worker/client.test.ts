import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_GRACE_MS,
  WORKER_SILENCE_TIMEOUT_MS,
  WorkerClient,
  WorkerRequestError,
  type WorkerLike,
  type WorkerRecovery,
} from './client';
import type { WorkerInbound, WorkerOutbound, WorkerRequest } from './protocol';

/** A worker that does only what the test tells it to. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerOutbound>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  readonly posted: WorkerInbound[] = [];
  terminated = false;
  /** Between tasks: pings are answered. A worker stuck in a loop answers nothing. */
  answersPings = true;

  postMessage(message: WorkerInbound): void {
    this.posted.push(message);
    if (message.type === 'ping' && this.answersPings) queueMicrotask(() => this.send({ type: 'pong' }));
  }

  terminate(): void {
    this.terminated = true;
  }

  send(data: WorkerOutbound): void {
    this.onmessage?.({ data } as MessageEvent<WorkerOutbound>);
  }

  requests(): WorkerRequest[] {
    return this.posted.filter((m): m is WorkerRequest => m.type !== 'ping');
  }

  pings(): number {
    return this.posted.filter((m) => m.type === 'ping').length;
  }
}

let workers: FakeWorker[];

function client(): WorkerClient {
  return new WorkerClient({
    createWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    now: () => Date.now(),
  });
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkerRequestError);
  return (error as WorkerRequestError).failure;
}

/** Runs the timers up to `ms` from now, a second at a time, with the promises they settle. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  workers = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('WorkerClient requests', () => {
  it('resolves with the reply and passes progress on', async () => {
    const c = client();
    const progress = vi.fn();
    const { id, result } = c.request('hash', {}, progress);
    workers[0]!.send({ id, type: 'progress', progress: { phase: 'tokenizing', done: 1, total: 2 } });
    workers[0]!.send({ id, type: 'ok', value: 'abc' });
    await expect(result).resolves.toBe('abc');
    expect(progress).toHaveBeenCalledWith({ phase: 'tokenizing', done: 1, total: 2 });
  });

  it("rejects with the worker's failure", async () => {
    const c = client();
    const { id, result } = c.request('hash', {});
    workers[0]!.send({ id, type: 'error', error: { kind: 'internal', message: 'No transcript is loaded' } });
    expect(await failureOf(result)).toEqual({ kind: 'internal', message: 'No transcript is loaded' });
  });
});

describe('WorkerClient start', () => {
  it('makes the worker before any request, once, and the first request goes to it', async () => {
    const c = client();
    c.start();
    c.start();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted).toEqual([]);
    const { id, result } = c.request('hash', {});
    expect(workers).toHaveLength(1);
    expect(workers[0]!.requests()).toEqual([{ type: 'hash', id }]);
    workers[0]!.send({ id, type: 'ok', value: 'abc' });
    await expect(result).resolves.toBe('abc');
  });

  it('leaves a worker that cannot be made for the first request to report', async () => {
    const c = new WorkerClient({
      createWorker: () => {
        throw new Error('workers are blocked');
      },
    });
    expect(() => c.start()).not.toThrow();
    expect(await failureOf(c.request('hash', {}).result)).toEqual({
      kind: 'internal',
      message: 'The request could not be sent to the background worker (workers are blocked).',
    });
  });
});

describe('WorkerClient watchdog', () => {
  it('replaces a worker that answers nothing, failing its requests with what it was doing', async () => {
    const c = client();
    const { id, result } = c.request('load', {
      source: { kind: 'text', text: 'x' },
      sourceName: 'big.jsonl',
      tokenizer: 'o200k_base',
      scale: 1,
    });
    const stuck = workers[0]!;
    stuck.answersPings = false;
    stuck.send({ id, type: 'progress', progress: { phase: 'tokenizing', done: 0, total: 10 } });
    const failure = failureOf(result);
    await advance(WORKER_SILENCE_TIMEOUT_MS - 1000);
    expect(stuck.terminated).toBe(false);
    expect(stuck.pings()).toBeGreaterThan(0);
    await advance(3000);
    expect(stuck.terminated).toBe(true);
    expect(await failure).toEqual({
      kind: 'worker-stopped',
      message: 'The background worker stopped responding while counting tokens; it was restarted.',
    });
    // The next request goes to a fresh worker.
    c.request('hash', {});
    expect(workers).toHaveLength(2);
    expect(workers[1]!.requests().map((r) => r.type)).toEqual(['hash']);
  });

  it('names the load the user waits for, not the address bar link queued before it', async () => {
    const c = client();
    const address = c.request('address', { state: {} as never });
    const load = c.request('load', {
      source: { kind: 'text', text: 'x' },
      sourceName: 'big.jsonl',
      tokenizer: 'o200k_base',
      scale: 1,
    });
    workers[0]!.answersPings = false;
    const failures = Promise.all([failureOf(address.result), failureOf(load.result)]);
    await advance(WORKER_SILENCE_TIMEOUT_MS + 3000);
    const message = 'The background worker stopped responding while loading a transcript; it was restarted.';
    expect(await failures).toEqual([
      { kind: 'worker-stopped', message },
      { kind: 'worker-stopped', message },
    ]);
  });

  it('names the address bar link when nothing else was asked', async () => {
    const c = client();
    const address = c.request('address', { state: {} as never });
    workers[0]!.answersPings = false;
    const failure = failureOf(address.result);
    await advance(WORKER_SILENCE_TIMEOUT_MS + 3000);
    expect(await failure).toEqual({
      kind: 'worker-stopped',
      message:
        'The background worker stopped responding while writing the link in the address bar; it was restarted.',
    });
  });

  it('leaves a busy worker alone while it reports progress, however long the task', async () => {
    const c = client();
    const { id, result } = c.request('retokenize', { tokenizer: 'cl100k_base', scale: 1 });
    const busy = workers[0]!;
    busy.answersPings = false;
    for (let t = 0; t < 60_000; t += 500) {
      busy.send({ id, type: 'progress', progress: { phase: 'tokenizing', done: t, total: 60_000 } });
      await advance(500);
    }
    expect(busy.terminated).toBe(false);
    busy.send({ id, type: 'ok', value: null });
    await expect(result).resolves.toBeNull();
  });

  it('leaves a waiting worker alone while it answers pings', async () => {
    const c = client();
    const { id, result } = c.request('compact', {
      settings: {} as never,
      summarizer: { mode: 'offline' },
      reason: 'threshold',
    });
    await advance(120_000);
    expect(workers[0]!.terminated).toBe(false);
    expect(workers[0]!.pings()).toBeGreaterThan(10);
    workers[0]!.send({ id, type: 'ok', value: 'done' });
    await expect(result).resolves.toBe('done');
  });

  it('does not ping or watch an idle worker', async () => {
    const c = client();
    const { id } = c.request('hash', {});
    workers[0]!.send({ id, type: 'ok', value: null });
    workers[0]!.answersPings = false;
    await advance(10 * WORKER_SILENCE_TIMEOUT_MS);
    expect(workers[0]!.pings()).toBe(0);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('does not blame the worker for a page that was frozen itself', async () => {
    const c = client();
    const { id, result } = c.request('hash', {});
    const worker = workers[0]!;
    worker.answersPings = false;
    await advance(2000);
    expect(worker.pings()).toBe(1);
    // The page stops for 30 s (a long task, a throttled background tab); the pong waits behind it.
    vi.setSystemTime(Date.now() + 30_000);
    await advance(1000);
    worker.send({ type: 'pong' });
    await advance(2000);
    expect(worker.terminated).toBe(false);
    worker.send({ id, type: 'ok', value: 'h' });
    await expect(result).resolves.toBe('h');
  });

  it('replaces a worker that crashed, and one whose reply could not be read', async () => {
    const c = client();
    const first = c.request('search', { query: 'a' });
    workers[0]!.onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
    expect(await failureOf(first.result)).toEqual({
      kind: 'worker-stopped',
      message:
        'The background worker crashed while searching the messages (out of memory); it was restarted.',
    });
    expect(workers[0]!.terminated).toBe(true);
    const second = c.request('detail', { index: 3 });
    workers[1]!.onmessageerror?.({} as MessageEvent);
    expect((await failureOf(second.result)).message).toBe(
      'The background worker crashed while reading a message (a reply could not be read); it was restarted.',
    );
  });
});

describe('WorkerClient cancel', () => {
  it('sends the cancel and keeps the worker when the request stops in time', async () => {
    const c = client();
    const { id, result } = c.request('load', {
      source: { kind: 'text', text: 'x' },
      sourceName: 'a',
      tokenizer: 'o200k_base',
      scale: 1,
    });
    c.cancel(id);
    const cancel = workers[0]!.requests().find((r) => r.type === 'cancel')!;
    expect(cancel).toMatchObject({ type: 'cancel', target: id });
    workers[0]!.send({
      id,
      type: 'error',
      error: { kind: 'cancelled', message: 'The import was cancelled' },
    });
    workers[0]!.send({ id: cancel.id, type: 'ok', value: null });
    expect((await failureOf(result)).kind).toBe('cancelled');
    await advance(CANCEL_GRACE_MS * 5);
    expect(workers[0]!.terminated).toBe(false);
    expect(workers).toHaveLength(1);
  });

  it('replaces a worker that does not stop: the request ends cancelled, the rest go to the new worker', async () => {
    const c = client();
    const load = c.request('load', {
      source: { kind: 'text', text: 'x' },
      sourceName: 'a',
      tokenizer: 'o200k_base',
      scale: 1,
    });
    const detail = c.request('detail', { index: 1 });
    const preview = c.request('compact', {
      settings: {} as never,
      summarizer: { mode: 'offline' },
      reason: 'threshold',
    });
    workers[0]!.answersPings = false;
    const loadFailure = failureOf(load.result);
    const previewFailure = failureOf(preview.result);
    c.cancel(load.id);
    await advance(CANCEL_GRACE_MS);
    expect(workers[0]!.terminated).toBe(true);
    expect(await loadFailure).toEqual({ kind: 'cancelled', message: 'Cancelled' });
    // A preview may already have called a model: it is not sent twice.
    expect((await previewFailure).message).toBe(
      'The background worker was restarted to stop loading a transcript, which did not respond to Cancel.',
    );
    expect(workers[1]!.requests()).toEqual([{ type: 'detail', index: 1, id: detail.id }]);
    workers[1]!.send({ id: detail.id, type: 'ok', value: 'message 1' });
    await expect(detail.result).resolves.toBe('message 1');
  });

  it('cancels a request still waiting for a recovery without sending it', async () => {
    const c = client();
    let finish!: () => void;
    c.setRecovery(() => new Promise<void>((resolve) => (finish = resolve)));
    const first = c.request('hash', {});
    workers[0]!.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
    await failureOf(first.result);
    const waiting = c.request('search', { query: 'x' });
    c.cancel(waiting.id);
    expect((await failureOf(waiting.result)).kind).toBe('cancelled');
    finish();
    await advance(0);
    expect(workers[1]?.requests() ?? []).toEqual([]);
  });
});

describe('WorkerClient recovery', () => {
  it('restores the new worker before it answers anything else', async () => {
    const c = client();
    const recovered: string[] = [];
    c.setRecovery(async (direct) => {
      const { id, result } = direct.request('load', {
        source: { kind: 'text', text: 'previous' },
        sourceName: 'previous.json',
        tokenizer: 'o200k_base',
        scale: 1,
      });
      queueMicrotask(() => workers[1]!.send({ id, type: 'ok', value: null }));
      await result;
      recovered.push('previous.json');
    });
    const first = c.request('hash', {});
    workers[0]!.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
    await failureOf(first.result);
    const next = c.request('search', { query: 'x' });
    expect(workers[1]!.requests().map((r) => r.type)).toEqual(['load']);
    await advance(0);
    expect(recovered).toEqual(['previous.json']);
    expect(workers[1]!.requests().map((r) => r.type)).toEqual(['load', 'search']);
    workers[1]!.send({ id: next.id, type: 'ok', value: [1] });
    await expect(next.result).resolves.toEqual([1]);
  });

  it('does not loop when the recovery itself stops the worker', async () => {
    const c = client();
    const recovery = vi.fn<WorkerRecovery>(async (direct) => {
      await direct.request('hash', {}).result.catch(() => {});
    });
    c.setRecovery(recovery);
    const first = c.request('hash', {});
    workers[0]!.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
    await failureOf(first.result);
    const waiting = c.request('search', { query: 'x' });
    workers[1]!.onerror?.({ message: 'boom again', preventDefault() {} } as ErrorEvent);
    await advance(0);
    expect(recovery).toHaveBeenCalledTimes(1);
    // What waited goes to a third worker once the failed recovery is over.
    expect(workers[2]!.requests().map((r) => r.type)).toEqual(['search']);
    workers[2]!.send({ id: waiting.id, type: 'ok', value: [] });
    await expect(waiting.result).resolves.toEqual([]);
  });
});
