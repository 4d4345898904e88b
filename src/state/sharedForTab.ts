/** The transcript a shared link or bundle brought, kept for reloads of the tab that opened it and nowhere else. */
import { restoreText, storageKey, useStoredNotices, type Restored, type StoredRecord } from './stored';

/**
 * A link's transcript as kept for its tab: its name and canonical text, or
 * no text when it was too large for the tab's storage (a reload then says so).
 */
export interface SharedTabTranscript {
  sourceName: string;
  text: string | null;
}

/**
 * Session storage holds about five million characters per site in Chromium,
 * shared by every key; a transcript past this is not kept, rather than
 * crowding out the page's other records of the tab.
 */
export const MAX_TAB_TRANSCRIPT_CHARS = 2_000_000;

export const SHARED_TAB_RECORD: StoredRecord<SharedTabTranscript | null> = {
  name: 'shared-transcript',
  version: 1,
  label: "this tab's shared transcript",
  restore(data): Restored<SharedTabTranscript | null> {
    const record = data as Partial<Record<keyof SharedTabTranscript, unknown>> | null;
    if (typeof record !== 'object' || record === null || typeof record.sourceName !== 'string')
      return {
        value: null,
        notices: ["This tab's shared transcript had no name and was forgotten."],
        discarded: true,
      };
    if (record.text !== null && typeof record.text !== 'string')
      return {
        value: null,
        notices: ["This tab's shared transcript was not text and was forgotten."],
        discarded: true,
      };
    return { value: { sourceName: record.sourceName, text: record.text }, notices: [] };
  },
};

const KEY = storageKey(SHARED_TAB_RECORD);

function write(value: SharedTabTranscript): boolean {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ state: value, version: SHARED_TAB_RECORD.version }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a link's transcript for this tab's reloads. Session storage ends
 * with the tab, so the stranger's transcript never reaches another tab or a
 * later visit, and the user's own last transcript (IndexedDB) is left as it was.
 */
export function keepSharedForTab(sourceName: string, text: string): void {
  if (text.length <= MAX_TAB_TRANSCRIPT_CHARS && write({ sourceName, text })) return;
  // Too large, or refused: the name alone, so a reload can say what it could not bring back.
  if (!write({ sourceName, text: null })) forgetSharedForTab();
}

/** The tab shows the user's own transcript now (or the link's was kept as the user's own). */
export function forgetSharedForTab(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // No session storage: nothing was kept.
  }
}

/** What this tab kept of a link's transcript, or null when it shows the user's own. */
export function sharedForTab(): SharedTabTranscript | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  const restored = restoreText(SHARED_TAB_RECORD, text, null);
  if (!restored) return null;
  useStoredNotices.getState().add(restored.notices);
  if (restored.discarded) forgetSharedForTab();
  return restored.value;
}
