/**
 * Everything the page reads back from local storage and IndexedDB comes
 * through here. Stored values outlive the build that wrote them (two builds
 * of the app on one origin, a renamed setting, a half-written record, a
 * value edited by hand), so each record has a version and one `restore` that
 * repairs what it can and says what it changed; nothing read back can throw
 * or blank the page.
 */
import { clear as clearIdb } from 'idb-keyval';
import { appendAll } from '../core/arrays';
import { startWrites, type WriteGate } from './deferredWrites';
import { stopWritesForReset } from './idbStorage';
import type { StorageArea } from './storageArea';
import { create } from 'zustand';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** Every key this app writes starts with this. */
export const STORAGE_PREFIX = 'compaction-playground:';

/** The storage key of a record. */
export function storageKey(record: StoredRecord<unknown>): string {
  return STORAGE_PREFIX + record.name;
}

/** A value read back from storage, and what had to be changed to use it. */
export interface Restored<T> {
  value: T;
  /** One sentence per repair, for the notice on the page. */
  notices: string[];
  /**
   * Nothing stored could be used: `value` is the fallback, and the stored
   * record is forgotten so that the next visit does not meet it again. Only
   * this record: the others are read, repaired or forgotten on their own.
   */
  discarded?: true;
}

/** How one stored record is written and read back. */
export interface StoredRecord<T> {
  /** The storage key, after the prefix. */
  name: string;
  /** Written with every value; `restore` gets the version it was written with. */
  version: number;
  /** What a person calls it in a notice: "the saved settings". */
  label: string;
  /**
   * Turns whatever was stored (any JSON, any version, or nothing usable) into
   * a valid value. Must not throw.
   */
  restore(data: unknown, version: number | undefined): Restored<T>;
}

interface StoredNoticeState {
  notices: string[];
  add(notices: readonly string[]): void;
  dismiss(): void;
}

/** Repairs made to stored values in this visit, until the user dismisses them. */
export const useStoredNotices = create<StoredNoticeState>()((set) => ({
  notices: [],
  add: (notices) => {
    if (notices.length) set((state) => ({ notices: [...state.notices, ...notices] }));
  },
  dismiss: () => set({ notices: [] }),
}));

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fallback in place of a record nothing could be used of, with the sentence that says so. */
function discarded<T>(fallback: T, notice: string): Restored<T> {
  return { value: fallback, notices: [notice], discarded: true };
}

/** The prototypes every object and array of the page reads through. */
const SHARED_PROTOTYPES: readonly object[] = [Object.prototype, Array.prototype];

/** Every own property of `proto` as it is now. */
function snapshot(proto: object): Map<PropertyKey, PropertyDescriptor> {
  return new Map(Reflect.ownKeys(proto).map((key) => [key, Reflect.getOwnPropertyDescriptor(proto, key)!]));
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set;

/**
 * Puts `proto` back as `before` had it, and names each property that was
 * added or changed.
 */
function putBack(proto: object, before: Map<PropertyKey, PropertyDescriptor>): string[] {
  const changed: string[] = [];
  for (const key of Reflect.ownKeys(proto)) {
    const was = before.get(key);
    const now = Reflect.getOwnPropertyDescriptor(proto, key)!;
    if (was && sameDescriptor(was, now)) continue;
    changed.push(String(key));
    if (was) Reflect.defineProperty(proto, key, was);
    else Reflect.deleteProperty(proto, key);
  }
  return changed;
}

/**
 * Runs `restore`, undoing anything it added to or changed in the shared
 * prototypes. A restore that assigns through a stored name (`map[name] = …`
 * on a plain object, with `__proto__` as the name) writes onto
 * `Object.prototype`: every object of the page then holds that field, and the
 * page stopped on every visit. Record restores use name maps so this cannot
 * happen; this is the guard for one that does not, so that it costs its own
 * record and nothing else.
 */
function withoutPollution<T>(restore: () => Restored<T>): { restored: Restored<T>; changed: string[] } {
  const before = SHARED_PROTOTYPES.map(snapshot);
  const changed: string[] = [];
  try {
    return { restored: restore(), changed };
  } finally {
    SHARED_PROTOTYPES.forEach((proto, i) => appendAll(changed, putBack(proto, before[i]!)));
  }
}

/**
 * Restores a stored record from its serialized text: unreadable JSON, a
 * missing envelope or a restore that throws all end in `fallback` with a
 * notice. Null when nothing was stored.
 */
export function restoreText<T>(record: StoredRecord<T>, text: unknown, fallback: T): Restored<T> | null {
  if (text === null || text === undefined) return null;
  // IndexedDB can hold a value that is not text at all (written by another build).
  if (typeof text !== 'string') return restoreEnvelope(record, text, fallback);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return discarded(
      fallback,
      `${capitalize(record.label)} could not be read (not JSON); the defaults are used.`,
    );
  }
  return restoreEnvelope(record, parsed, fallback);
}

