/**
 * Runs a generator's steps a slice of the main thread at a time: as many steps
 * as fit in `budgetMs`, then the rest in a later task, so that a long
 * computation never holds the page for one long task. A computation that fits
 * in one slice ends within the call, unless told to start in a later task.
 */

/** Resolves in a new task: a message to itself, which no timer clamping delays. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export interface SliceOptions {
  /** How long one slice may run before it hands the thread back, in ms. */
  budgetMs: number;
  now?: () => number;
  /** Waits for the next slice's task. */
  wait?: () => Promise<void>;
  /**
   * The first slice waits for a task of its own too, instead of running
   * within the call: started from a render's effects, it would otherwise
   * lengthen the task that drew that render.
   */
  startLater?: boolean;
}

/**
 * Steps `steps` to its end and hands its value to `done`; the returned
 * function cancels it (no step runs after it, and `done` is never called).
 * A step that throws is handed to `failed`.
 */
export function runInSlices<T>(
  steps: Generator<unknown, T, void>,
  done: (value: T) => void,
  failed: (error: unknown) => void,
  { budgetMs, now = () => performance.now(), wait = nextTask, startLater = false }: SliceOptions,
): () => void {
  let cancelled = false;
  const slice = () => {
    if (cancelled) return;
    const start = now();
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) {
          done(step.value);
          return;
        }
        if (now() - start >= budgetMs) break;
      }
    } catch (error) {
      failed(error);
      return;
    }
    void wait().then(slice);
  };
  if (startLater) void wait().then(slice);
  else slice();
  return () => {
    cancelled = true;
  };
}
