/**
 * String token counters. BPE ranks are large (o200k is 2.3 MB), so they are
 * imported lazily and each encoding is built once per process or worker.
 */
import type { TokenizerId } from './settings';

/** Counts the tokens of one string. */
export type TextCounter = (text: string) => number;

/** pi's conservative heuristic: a token per four UTF-16 code units, rounded up. */
export const countChars4: TextCounter = (text) => Math.ceil(text.length / 4);

const loading = new Map<TokenizerId, Promise<TextCounter>>();

async function loadBpe(id: 'o200k_base' | 'cl100k_base'): Promise<TextCounter> {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import('js-tiktoken/lite'),
    id === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base'),
  ]);
  const encoding = new Tiktoken(ranks.default);
  // Transcripts about tokenizers contain text like `<|endoftext|>`; with the
  // default arguments that throws. Empty allowed and disallowed lists count it
  // as the ordinary text it is.
  return (text) => (text.length === 0 ? 0 : encoding.encode(text, [], []).length);
}

/** Resolves to the counter for `id`, loading its ranks on first use. */
export function loadTokenizer(id: TokenizerId): Promise<TextCounter> {
  if (id === 'chars4') return Promise.resolve(countChars4);
  let pending = loading.get(id);
  if (!pending) {
    pending = loadBpe(id);
    loading.set(id, pending);
    pending.catch(() => loading.delete(id));
  }
  return pending;
}
