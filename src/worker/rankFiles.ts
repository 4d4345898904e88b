/**
 * The workers load a tokenizer's ranks as its rank file, made at build time
 * from the packaged ranks (`scripts/rankFilesPlugin.ts`): a download and a
 * pass over typed arrays, where the packaged module is 2.3 MB of JavaScript
 * to fetch, compile and decode from base64. The table is the same, so the
 * counts are too.
 */
import cl100kFile from 'virtual:rank-file/cl100k_base';
import o200kFile from 'virtual:rank-file/o200k_base';
import { decodeRankFile } from '../core/rankFile';
import { setEncodingSource, type BpeEncoding, type BpeId } from '../core/tokenizer';

const FILES: Record<BpeId, string> = { o200k_base: o200kFile, cl100k_base: cl100kFile };

/** Downloads and reads `id`'s rank file; a failed download says which tokenizer and why. */
export async function fetchedEncoding(id: BpeId): Promise<BpeEncoding> {
  const response = await fetch(FILES[id]);
  if (!response.ok)
    throw new Error(`The ${id} tokenizer could not be downloaded (HTTP ${response.status} for ${FILES[id]})`);
  return decodeRankFile(new Uint8Array(await response.arrayBuffer()), `${id}.bpe`);
}

/** From here on this worker reads rank files. */
export function loadFromRankFiles(): void {
  setEncodingSource(fetchedEncoding);
}
