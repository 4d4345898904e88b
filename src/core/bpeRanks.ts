/**
 * js-tiktoken's packaged ranks read into the BPE table (`bpe.ts`). Node reads
 * them this way; the page's workers read the same ranks as a rank file
 * (`rankFile.ts`).
 */
import { tableFromTokens, type BpeTable } from './bpe';

/** Each base64 character's six bits, by char code; -1 for the rest. */
const BASE64_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i;
  return values;
})();

const EQUALS = 0x3d;

/**
 * Decodes the base64 text `text[from, to)` into `into` at `at`, returning
 * where the bytes end. Padding ends a token; any other character that is not
 * base64 is refused, as `atob` refuses it.
 */
function decodeBase64(text: string, from: number, to: number, into: Uint8Array, at: number): number {
  let bits = 0;
  let held = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === EQUALS) break;
    const value = code < 128 ? (BASE64_VALUES[code] as number) : -1;
    if (value < 0) throw new Error(`The tokenizer ranks hold a character that is not base64 at ${i}`);
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      into[at++] = (bits >> held) & 0xff;
    }
  }
  return at;
}

/**
 * Reads the `bpe_ranks` text of a js-tiktoken ranks module. Each line is
 * `<prefix> <offset> <token> <token> …` with base64 tokens ranked offset,
 * offset + 1, …; the prefix is only a compression aid and is ignored, as
 * js-tiktoken ignores it. The tokens are decoded straight into one byte
 * array, in place: no string per token, no `split` of the 2 MB text (what
 * js-tiktoken builds besides, a `join(',')` key per token and a reverse map,
 * only its decoder needs).
 */
export function parseBpeRanks(bpeRanks: string): BpeTable {
  // Base64 holds three bytes in four characters, so this bounds the bytes.
  const bytes = new Uint8Array(Math.ceil((bpeRanks.length * 3) / 4));
  const starts: number[] = [];
  const ranks: number[] = [];
  let at = 0;
  for (let line = 0; line < bpeRanks.length;) {
    let end = bpeRanks.indexOf('\n', line);
    if (end < 0) end = bpeRanks.length;
    const prefixEnd = bpeRanks.indexOf(' ', line);
    if (prefixEnd >= 0 && prefixEnd < end) {
      let offsetEnd = bpeRanks.indexOf(' ', prefixEnd + 1);
      if (offsetEnd < 0 || offsetEnd > end) offsetEnd = end;
      let rank = Number.parseInt(bpeRanks.slice(prefixEnd + 1, offsetEnd), 10);
      for (let token = offsetEnd + 1; token <= end && offsetEnd < end;) {
        let tokenEnd = bpeRanks.indexOf(' ', token);
        if (tokenEnd < 0 || tokenEnd > end) tokenEnd = end;
        starts.push(at);
        ranks.push(rank++);
        at = decodeBase64(bpeRanks, token, tokenEnd, bytes, at);
        token = tokenEnd + 1;
      }
    }
    line = end + 1;
  }
  starts.push(at);
  return tableFromTokens(bytes.slice(0, at), Int32Array.from(starts), Int32Array.from(ranks));
}
