/** IndexedDB as a text store, so large values do not hit local storage's limits. */
import { del, get, set } from 'idb-keyval';
import type { StorageArea } from './stored';

export const idbStorage: StorageArea = {
  getItem: (name) => get<unknown>(name),
  setItem: (name, value) => set(name, value),
  removeItem: (name) => del(name),
};
