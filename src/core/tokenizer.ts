/**
 * String token counters. BPE ranks are large (o200k is 2.3 MB), so they are
 * imported lazily and each encoding is built once per process or worker.
 */
import { O200K_PATTERN, isAscii, o200kPieceEnd } from './asciiSplit';
import { countPieceTokens, type BpeTable } from './bpe';
import { parseBpeRanks } from './bpeRanks';
import { MISSING, PieceCache, hashRange } from './pieceCache';

/** The counters a setting can choose: two BPE encodings and pi's four-characters rule. */
export type TokenizerId = 'o200k_base' | 'cl100k_base' | 'chars4';
export const TOKENIZERS: readonly TokenizerId[] = ['o200k_base', 'cl100k_base', 'chars4'];

/** Counts the tokens of one string. */
export type TextCounter = (text: string) => number;

/** pi's conservative heuristic: a token per four UTF-16 code units, rounded up. */
export const countChars4: TextCounter = (text) => Math.ceil(text.length / 4);

const loading = new Map<TokenizerId, Promise<TextCounter>>();

/**
 * Distinct pieces remembered per counter (10 MB of real code and docs has
 * 50,000); a full cache keeps the pieces that recur and drops the rest.
 */
const MAX_CACHED_PIECES = 200_000;

/**
 * Longer pieces are counted every time, never remembered. Pieces that repeat
 * are words, identifiers, numbers and short punctuation runs; a long one is a
 * one-off (a run of 200,000 `a` is a single piece) that would hold its whole
 * text in the cache for the life of the worker, and the heap merge counts it
 * again in linear-logarithmic time anyway.
 */
const MAX_CACHED_PIECE_LENGTH = 64;

/** The contraction group as the encodings publish it: capturing, twenty alternatives. */
const CONTRACTIONS_AS_PUBLISHED = "('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)";
/**
 * The same strings, non-capturing and factored: no alternative is a prefix of
 * another, so a match picks the same text either way, and V8 no longer records
 * a capture for every word: splitting real text took 10–25% less time.
 */
const CONTRACTIONS = "(?:'(?:[sStTmMdD]|[rR][eE]|[vV][eE]|[lL][lL]))";

/** An encoding's split pattern in the form V8 runs fastest, matching exactly the same pieces. */
export function splitPattern(patStr: string): string {
  return patStr.split(CONTRACTIONS_AS_PUBLISHED).join(CONTRACTIONS);
}

/**
 * BPE works piece by piece: the encoding's pattern splits text into words,
 * numbers, punctuation runs and whitespace, and each piece is merged on its
 * own. Agent transcripts repeat the same pieces endlessly (keywords, paths,
 * JSON keys), so counting each distinct piece once and remembering it gives
 * exactly the encoder's count at a fraction of the work.
 *
 * The pattern itself is safe on long runs: V8 splits 200,000 repeats of any
 * character class (letters of each case, digits, spaces, newlines,
 * punctuation, CJK, emoji, combining marks) and of their pairs in linear
 * time, a few milliseconds each, so it is used as the encodings define it.
 */
export function pieceCachedCounter(patStr: string, encodePiece: (piece: string) => number): TextCounter {
  const pattern = new RegExp(splitPattern(patStr), 'gu');
  const cache = new PieceCache(MAX_CACHED_PIECES);
  const scan = patStr === O200K_PATTERN;
  const countPiece = (text: string, from: number, to: number): number => {
    if (to - from > MAX_CACHED_PIECE_LENGTH) return encodePiece(text.slice(from, to));
    const hash = hashRange(text, from, to);
    let count = cache.get(text, from, to, hash);
    if (count === MISSING) {
      const piece = text.slice(from, to);
      count = encodePiece(piece);
      cache.set(piece, hash, count);
    }
    return count;
  };
  return (text) => {
    let total = 0;
    if (scan && isAscii(text)) {
      for (let at = 0; at < text.length;) {
        const end = o200kPieceEnd(text, at);
        total += countPiece(text, at, end);
        at = end;
      }
      return total;
    }
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      total += countPiece(text, match.index, match.index + match[0].length);
    }
    return total;
  };
}

/** An encoding's merge table and the pattern that splits text into pieces. */
export interface BpeEncoding {
  readonly table: BpeTable;
  readonly pattern: string;
}

const encodings = new Map<BpeId, Promise<BpeEncoding>>();

export type BpeId = Exclude<TokenizerId, 'chars4'>;

/**
 * The encoding built from js-tiktoken's packaged ranks. Only the ranks data
 * comes from js-tiktoken: its encoder is quadratic in a piece's length (see
 * bpe.ts), and building it costs more than our table.
 */
export async function packagedEncoding(id: BpeId): Promise<BpeEncoding> {
  const { default: ranks } = await (id === 'o200k_base'
    ? import('js-tiktoken/ranks/o200k_base')
    : import('js-tiktoken/ranks/cl100k_base'));
  return { table: parseBpeRanks(ranks.bpe_ranks), pattern: ranks.pat_str };
}

/**
 * Hands in an encoding a host already has in a faster form than the packaged
 * ranks (the page keeps built tables in IndexedDB); ignored once one is loaded
 * or loading.
 */
export function provideEncoding(id: BpeId, encoding: BpeEncoding): void {
  if (!encodings.has(id)) encodings.set(id, Promise.resolve(encoding));
}

/** Where an encoding comes from when none was provided. */
let encodingSource: (id: BpeId) => Promise<BpeEncoding> = packagedEncoding;

/**
 * Makes encodings load from `source` instead of js-tiktoken's packaged
 * ranks: the page's workers download the same ranks as a rank file
 * (`rankFile.ts`), far quicker to read than the 2.3 MB module.
 */
export function setEncodingSource(source: (id: BpeId) => Promise<BpeEncoding>): void {
  encodingSource = source;
}

/** Resolves to the encoding `id`, loading it on first use. */
export function loadEncoding(id: BpeId): Promise<BpeEncoding> {
  let pending = encodings.get(id);
  if (!pending) {
    pending = encodingSource(id);
    encodings.set(id, pending);
    pending.catch(() => encodings.delete(id));
  }
  return pending;
}

async function loadBpe(id: BpeId): Promise<TextCounter> {
  const { table, pattern } = await loadEncoding(id);
  // Text like `<|endoftext|>` in a transcript counts as the text it is.
  return pieceCachedCounter(pattern, (piece) => countPieceTokens(table, piece));
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
