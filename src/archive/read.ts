/**
 * A session found by the walk, read into its row: the bytes streamed and
 * counted, decoded strictly (a file that is not UTF-8 is a row with that
 * error, not a row of replacement characters), and dropped once the row is
 * made. The platform gives the bytes (`SessionReader`): files on disk in the
 * command line, `File`s and directory handles in the page's workers.
 */
import type { Estimator } from '../core/estimate';
import { openOpenCodeDatabase, splitDatabasePath } from './opencodeDatabase';
import { failedRow, sessionRow, type RowInput, type RowResult, type SessionResult } from './row';
import type { SessionReader } from './sessionReader';
import { sessionText, type FoundSession } from './sessionText';
import { reasonOf } from './walk';

export interface ReadOptions {
  estimator: () => Promise<Estimator>;
  signal?: AbortSignal;
  /** Bytes read so far, as they are read, for progress. */
  onBytes?: (bytes: number) => void;
  /** Hears the imported session (`RowInput.onImported`). */
  onImported?: RowInput['onImported'];
}

/**
 * A found session read into its row; OpenCode's database, found whole, into
 * a row per session, the database opened once for all of them.
 */
export async function readSession(
  reader: SessionReader,
  found: FoundSession,
  options: ReadOptions,
): Promise<RowResult> {
  if (found.place.layout === 'opencode-db' && splitDatabasePath(found.path).id === null)
    return readDatabase(reader, found, options);
  return readOne(reader, found, options);
}

/** Every session of OpenCode's database, each imported from its export text as an export file would be. */
async function readDatabase(
  reader: SessionReader,
  found: FoundSession,
  options: ReadOptions,
): Promise<RowResult> {
  const read = new CountedRead(options);
  let db;
  try {
    db = await openOpenCodeDatabase(reader, found.path, (path) => read.counted(reader.bytes(path)));
  } catch (error) {
    const message =
      read.failure !== null
        ? `${found.path}: the file cannot be read (${reasonOf(read.failure)})`
        : error instanceof Error
          ? error.message
          : String(error);
    const row = failedRow({ file: found.path, place: found.place }, message, read.bytes);
    return { kind: 'row', row, compactions: [] };
  }
  const rows: SessionResult[] = [];
  try {
    for (const session of db.sessions()) {
      if (options.signal?.aborted) break;
      const place = { layout: found.place.layout, project: session.project, subagent: session.subagent };
      const exported = db.exportOf(session.id);
      if (!exported.ok) {
        rows.push({
          kind: 'row',
          row: failedRow({ file: session.path, place }, exported.error),
          compactions: [],
        });
        continue;
      }
      const size = new TextEncoder().encode(exported.text).length;
      const result = await sessionRow({
        file: session.path,
        place,
        chunks: oneChunk(exported.text),
        bytes: () => size,
        totalBytes: size,
        estimator: options.estimator,
        signal: options.signal,
      });
      if (result.kind === 'row') rows.push(result);
    }
  } finally {
    db.close();
  }
  return { kind: 'rows', rows };
}

/** The bytes a row's reads passed through, told to `onBytes` as they go, and the first read that failed. */
class CountedRead {
  bytes = 0;
  failure: unknown = null;

  constructor(private readonly options: ReadOptions) {}

  async *counted(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of source) {
        this.bytes += chunk.length;
        this.options.onBytes?.(chunk.length);
        yield chunk;
      }
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }
}

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

async function readOne(reader: SessionReader, found: FoundSession, options: ReadOptions): Promise<RowResult> {
  const read = new CountedRead(options);
  const source = sessionText(reader, found, (path) => read.counted(reader.bytes(path)));
  // OpenCode's session is many files, or part of one: the size of the file found is not the session's.
  const size = found.place.layout.startsWith('opencode-') ? null : (found.size ?? null);
  const result = await sessionRow({
    file: found.path,
    place: found.place,
    chunks: source,
    bytes: () => Math.max(read.bytes, size ?? 0),
    ...(size !== null ? { totalBytes: size } : {}),
    estimator: options.estimator,
    signal: options.signal,
    ...(options.onImported ? { onImported: options.onImported } : {}),
  });
  if (read.failure !== null) {
    const error = `${found.path}: the file cannot be read (${reasonOf(read.failure)})`;
    return {
      kind: 'row',
      row: failedRow({ file: found.path, place: found.place }, error, read.bytes),
      compactions: [],
    };
  }
  return result;
}
