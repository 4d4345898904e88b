/**
 * How a long task in the worker shares the thread. The worker answers one
 * message at a time, so a loop that runs for seconds would leave Cancel
 * unread and the page's watchdog unanswered (it would replace a busy worker
 * as a stuck one); and a loop that reported every step would flood the page
 * with progress it cannot draw.
 */
import { ImportError } from '../formats/types';
import type { Progress } from './protocol';

/**
 * A long task stops this often to read its messages: a cancel is then honoured
 * at once, and the page's watchdog gets its answers.
 */
export const YIELD_EVERY_MS = 25;
/** Progress is sent at most this often, but always at the end. */
export const PROGRESS_EVERY_MS = 50;

const waiting: (() => void)[] = [];
let tasks: MessageChannel | null = null;

/** Resolves in a new task, after the messages already queued (a setTimeout would wait 4 ms). */
export function nextTask(): Promise<void> {
  if (!tasks) {
    tasks = new MessageChannel();
    tasks.port1.onmessage = () => waiting.shift()?.();
    // Node keeps its process alive for an open port; the worker's thread does not care.
    (tasks.port1 as { unref?: () => void }).unref?.();
  }
  const channel = tasks;
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * For loops that would otherwise hold the worker for seconds: call it often
 * and await what it returns; every YIELD_EVERY_MS that is a pause that lets
 * queued messages run, then stops the task if it was cancelled meanwhile.
 */
export function pacer(
  signal: AbortSignal,
  now: () => number = () => performance.now(),
): () => Promise<void> | null {
  let last = now();
  return () => {
    if (now() - last < YIELD_EVERY_MS) return null;
    return nextTask().then(() => {
      last = now();
      if (signal.aborted) throw new ImportError('aborted', 'The import was cancelled');
    });
  };
}

/** Reports at most every PROGRESS_EVERY_MS, and the last step always, so progress never floods the page. */
export function progressReporter(
  send: (progress: Progress) => void,
  now: () => number = () => performance.now(),
): (progress: Progress) => void {
  let last = 0;
  return (progress) => {
    const at = now();
    if (at - last < PROGRESS_EVERY_MS && progress.done < progress.total) return;
    last = at;
    send(progress);
  };
}
