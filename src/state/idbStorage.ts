/** IndexedDB as a text store, so large values do not hit local storage's limits. */
import { del, get, set } from 'idb-keyval';
import type { StorageArea } from './storageArea';

/**
 * How often, at most, a value that keeps changing is written. A drag of the
 * keep-recent handle changes the settings at every frame, and an IndexedDB
 * transaction per frame cost about 0.9 ms of each 16.7 ms frame.
 */
const WRITE_EVERY_MS = 250;

export interface ThrottledWrites {
  /** Writes `value` now when `name` was not written within the interval, else once the interval ends. */
  write(name: string, value: string): Promise<void>;
  /**
   * Writes `value` now, in place of any waiting for `name`, and resolves once
   * it is stored: for a write the page announces ("remembered").
   */
  writeNow(name: string, value: string): Promise<void>;
  /** Writes what is waiting now (the page is going away). */
  flush(): void;
  /** Forgets what is waiting for `name`, or for every name. */
  discard(name?: string): void;
  /** Forgets everything waiting and writes nothing from now on: the stored data is being reset before a reload. */
  stop(): void;
}

/**
 * Writes through `store`, at most once per `everyMs` for each name: the
 * first change of a burst is written at once, the last one when the interval
 * ends, and those in between never (each would be overwritten anyway).
 */
export function throttledWrites(
  store: (name: string, value: string) => Promise<void>,
  everyMs: number,
  now: () => number = () => performance.now(),
): ThrottledWrites {
  const lastWrite = new Map<string, number>();
  let stopped = false;
  const waiting = new Map<string, { value: string; timer: ReturnType<typeof setTimeout> }>();
  const writeNow = async (name: string, value: string) => {
    lastWrite.set(name, now());
    // Async, so a store that throws at once (no IndexedDB at all) rejects like one that fails later.
    return store(name, value);
  };
  const takeWaiting = (name: string) => {
    const entry = waiting.get(name);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    waiting.delete(name);
    return entry.value;
  };
  const writeWaiting = (name: string) => {
    const latest = takeWaiting(name);
    if (latest !== undefined) void writeNow(name, latest).catch(() => undefined);
  };
  return {
    write(name, value) {
      if (stopped) return Promise.resolve();
      const since = now() - (lastWrite.get(name) ?? -Infinity);
      if (!waiting.has(name) && since >= everyMs) return writeNow(name, value);
      const entry = waiting.get(name);
      if (entry) {
        entry.value = value;
        return Promise.resolve();
      }
      const timer = setTimeout(() => writeWaiting(name), Math.max(0, everyMs - since));
      waiting.set(name, { value, timer });
      return Promise.resolve();
    },
    writeNow(name, value) {
      if (stopped) return Promise.resolve();
      takeWaiting(name);
      return writeNow(name, value);
    },
    flush() {
      for (const name of [...waiting.keys()]) writeWaiting(name);
    },
    discard(name) {
      for (const key of name === undefined ? [...waiting.keys()] : [name]) takeWaiting(key);
    },
    stop() {
      stopped = true;
      for (const key of [...waiting.keys()]) takeWaiting(key);
    },
  };
}

const writes = throttledWrites((name, value) => set(name, value), WRITE_EVERY_MS);
// A value still waiting when the page goes away (a reload right after a drag) is written then.
globalThis.addEventListener?.('pagehide', () => writes.flush());

/**
 * Forgets every write still waiting and refuses later ones until the page
 * reloads, so a reset is not undone by a store that changes meanwhile (a
 * worker's answer arriving between the clearing and the reload).
 */
export const stopWritesForReset = (): void => writes.stop();

export const idbStorage: StorageArea = {
  getItem: (name) => get<unknown>(name),
  setItem: (name, value) => writes.write(name, value),
  // idb-keyval's `set` resolves when its transaction completes: the value is then on disk for the next visit.
  setItemNow: (name, value) => writes.writeNow(name, value),
  removeItem: (name) => {
    writes.discard(name);
    return del(name);
  },
};