/** The same, for a value stored as a structured object (IndexedDB) rather than text. */
export function restoreEnvelope<T>(record: StoredRecord<T>, stored: unknown, fallback: T): Restored<T> {
  if (!isObject(stored) || !Object.hasOwn(stored, 'state')) {
    return discarded(fallback, `${capitalize(record.label)} had an unknown shape; the defaults are used.`);
  }
  const version = typeof stored.version === 'number' ? stored.version : undefined;
  try {
    const { restored, changed } = withoutPollution(() => record.restore(stored.state, version));
    if (changed.length === 0) return restored;
    return discarded(
      fallback,
      `${capitalize(record.label)} changed what every object holds (${changed.join(', ').slice(0, 80)}) and was forgotten; the defaults are used.`,
    );
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return discarded(
      fallback,
      `${capitalize(record.label)} could not be restored (${why}); the defaults are used.`,
    );
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A zustand `persist` storage for `record` that never throws: reading goes
 * through the record's `restore` (notices land in `useStoredNotices`), and a
 * storage that refuses to read or write (private mode, a full quota) behaves
 * as empty. zustand then sees the current version only, so its own migrate
 * step is never needed. Its writes wait while the page starts (`gate`);
 * `storedNow` writes one past the wait.
 */
export function guardedStorage<T>(
  record: StoredRecord<T>,
  area: () => StorageArea,
  fallback: T,
  gate: WriteGate = startWrites,
): PersistStorage<T> {
  /** Each record's text as it was read or last written. */
  const written = new Map<string, string>();
  const storage: PersistStorage<T> = {
    async getItem(key): Promise<StorageValue<T> | null> {
      let text: unknown;
      try {
        text = await area().getItem(key);
      } catch {
        return null;
      }
      if (typeof text === 'string') written.set(key, text);
      else written.delete(key);
      const restored = restoreText(record, text, fallback);
      if (!restored) return null;
      useStoredNotices.getState().add(restored.notices);
      if (restored.discarded) {
        written.delete(key);
        await forget(area, key);
      }
      return { state: restored.value, version: record.version };
    },
    setItem(key, value) {
      const text = JSON.stringify({ state: value.state, version: record.version });
      // The record as it was read or last written: nothing to write (a store set on start changes nothing stored).
      if (written.get(key) === text) return;
      written.set(key, text);
      gate.run(`${record.name}:${key}`, () => {
        try {
          void Promise.resolve(area().setItem(key, text)).catch(() => undefined);
        } catch {
          // A full or refused storage only means the next visit starts from defaults.
        }
      });
    },
    removeItem: (key) => {
      written.delete(key);
      return forget(area, key);
    },
  };
  writeNow.set(storage, async (key) => {
    const text = written.get(key);
    // Neither read nor written in this visit: storage holds what the store holds (nothing).
    if (text === undefined) return true;
    try {
      const store = area();
      await (store.setItemNow ? store.setItemNow(key, text) : store.setItem(key, text));
      return true;
    } catch {
      return false;
    }
  });
  return storage;
}

/** How each `guardedStorage` writes a record's newest text at once. */
const writeNow = new WeakMap<object, (key: string) => Promise<boolean>>();

/** A zustand store persisted with `persist`: its options name the key and the storage. */
interface PersistedStore {
  persist: { getOptions(): { name?: string; storage?: object } };
}

/**
 * Writes `store`'s record now, past the start's wait and any throttle, and
 * resolves once it is in storage: true, or false when the storage refused
 * it. What the page announces as remembered or saved awaits this first, so
 * a reload right after the announcement finds it (a write left to the
 * `pagehide` flush can lose that race: IndexedDB is asynchronous and the
 * page does not wait for it). A later write of the same record that is
 * still waiting writes the same text or a newer one.
 */
export function storedNow(store: PersistedStore): Promise<boolean> {
  const { name, storage } = store.persist.getOptions();
  const write = storage && writeNow.get(storage);
  if (!name || !write)
    throw new Error(`storedNow: ${name ?? 'the store'} is not persisted through guardedStorage`);
  return write(name);
}

/** Removes one record, whatever the storage says: a refused removal leaves the record to the next visit's restore. */
async function forget(area: () => StorageArea, key: string): Promise<void> {
  try {
    await area().removeItem(key);
  } catch {
    // Nothing to remove, or no storage.
  }
}

/**
 * Forgets everything this app stored on this device: settings, provider
 * choices and remembered keys, the last transcript, the theme, and what
 * this tab kept of a shared link. For the error screen's "reset stored
 * data": nothing is stored again until the page reloads, which the caller
 * does next.
 */
export async function resetStoredData(): Promise<void> {
  stopWritesForReset();
  startWrites.drop();
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No local storage: nothing kept there.
  }
  try {
    // The tab's own records: a shared link's transcript kept for its reloads among them.
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No session storage: nothing kept there.
  }
  try {
    await clearIdb();
  } catch {
    // No IndexedDB: nothing kept there.
  }
}
