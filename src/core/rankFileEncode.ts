/**
 * Writes a rank file (the layout is in `rankFile.ts`) from the `bpe_ranks`
 * text of a js-tiktoken ranks module: each line `<prefix> <offset> <token> …`
 * with base64 tokens ranked offset, offset + 1, … (the prefix is a
 * compression aid, ignored as js-tiktoken ignores it). Imports nothing, so
 * the build's plugin (`scripts/rankFilesPlugin.ts`) can run it as it is.
 */

export const MAGIC = 'BPE1';
const MAX_TOKEN_BYTES = 255;

/** A rank file that is not one, or ranks that cannot make one: what is wrong, and where. */
export class RankFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RankFileError';
  }
}

/** The rank file of these ranks with their split pattern. Refuses a token longer than a length byte can say. */
export function encodeRankFile(bpeRanks: string, pattern: string): Uint8Array {
  const runs: [number, number][] = [];
  const tokens: string[] = [];
  let tokenBytes = 0;
  for (const line of bpeRanks.split('\n')) {
    if (line.length === 0) continue;
    const [, offset, ...encoded] = line.split(' ');
    const first = Number.parseInt(offset ?? '', 10);
    if (!Number.isInteger(first) || first < 0)
      throw new RankFileError(`The ranks line "${line.slice(0, 40)}" has no rank after its prefix`);
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === first) last[1] += encoded.length;
    else runs.push([first, encoded.length]);
    for (const token of encoded) {
      const bytes = atob(token);
      if (bytes.length < 1 || bytes.length > MAX_TOKEN_BYTES)
        throw new RankFileError(
          `Token ${tokens.length} is ${bytes.length} bytes long; a rank file holds tokens of 1–255 bytes`,
        );
      tokens.push(bytes);
      tokenBytes += bytes.length;
    }
  }
  const patternBytes = new TextEncoder().encode(pattern);
  const head = 4 + 4 + patternBytes.length + 4 + runs.length * 8;
  const out = new Uint8Array(head + tokens.length + tokenBytes);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, patternBytes.length, true);
  out.set(patternBytes, 8);
  let at = 8 + patternBytes.length;
  view.setUint32(at, runs.length, true);
  at += 4;
  for (const [first, count] of runs) {
    view.setUint32(at, first, true);
    view.setUint32(at + 4, count, true);
    at += 8;
  }
  for (const token of tokens) out[at++] = token.length;
  for (const token of tokens) for (let i = 0; i < token.length; i++) out[at++] = token.charCodeAt(i);
  return out;
}
