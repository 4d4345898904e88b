/**
 * The first count of a large transcript spread over worker threads, one per
 * core: the benchmark's "pool" contender. It is kept here, not in the command
 * line, until the numbers favour it on the machines it runs on (on a busy
 * 2-core machine its wall time was level with one thread's). Counting is pure CPU and a transcript's messages are independent, so
 * each worker counts a contiguous share (equal in characters) with its own
 * ranks and piece cache, and the shares' counts come back in message order.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { countedTexts } from '../src/core/estimate';
import type { Message } from '../src/core/message';
import type { BpeId } from '../src/core/tokenizer';

export interface CountPool {
  readonly size: number;
  /**
   * Each message's string counts, in `countedTexts` order (what an
   * estimator's cache holds). `fresh` drops the workers' piece caches first,
   * so a measurement starts cold.
   */
  countMessages(messages: readonly Message[], options?: { fresh?: boolean }): Promise<number[][]>;
  close(): Promise<void>;
}

/** What a worker is sent: the messages' texts, not the messages (less to copy). */
export interface CountRequest {
  texts: string[][];
  fresh: boolean;
}

/**
 * A worker for this module's own form: run from TypeScript sources (tsx), it
 * registers tsx in the thread before importing the worker's source.
 */
function startWorker(tokenizer: BpeId): Worker {
  const here = import.meta.url;
  const entry = new URL(here.endsWith('.ts') ? './countWorker.ts' : './countWorker.js', here).href;
  const boot = here.endsWith('.ts')
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`
    : `import(${JSON.stringify(entry)});`;
  return new Worker(boot, { eval: true, workerData: { tokenizer } });
}

/** Cuts `messages` into `parts` contiguous runs of about equal characters. */
export function shares(texts: readonly string[][], parts: number): [number, number][] {
  const sizes = texts.map((t) => t.reduce((s, x) => s + x.length, 0));
  const total = sizes.reduce((s, x) => s + x, 0);
  const out: [number, number][] = [];
  let from = 0;
  let sum = 0;
  for (let i = 0; i < texts.length && out.length < parts - 1; i++) {
    sum += sizes[i]!;
    if (sum >= (total * (out.length + 1)) / parts) {
      out.push([from, i + 1]);
      from = i + 1;
    }
  }
  out.push([from, texts.length]);
  return out;
}

/** Starts `size` workers (one per core by default), each with the encoding loaded. */
export async function createCountPool(tokenizer: BpeId, size = availableParallelism()): Promise<CountPool> {
  const workers = Array.from({ length: Math.max(1, size) }, () => startWorker(tokenizer));
  /** The worker's next reply: its counts, or the error it reports or dies of. */
  const reply = (worker: Worker) =>
    new Promise<number[][]>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (answer: { counts?: number[][]; error?: string }) => {
        worker.off('error', onError);
        if (answer.error !== undefined) reject(new Error(answer.error));
        else resolve(answer.counts ?? []);
      });
    });
  const ask = (worker: Worker, request: CountRequest) => {
    const answer = reply(worker);
    worker.postMessage(request);
    return answer;
  };
  // Each worker says it is ready once its ranks are parsed.
  await Promise.all(workers.map(reply));
  return {
    size: workers.length,
    async countMessages(messages, options = {}) {
      const texts = messages.map((m) => countedTexts(m).map((t) => t.text));
      const runs = shares(texts, workers.length);
      const counted = await Promise.all(
        runs.map(([from, to], k) =>
          from === to
            ? []
            : ask(workers[k]!, { texts: texts.slice(from, to), fresh: options.fresh ?? false }),
        ),
      );
      return counted.flat();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
