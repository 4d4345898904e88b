/**
 * What a tokenizer table kept between visits must be: the shipped one,
 * exactly. The page keeps built tables in IndexedDB, which any script of the
 * origin (or a person in the developer tools) can rewrite. A kept table that
 * only holds together (`tableFromParts`) can still be wrong: a changed split
 * pattern turned a transcript of 130,834 tokens into 389,068, silently, and a
 * pattern that is not a valid expression failed every load. So a kept table
 * is used only when its digest equals the shipped table's, which the
 * packaged ranks alone determine; `SHIPPED_ENCODING_DIGESTS` holds those,
 * and a test builds the tables from the packaged ranks and checks them.
 */
import type { BpeTable } from './bpe';
import type { BpeId } from './tokenizer';

/**
 * SHA-256 of each encoding's table as `parseBpeRanks` builds it from
 * js-tiktoken's packaged ranks, with its split pattern. Another version of
 * the ranks changes them; `encodingDigest.test.ts` then says what to write here.
 */
export const SHIPPED_ENCODING_DIGESTS: Readonly<Record<BpeId, string>> = {
  o200k_base: 'afce13bda7d0fdb28f250a61ce97d7b3dd21aa6e1154c689e2609615694ffed5',
  cl100k_base: '89dbbc9c0476f7739d594282104499ca873adbb3d0679bbb37875078ba601038',
};

const utf8 = new TextEncoder();

/** A view's bytes as digests take them: in place, or copied when they live in shared memory. */
function bytesOf(view: ArrayBufferView): Uint8Array<ArrayBuffer> {
  if (view.buffer instanceof ArrayBuffer)
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const copy = new Uint8Array(view.byteLength);
  copy.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return copy;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The digest of an encoding: the pattern, the two sizes and every array of
 * the table, each part digested on its own (so nothing megabytes long is
 * copied) and the part digests together, in a fixed order. Typed arrays are
 * read as their bytes in the platform's order, little-endian wherever the
 * page and Node run.
 */
export async function encodingDigest(pattern: string, table: BpeTable): Promise<string> {
  const parts: ArrayBufferView[] = [
    utf8.encode(pattern),
    utf8.encode(`${table.size} ${table.maxTokenBytes}`),
    table.twoByteRanks,
    table.tokenBytes,
    table.tokenStart,
    table.tokenRank,
    table.slots,
  ];
  const digests = await Promise.all(parts.map((part) => crypto.subtle.digest('SHA-256', bytesOf(part))));
  return hex(await crypto.subtle.digest('SHA-256', utf8.encode(digests.map(hex).join(' '))));
}
