/**
 * The worker's side of `warm`: the tokenizer table the page kept in
 * IndexedDB is used only when it is the shipped table exactly (its digest,
 * see `core/encodingDigest.ts`); anything else (a changed pattern, a changed
 * rank, parts that do not hold together, an error while checking) is
 * refused, the packaged ranks are loaded instead, and the fresh table goes
 * back to the page to be kept in place of the refused one.
 */
import { tableFromParts, tableParts } from '../core/bpe';
import { SHIPPED_ENCODING_DIGESTS, encodingDigest } from '../core/encodingDigest';
import { loadEncoding, provideEncoding, type BpeEncoding, type BpeId } from '../core/tokenizer';
import type { StoredEncoding } from './protocol';

/** The kept table as an encoding when it is exactly the shipped one, else null; never throws. */
export async function keptEncoding(id: BpeId, stored: unknown): Promise<BpeEncoding | null> {
  try {
    if (typeof stored !== 'object' || stored === null) return null;
    const { pattern, parts } = stored as Partial<StoredEncoding>;
    if (typeof pattern !== 'string') return null;
    const table = tableFromParts(parts);
    if (!table) return null;
    return (await encodingDigest(pattern, table)) === SHIPPED_ENCODING_DIGESTS[id]
      ? { table, pattern }
      : null;
  } catch {
    return null;
  }
}

/**
 * Starts `id` from the kept table when it is the shipped one (answering
 * null: nothing new to keep), else from the packaged ranks, answering with
 * the built table for the page to keep.
 */
export async function warmEncoding(id: BpeId, stored: unknown): Promise<StoredEncoding | null> {
  const kept = stored === undefined ? null : await keptEncoding(id, stored);
  if (kept) {
    provideEncoding(id, kept);
    return null;
  }
  const encoding = await loadEncoding(id);
  return { pattern: encoding.pattern, parts: tableParts(encoding.table) };
}
