/**
 * OpenCode's SQLite store (`~/.local/share/opencode/opencode.db`, since it
 * moved off the JSON tree): a row per session in `session`, per message in
 * `message` and per part in `part`, each record's fields in a JSON `data`
 * column without its ids. A session is joined here into the `opencode
 * export` shape, `{info, messages: [{info, parts}]}`, as OpenCode itself
 * joins rows (`{...data, id, sessionID, messageID}`), so the database, the
 * JSON tree and an export all go through the one OpenCode importer.
 *
 * The engine is sql.js, SQLite compiled to WebAssembly, which the platform
 * loads (`SessionReader.sqlite`): from node_modules in the command line, from
 * a lazily fetched file in the page. It holds the whole file in memory, so a
 * database (with its write-ahead log) is read only up to the import limit.
 */
import type { Database } from 'sql.js';
import { formatBytes } from '../core/numbers';
import { MAX_IMPORT_BYTES } from '../formats/sizeLimit';
import { ImportError } from '../formats/types';
import { collect } from './opencodeStorage';
import type { SessionReader } from './sessionReader';
import { withWal } from './sqliteWal';

/** One session of the database, as a row of the archive names it. */
export interface DatabaseSession {
  /** `<database path>#<session id>`. */
  path: string;
  id: string;
  project: string | null;
  /** A sub-agent's session (`parent_id` set). */
  subagent: boolean;
}

/** A session's export text, or why it cannot be had. */
export type SessionExport = { ok: true; text: string } | { ok: false; error: string };

export interface OpenCodeDatabase {
  /** Every session, oldest id first. */
  sessions(): DatabaseSession[];
  /** One session joined into `opencode export`'s shape. */
  exportOf(id: string): SessionExport;
  close(): void;
}

/** The path of one session of the database at `dbPath`. */
export function databaseSessionPath(dbPath: string, id: string): string {
  return `${dbPath}#${id}`;
}

/** A row's path split into the database's path and the session id (null for the database itself). */
export function splitDatabasePath(path: string): { dbPath: string; id: string | null } {
  const at = path.lastIndexOf('#');
  return at < 0 ? { dbPath: path, id: null } : { dbPath: path.slice(0, at), id: path.slice(at + 1) };
}

const REQUIRED_TABLES = ['session', 'message', 'part'];

/**
 * The database at `dbPath` with its write-ahead log (`opencode.db-wal`,
 * where OpenCode leaves its latest sessions) applied. `bytes` reads a file
 * (the reader's own, or one that counts what it reads).
 */
export async function openOpenCodeDatabase(
  reader: SessionReader,
  dbPath: string,
  bytes: (path: string) => AsyncIterable<Uint8Array> = (path) => reader.bytes(path),
): Promise<OpenCodeDatabase> {
  const slash = dbPath.lastIndexOf('/');
  const folder = slash < 0 ? '' : dbPath.slice(0, slash);
  const name = dbPath.slice(slash + 1);
  const hasWal = (await reader.list(folder)).includes(`${name}-wal`);
  const main = await collect(bytes(dbPath), (length) => refuseOver(dbPath, length));
  const wal = hasWal
    ? await collect(bytes(`${dbPath}-wal`), (length) => refuseOver(dbPath, main.length + length))
    : null;
  const sql = await reader.sqlite().catch((error: unknown) => {
    throw new Error(`${dbPath}: SQLite could not be loaded to read it (${messageOf(error)})`);
  });
  let db: Database;
  try {
    db = new sql.Database(withWal(main, wal));
    const tables = new Set(
      rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)),
    );
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length > 0) {
      db.close();
      throw new ImportError(
        'not-a-transcript',
        `${dbPath}: not an OpenCode database (no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''})`,
      );
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('invalid-json', `${dbPath}: not a readable SQLite database (${messageOf(error)})`);
  }
  return {
    sessions: () => sessionsOf(db, dbPath),
    exportOf: (id) => exportOf(db, dbPath, id),
    close: () => db.close(),
  };
}

function sessionsOf(db: Database, dbPath: string): DatabaseSession[] {
  return rows(db, 'SELECT id, project_id, parent_id FROM session ORDER BY id').map((r) => ({
    path: databaseSessionPath(dbPath, String(r.id)),
    id: String(r.id),
    project: typeof r.project_id === 'string' ? r.project_id : null,
    subagent: typeof r.parent_id === 'string' && r.parent_id !== '',
  }));
}

/** The session's fields OpenCode's export carries in `info`, from its columns. */
function sessionInfo(row: Record<string, unknown>): Record<string, unknown> {
  const text = (key: string) => (typeof row[key] === 'string' ? row[key] : undefined);
  return {
    id: row.id,
    projectID: text('project_id'),
    parentID: text('parent_id'),
    directory: text('directory'),
    title: text('title'),
    version: text('version'),
    time: { created: row.time_created, updated: row.time_updated },
  };
}

function exportOf(db: Database, dbPath: string, id: string): SessionExport {
  const session = rows(db, 'SELECT * FROM session WHERE id = ?', [id])[0];
  if (!session) return { ok: false, error: `${databaseSessionPath(dbPath, id)}: no such session` };
  const where = (table: string, rowId: unknown) => `${dbPath}: ${table} ${String(rowId)}`;
  try {
    // OpenCode lists a session's messages by creation time, then id; a message's parts by id.
    const parts = new Map<string, unknown[]>();
    for (const r of rows(db, 'SELECT id, message_id, data FROM part WHERE session_id = ? ORDER BY id', [
      id,
    ])) {
      const list = parts.get(String(r.message_id)) ?? [];
      list.push({ ...record(r.data, where('part', r.id)), id: r.id, sessionID: id, messageID: r.message_id });
      parts.set(String(r.message_id), list);
    }
    const messages = rows(db, 'SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id', [
      id,
    ]).map((r) => ({
      info: { ...record(r.data, where('message', r.id)), id: r.id, sessionID: id },
      parts: parts.get(String(r.id)) ?? [],
    }));
    if (messages.length === 0)
      return { ok: false, error: `${databaseSessionPath(dbPath, id)}: the session has no messages` };
    return { ok: true, text: JSON.stringify({ info: sessionInfo(session), messages }) };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/** A `data` column's JSON object; anything else names the row it is in. */
function record(data: unknown, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    throw new Error(`${where}: its data is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: its data is not a JSON object`);
  return value as Record<string, unknown>;
}

function rows(db: Database, query: string, params: string[] = []): Record<string, unknown>[] {
  const statement = db.prepare(query, params);
  const out: Record<string, unknown>[] = [];
  try {
    while (statement.step()) out.push(statement.getAsObject());
  } finally {
    statement.free();
  }
  return out;
}

/**
 * A file's bytes in one array. sql.js reads a database only whole, so the
 * database and its log together are bounded by the import limit: past it
 * the read stops with the sizes, not with the tab's memory.
 */
/** Refuses a database that, with what was read before it, passes the import limit. */
function refuseOver(dbPath: string, total: number): void {
  if (total > MAX_IMPORT_BYTES)
    throw new ImportError(
      'too-large',
      `${dbPath}: the database is too large to read (over ${formatBytes(total)} with its log; the limit is ${formatBytes(MAX_IMPORT_BYTES)})`,
    );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
