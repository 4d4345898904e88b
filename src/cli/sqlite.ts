/**
 * SQLite for the command line's archive readers: sql.js, loaded once per
 * thread and only when an OpenCode database is met. In Node, sql.js finds
 * its WebAssembly beside its own script (`node_modules/sql.js/dist`), which
 * the installed package carries as a dependency.
 */
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let loaded: Promise<SqlJsStatic> | null = null;

export function nodeSqlite(): Promise<SqlJsStatic> {
  loaded ??= initSqlJs();
  return loaded;
}
