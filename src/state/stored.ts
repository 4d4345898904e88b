/**
 * Everything the page reads back from local storage and IndexedDB comes
 * through here. Stored values outlive the build that wrote them (two builds
 * of the app on one origin, a renamed setting, a half-written record, a
 * value edited by hand), so each record has a version and one `restore` that
 * repairs what it can and says what it changed; nothing read back can throw
 * or blank the page.
 */
import { clear as clearIdb } from 'idb-keyval';
import { discardPendingWrites } from './idbStorage';
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
    return {
      value: fallback,
      notices: [`${capitalize(record.label)} could not be read (not JSON); the defaults are used.`],
    };
  }
  return restoreEnvelope(record, parsed, fallback);
}

/** The same, for a value stored as a structured object (IndexedDB) rather than text. */
export function restoreEnvelope<T>(record: StoredRecord<T>, stored: unknown, fallback: T): Restored<T> {
  if (!isObject(stored) || !('state' in stored)) {
    return {
      value: fallback,
      notices: [`${capitalize(record.label)} had an unknown shape; the defaults are used.`],
    };
  }
  const version = typeof stored.version === 'number' ? stored.version : undefined;
  try {
    return record.restore(stored.state, version);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      value: fallback,
      notices: [`${capitalize(record.label)} could not be restored (${why}); the defaults are used.`],
    };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where a zustand store keeps its record: synchronous text or asynchronous values. */
export interface StorageArea {
  /** Text as it was written, or whatever another build left there. */
  getItem(name: string): unknown;
  setItem(name: string, value: string): void | Promise<void>;
  removeItem(name: string): void | Promise<void>;
}

/**
 * A zustand `persist` storage for `record` that never throws: reading goes
 * through the record's `restore` (notices land in `useStoredNotices`), and a
 * storage that refuses to read or write (private mode, a full quota) behaves
 * as empty. zustand then sees the current version only, so its own migrate
 * step is never needed.
 */
export function guardedStorage<T>(
  record: StoredRecord<T>,
  area: () => StorageArea,
  fallback: T,
): PersistStorage<T> {
  return {
    async getItem(key): Promise<StorageValue<T> | null> {
      let text: unknown;
      try {
        text = await area().getItem(key);
      } catch {
        return null;
      }
      const restored = restoreText(record, text, fallback);
      if (!restored) return null;
      useStoredNotices.getState().add(restored.notices);
      return { state: restored.value, version: record.version };
    },
    async setItem(key, value) {
      try {
        await area().setItem(key, JSON.stringify({ state: value.state, version: record.version }));
      } catch {
        // A full or refused storage only means the next visit starts from defaults.
      }
    },
    async removeItem(key) {
      try {
        await area().removeItem(key);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

/**
 * Forgets everything this app stored on this device: settings, provider
 * choices and remembered keys, the last transcript, the theme. For the
 * error screen's "reset stored data".
 */
export async function resetStoredData(): Promise<void> {
  discardPendingWrites();
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No local storage: nothing kept there.
  }
  try {
    await clearIdb();
  } catch {
    // No IndexedDB: nothing kept there.
  }
}
