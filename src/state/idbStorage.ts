/** zustand's persist storage over IndexedDB, so large values do not hit localStorage's limits. */
import { del, get, set } from 'idb-keyval';
import { createJSONStorage } from 'zustand/middleware';

export const idbStorage = createJSONStorage(() => ({
  getItem: async (name: string) => (await get<string>(name)) ?? null,
  setItem: (name: string, value: string) => set(name, value),
  removeItem: (name: string) => del(name),
}));
