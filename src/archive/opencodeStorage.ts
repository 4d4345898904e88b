/**
 * OpenCode keeps a session as a tree of small JSON files:
 * `storage/session/<projectID>/<sessionID>.json` for the session,
 * `storage/message/<sessionID>/<messageID>.json` for each message and
 * `storage/part/<messageID>/<partID>.json` for each of its parts. Joined in id
 * order (ids sort by time), they are exactly what `opencode export` prints,
 * `{info, messages: [{info, parts}]}`, which the OpenCode importer reads.
 * The folders are found by the ids the records give (`info.id`), the file
 * name only when a record has none: a session file copied under another
 * name still finds its messages.
 */
import { ImportError } from '../formats/types';
import { decodeUtf8 } from '../formats/utf8';
import type { SessionReader } from './sessionReader';

/** The export text of the session file at `sessionPath`, as one chunk. */
export async function* assembleOpenCode(
  reader: SessionReader,
  sessionPath: string,
  bytes: (path: string) => AsyncIterable<Uint8Array>,
): AsyncGenerator<string> {
  const parts = sessionPath.split('/');
  const storage = parts.slice(0, -3).join('/');
  const under = (...names: string[]) => [storage, ...names].filter((p) => p !== '').join('/');
  const read = async (path: string): Promise<unknown> =>
    JSON.parse(decodeUtf8(await collect(bytes(path)), path));
  const info = await read(sessionPath);
  const sessionId = idOf(info, parts[parts.length - 1]!);
  const messages = [];
  for (const name of jsonNames(await reader.list(under('message', sessionId)))) {
    const message = await read(under('message', sessionId, name));
    const messageId = idOf(message, name);
    const partList = [];
    for (const part of jsonNames(await reader.list(under('part', messageId))))
      partList.push(await read(under('part', messageId, part)));
    messages.push({ info: message, parts: partList });
  }
  // Said here, where the tree was read: the importer would see only an export with no messages.
  if (messages.length === 0)
    throw new ImportError(
      'no-messages',
      `no messages for session ${sessionId} (looked in ${under('message', sessionId)}/)`,
    );
  yield JSON.stringify({ info, messages });
}

/** The record's own `id`, else its file's name without `.json`. */
function idOf(record: unknown, fileName: string): string {
  const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' && !id.includes('/') ? id : fileName.replace(/\.json$/, '');
}

function jsonNames(names: string[]): string[] {
  return names.filter((n) => n.endsWith('.json')).sort();
}

/** A stream's bytes in one array; `grew`, told the length so far after each chunk, may refuse by throwing. */
export async function collect(
  chunks: AsyncIterable<Uint8Array>,
  grew?: (length: number) => void,
): Promise<Uint8Array> {
  const list: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    list.push(chunk);
    length += chunk.length;
    grew?.(length);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of list) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
