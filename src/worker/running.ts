/**
 * The requests that can be cancelled, by id. Cancel arrives as a request of
 * its own while the one it names is still running, so each long request
 * registers its abort signal here for exactly as long as it runs.
 */
export class Running {
  private readonly controllers = new Map<number, AbortController>();

  /** Runs `task` with a signal that `cancel(id)` aborts while it runs. */
  async run<T>(id: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    try {
      return await task(controller.signal);
    } finally {
      this.controllers.delete(id);
    }
  }

  /** Aborts the request `id`; a request that has finished, or never ran, is left alone. */
  cancel(id: number): void {
    this.controllers.get(id)?.abort();
  }

  /** How many requests can be cancelled now. */
  get size(): number {
    return this.controllers.size;
  }
}
