/**
 * The text of one found session as the importer reads it, without reading
 * it into a row: what the archive's rows are made from, and what the page's
 * "open in the playground" opens (which imports this alone, not the rows).
 */
import { utf8Chunks } from '../formats/utf8';
import type { SessionPlace } from './layout';
import { openOpenCodeDatabase, splitDatabasePath } from './opencodeDatabase';
import { assembleOpenCode } from './opencodeStorage';
import type { SessionReader } from './sessionReader';

export interface FoundSession {
  path: string;
  place: SessionPlace;
  /**
   * The file's size when the walk knows it: a file over the import limit is
   * refused before a byte is read, and its row says its real size.
   */
  size?: number | null;
}

/**
 * The text of a found session, as the importer reads it: the file decoded,
 * or OpenCode's storage or one session of its database (`opencode.db#ses_…`)
 * joined into its export. `bytes` reads one file (the reader's own, or one
 * that counts what it reads).
 */
export function sessionText(
  reader: SessionReader,
  found: FoundSession,
  bytes: (path: string) => AsyncIterable<Uint8Array> = (path) => reader.bytes(path),
): AsyncIterable<string> {
  if (found.place.layout === 'opencode-db') return databaseSessionText(reader, found.path, bytes);
  return found.place.layout === 'opencode-storage'
    ? assembleOpenCode(reader, found.path, bytes)
    : utf8Chunks(bytes(found.path), found.path);
}

async function* databaseSessionText(
  reader: SessionReader,
  path: string,
  bytes: (path: string) => AsyncIterable<Uint8Array>,
): AsyncGenerator<string> {
  const { dbPath, id } = splitDatabasePath(path);
  if (id === null)
    throw new Error(`${path}: a database holds many sessions; name one as ${path}#<session id>`);
  const db = await openOpenCodeDatabase(reader, dbPath, bytes);
  let exported;
  try {
    exported = db.exportOf(id);
  } finally {
    db.close();
  }
  if (!exported.ok) throw new Error(exported.error);
  yield exported.text;
}
