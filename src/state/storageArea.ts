/**
 * Where a zustand store keeps its record: local storage (synchronous text) or
 * IndexedDB (`idbStorage.ts`, asynchronous values). Its own file because the
 * restore that reads every record (`stored.ts`) and the IndexedDB area both
 * need it, and the restore also imports the area.
 */
export interface StorageArea {
  /** Text as it was written, or whatever another build left there. */
  getItem(name: string): unknown;
  setItem(name: string, value: string): void | Promise<void>;
  /**
   * Writes at once, past any throttle, resolving once the value is stored.
   * Absent where `setItem` already stores before it returns (local storage).
   */
  setItemNow?(name: string, value: string): Promise<void>;
  removeItem(name: string): void | Promise<void>;
}
