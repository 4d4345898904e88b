/**
 * Tokenizer tables kept between visits. Building o200k's table means
 * downloading and compiling its 2.3 MB ranks module and decoding 200,000
 * base64 tokens into a hash table; the built table is a handful of typed
 * arrays that IndexedDB hands back as they were (in a fresh Node process the
 * same table read from a file was ready in 9 ms, against 100–450 ms from the
 * packaged ranks). The worker uses what it is given only when it is the
 * shipped table exactly (`worker/warm.ts`) and, when it had to build the
 * table itself, answers with it to be kept in place of what was there.
 */
import { del, get, set } from 'idb-keyval';
import type { TokenizerId } from '../core/tokenizer';
import { workerClient } from '../worker/client';
import type { StoredEncoding } from '../worker/protocol';

/** Bump when the stored layout of a table changes. The encodings' ranks themselves never do. */
const key = (tokenizer: TokenizerId) => `tokenizer-table:${tokenizer}:1`;

/** Starts loading `tokenizer` in the worker now, from the kept table when there is one. */
export async function warmTokenizer(tokenizer: TokenizerId): Promise<void> {
  if (tokenizer === 'chars4') return;
  let stored: StoredEncoding | undefined;
  try {
    stored = await get<StoredEncoding>(key(tokenizer));
  } catch {
    // No IndexedDB (a private window, a blocked store): the worker builds the table.
  }
  try {
    const built = await workerClient.request('warm', { tokenizer, ...(stored ? { stored } : {}) }).result;
    if (built) await set(key(tokenizer), built);
  } catch {
    // Warming is only a head start: a load builds the table anyway. What was
    // kept is dropped, whatever failed, so the next visit starts from the shipped ranks.
    await forget(tokenizer);
  }
}

async function forget(tokenizer: TokenizerId): Promise<void> {
  try {
    await del(key(tokenizer));
  } catch {
    // No IndexedDB: nothing was kept.
  }
}
