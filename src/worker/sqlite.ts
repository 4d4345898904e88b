/**
 * SQLite for the page's archive workers: sql.js and its WebAssembly, both
 * fetched only when an OpenCode database is met, so neither weighs on the
 * first screen. Compiling the WebAssembly needs 'wasm-unsafe-eval' in the
 * page's Content-Security-Policy (`src/security/contentSecurityPolicy.ts`).
 */
import type { SqlJsStatic } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';

let loaded: Promise<SqlJsStatic> | null = null;

export function browserSqlite(): Promise<SqlJsStatic> {
  loaded ??= import('sql.js').then(({ default: initSqlJs }) => initSqlJs({ locateFile: () => wasmUrl }));
  return loaded;
}
