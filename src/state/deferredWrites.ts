/**
 * Writes of stored records held back while the page starts. A store that
 * sets its state as the page starts would otherwise write local storage
 * synchronously on the start's critical path (one such write held the main
 * thread 442 ms on a loaded machine): what is written before the page has
 * painted and gone idle once waits for that idle moment, the newest text of
 * each record only; later writes go straight through. A page hidden or left
 * before then writes what waits at once, but IndexedDB does not finish a write
 * begun as the page goes away: a write the page announces ("remembered") does
 * not wait here, it is stored first (`storedNow` in `stored.ts`).
 */

type Write = () => void;

export interface WriteGate {
  /** Runs `write` now, or once the start is over; a later write of the same `key` replaces a waiting one. */
  run(key: string, write: Write): void;
  /** Forgets the writes still waiting (the stored data is being reset). */
  drop(): void;
  /** Whether writes still wait for the start to end. */
  readonly holding: boolean;
}

/**
 * A gate that holds writes until `afterStart` calls back. `afterStart` is
 * null where there is nothing to wait for (no window: tests, workers), and
 * writes run at once.
 */
export function createWriteGate(afterStart: ((done: () => void) => void) | null): WriteGate {
  const waiting = new Map<string, Write>();
  let holding = afterStart !== null;
  const flush = () => {
    holding = false;
    const writes = [...waiting.values()];
    waiting.clear();
    for (const write of writes) write();
  };
  if (afterStart) {
    afterStart(flush);
    if (typeof addEventListener === 'function') addEventListener('pagehide', flush, { once: true });
  }
  return {
    run(key, write) {
      if (!holding) return write();
      waiting.set(key, write);
    },
    drop: () => waiting.clear(),
    get holding() {
      return holding;
    },
  };
}

/** After the first frame is painted, at the browser's next idle moment (within 2 s at most). */
function browserAfterStart(done: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 2000 });
      else done();
    }, 0),
  );
}

/** The page's gate: held in a browser tab until after its first paint, open elsewhere. */
export const startWrites: WriteGate = createWriteGate(
  typeof window !== 'undefined' && typeof requestAnimationFrame === 'function' ? browserAfterStart : null,
);
