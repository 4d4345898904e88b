/**
 * The page's side of the worker: typed requests with progress, cancellation,
 * and a fresh worker after a crash so the page stays usable.
 */
import type { ImportFailure, PreviewEvent, Progress, Replies, WorkerReply, WorkerRequest } from './protocol';

type BodyOf<T extends WorkerRequest['type']> = Omit<Extract<WorkerRequest, { type: T }>, 'id' | 'type'>;

/** A failed request, with what the worker said. */
export class WorkerRequestError extends Error {
  readonly failure: ImportFailure;
  constructor(failure: ImportFailure) {
    super(failure.message);
    this.name = 'WorkerRequestError';
    this.failure = failure;
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (progress: Progress) => void;
  onEvent?: (event: PreviewEvent) => void;
}

export class WorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private spawn(): Worker {
    const worker = new Worker(new URL('./compaction.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const entry = this.pending.get(reply.id);
      if (!entry) return;
      if (reply.type === 'progress') {
        entry.onProgress?.(reply.progress);
        return;
      }
      if (reply.type === 'event') {
        entry.onEvent?.(reply.event);
        return;
      }
      this.pending.delete(reply.id);
      if (reply.type === 'ok') entry.resolve(reply.value);
      else entry.reject(new WorkerRequestError(reply.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.crash(event.message || 'the worker stopped unexpectedly');
    };
    return worker;
  }

  /** Fails everything in flight and starts over with a new worker on the next request. */
  private crash(reason: string): void {
    this.worker?.terminate();
    this.worker = null;
    const failure: ImportFailure = {
      code: 'worker',
      message: `The background worker crashed (${reason}). Try again.`,
    };
    for (const entry of this.pending.values()) entry.reject(new WorkerRequestError(failure));
    this.pending.clear();
  }

  request<T extends WorkerRequest['type']>(
    type: T,
    body: BodyOf<T>,
    onProgress?: (progress: Progress) => void,
    onEvent?: (event: PreviewEvent) => void,
  ): { id: number; result: Promise<Replies[T]> } {
    const id = this.nextId++;
    this.worker ??= this.spawn();
    const result = new Promise<Replies[T]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress, onEvent });
    });
    this.worker.postMessage({ ...body, type, id } as unknown as WorkerRequest);
    return { id, result };
  }

  cancel(target: number): void {
    if (this.worker && this.pending.has(target)) this.request('cancel', { target });
  }
}

export const workerClient = new WorkerClient();
