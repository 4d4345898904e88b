/**
 * A session found by the walk, read into its row: the bytes streamed and
 * counted, decoded strictly (a file that is not UTF-8 is a row with that
 * error, not a row of replacement characters), and dropped once the row is
 * made. The platform gives the bytes (`SessionReader`): files on disk in the
 * command line, `File`s and directory handles in the page's workers.
 */
import type { Estimator } from '../core/estimate';
import { utf8Chunks } from '../formats/utf8';
import type { SessionPlace } from './layout';
import { assembleOpenCode } from './opencodeStorage';
import { failedRow, sessionRow, type RowInput, type RowResult } from './row';
import type { SessionReader } from './sessionReader';
import { reasonOf } from './walk';

export interface FoundSession {
  path: string;
  place: SessionPlace;
  /**
   * The file's size when the walk knows it: a file over the import limit is
   * refused before a byte is read, and its row says its real size.
   */
  size?: number | null;
}

export interface ReadOptions {
  estimator: () => Promise<Estimator>;
  signal?: AbortSignal;
  /** Bytes read so far, as they are read, for progress. */
  onBytes?: (bytes: number) => void;
  /** Hears the imported session (`RowInput.onImported`). */
  onImported?: RowInput['onImported'];
}

/**
 * The text of a found session, as the importer reads it: the file decoded,
 * or OpenCode's storage joined into its export. `bytes` reads one file
 * (the reader's own, or one that counts what it reads).
 */
export function sessionText(
  reader: SessionReader,
  found: FoundSession,
  bytes: (path: string) => AsyncIterable<Uint8Array> = (path) => reader.bytes(path),
): AsyncIterable<string> {
  return found.place.layout === 'opencode-storage'
    ? assembleOpenCode(reader, found.path, bytes)
    : utf8Chunks(bytes(found.path), found.path);
}

export async function readSession(
  reader: SessionReader,
  found: FoundSession,
  options: ReadOptions,
): Promise<RowResult> {
  let bytes = 0;
  // In an object: TypeScript does not see the generator below set a plain local.
  const read: { failure: unknown } = { failure: null };
  const counted = async function* (source: AsyncIterable<Uint8Array>) {
    try {
      for await (const chunk of source) {
        bytes += chunk.length;
        options.onBytes?.(chunk.length);
        yield chunk;
      }
    } catch (error) {
      read.failure = error;
      throw error;
    }
  };
  const source = sessionText(reader, found, (path) => counted(reader.bytes(path)));
  // OpenCode's session is many files: the size of the one found is not the session's.
  const size = found.place.layout === 'opencode-storage' ? null : (found.size ?? null);
  const result = await sessionRow({
    file: found.path,
    place: found.place,
    chunks: source,
    bytes: () => Math.max(bytes, size ?? 0),
    ...(size !== null ? { totalBytes: size } : {}),
    estimator: options.estimator,
    signal: options.signal,
    ...(options.onImported ? { onImported: options.onImported } : {}),
  });
  if (read.failure !== null) {
    const error = `${found.path}: the file cannot be read (${reasonOf(read.failure)})`;
    return {
      kind: 'row',
      row: failedRow({ file: found.path, place: found.place }, error, bytes),
      compactions: [],
    };
  }
  return result;
}
