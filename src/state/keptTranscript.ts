/**
 * The transcript kept for a reload or a later visit: the user's own in
 * IndexedDB, a shared link's for its tab only (`sharedForTab.ts`), and each
 * read back checked before it is loaded.
 */
import { get, set as idbSet } from 'idb-keyval';
import { FORMATS, type FormatId } from '../formats/types';
import type { LoadSource } from '../worker/protocol';
import { forgetSharedForTab, keepSharedForTab, sharedForTab } from './sharedForTab';
import { useStoredNotices } from './stored';

const STORED_KEY = 'compaction-playground:transcript';
/** Written with every stored transcript; records without one are the first version's, same shape. */
const STORED_VERSION = 1;
/** Larger transcripts are not kept across reloads; IndexedDB quotas vary. */
const MAX_STORED_BYTES = 64 * 1024 * 1024;

interface StoredTranscript {
  v?: number;
  source: { kind: 'text'; text: string } | { kind: 'file'; file: Blob } | { kind: 'url'; url: string };
  sourceName: string;
  format?: FormatId;
}

export interface LoadRequest {
  source: LoadSource;
  sourceName: string;
  format?: FormatId;
  /**
   * Set for the transcript a share link or bundle carried, which arrives as
   * text, and for a built-in sample: neither chooses the strategy by its
   * agent (a link brings its own, a sample shows the default).
   */
  origin?: 'link' | 'sample';
}

export function sizeOf(source: LoadSource): number {
  if (source.kind === 'text') return source.text.length;
  if (source.kind === 'file') return source.file.size;
  return 0;
}

/**
 * Keeps the transcript for the next visit, as far as storage allows: where
 * IndexedDB is missing or refuses (some private windows throw at once), the
 * page simply starts from a sample next time. A link's transcript is a
 * stranger's: kept for this tab's reloads only, never in place of the user's own.
 */
export function remember(request: LoadRequest): void {
  if (request.origin === 'link') {
    if (request.source.kind === 'text') keepSharedForTab(request.sourceName, request.source.text);
    return;
  }
  forgetSharedForTab();
  if (sizeOf(request.source) > MAX_STORED_BYTES) return;
  const stored: StoredTranscript = {
    v: STORED_VERSION,
    source: request.source,
    sourceName: request.sourceName,
    format: request.format,
  };
  try {
    idbSet(STORED_KEY, stored).catch(() => {});
  } catch {
    // Not kept; nothing on the page depends on it.
  }
}

const FORMAT_IDS = new Set<string>(FORMATS.map((f) => f.id));

/**
 * The stored record as a load request, or why it cannot be one. A kept URL is
 * only ever a built-in sample of this page, so one pointing elsewhere is
 * refused rather than fetched.
 */
export function restoreStoredTranscript(stored: unknown, origin: string): LoadRequest | string {
  if (typeof stored !== 'object' || stored === null) return 'it is not a record';
  const record = stored as Record<string, unknown>;
  if (record.v !== undefined && record.v !== STORED_VERSION)
    return `it was written by another version (${String(record.v)})`;
  const source = record.source as Record<string, unknown> | null | undefined;
  if (typeof source !== 'object' || source === null) return 'it has no source';
  const sourceName = typeof record.sourceName === 'string' ? record.sourceName : 'last transcript';
  const format =
    typeof record.format === 'string' && FORMAT_IDS.has(record.format)
      ? (record.format as FormatId)
      : undefined;
  if (source.kind === 'text' && typeof source.text === 'string') {
    return { source: { kind: 'text', text: source.text }, sourceName, format };
  }
  if (source.kind === 'file' && typeof Blob !== 'undefined' && source.file instanceof Blob) {
    return { source: { kind: 'file', file: source.file }, sourceName, format };
  }
  if (source.kind === 'url' && typeof source.url === 'string') {
    let url: URL;
    try {
      url = new URL(source.url);
    } catch {
      return 'its address is not a URL';
    }
    if (url.origin !== origin) return 'its address is not on this page';
    return { source: { kind: 'url', url: url.href }, sourceName, format, origin: 'sample' };
  }
  return 'its source is of an unknown kind';
}

/** The user's own transcript of the previous visit; null with a notice when it cannot be read, without one when none was kept. */
async function ownStored(): Promise<LoadRequest | null | 'none'> {
  let stored: unknown;
  try {
    stored = await get<unknown>(STORED_KEY);
  } catch {
    return 'none';
  }
  if (stored === undefined) return 'none';
  const restored = restoreStoredTranscript(stored, location.origin);
  if (typeof restored !== 'string') return restored;
  useStoredNotices
    .getState()
    .add([
      `The transcript kept from your last visit could not be restored (${restored}); a sample is shown instead.`,
    ]);
  return null;
}

/** The transcript of the previous visit, if one was kept and can still be read. */
export async function storedTranscript(): Promise<LoadRequest | null> {
  const stored = await ownStored();
  return stored === 'none' ? null : stored;
}

/**
 * What this tab showed before it was reloaded: the shared transcript it
 * kept, marked as the link's again, else the user's own last transcript.
 * Null, with a notice saying why, when this browser keeps neither: the
 * address names a transcript only by its hash, so nothing else can bring it back.
 */
export async function transcriptForReload(): Promise<LoadRequest | null> {
  const shared = sharedForTab();
  if (shared && shared.text !== null) {
    const { sourceName, text } = shared;
    return { source: { kind: 'text', text }, sourceName, format: 'canonical', origin: 'link' };
  }
  const notice = shared
    ? `The shared transcript "${shared.sourceName}" was too large to keep for a reload of this tab; open its link again to see it. A sample is shown instead.`
    : 'The transcript this address names is not kept in this browser (its storage was cleared or refused), and the address carries only its hash; a sample is shown instead.';
  const own = shared ? 'none' : await ownStored();
  if (own === 'none') useStoredNotices.getState().add([notice]);
  return own === 'none' ? null : own;
}
