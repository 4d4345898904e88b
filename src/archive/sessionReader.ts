/**
 * How the platform hands a session's bytes to the archive: files on disk in
 * the command line, `File`s and directory handles in the page's workers. Its
 * own file because both the reader of one session (`read.ts`) and OpenCode's
 * tree of small files (`opencodeStorage.ts`) take it.
 */
import type { SqlJsStatic } from 'sql.js';

export interface SessionReader {
  /** The bytes of the file at `path` (relative to the opened folder), streamed. */
  bytes(path: string): AsyncIterable<Uint8Array>;
  /** The names in the folder at `path`, or an empty list when there is none. */
  list(path: string): Promise<string[]>;
  /**
   * SQLite (sql.js) for OpenCode's database, loaded the platform's way and
   * only when a database is met: its WebAssembly is not small.
   */
  sqlite(): Promise<SqlJsStatic>;
}
