/**
 * `compaction-playground/formats`: read any supported session file (Claude
 * Code, Codex, pi, Gemini CLI, OpenCode, Qwen Code, Copilot CLI, Cline / Roo
 * Code / Kilo Code, Goose, Aider, the provider payloads) into the core's
 * `Message`s, with the import report: what could not be read, what was left
 * out on purpose, and how the format was decided. The page and the CLI import
 * through these same functions. No DOM and no Node modules: a file comes in as
 * a string, bytes, or a stream of chunks.
 *
 * This is the package's public surface; docs/api.md describes every name.
 */
import type { Message } from '../core/message';
import type { SessionHistory } from '../core/session/history';
import { importChunks } from './registry';
import type { ImportReport } from './report';
import { importReport } from './report';
import type { ChunkImportOptions, FormatId, ImportResult, ImportUsage } from './types';
import { ImportError } from './types';
import { streamChunks } from './streamChunks';
import { utf8Chunks } from './utf8';

export { MAX_IMPORT_BYTES, detectFormat, exportTranscript, importChunks, importTranscript } from './registry';
export { importReport } from './report';
export type { ImportReport, ReportEntry } from './report';
export { decodeUtf8, utf8Chunks } from './utf8';
export { FORMATS, ImportError, isFormatId, labelOf } from './types';
export type {
  ChunkImportOptions,
  Detection,
  ExportFormatId,
  FormatId,
  FormatInfo,
  HeldContent,
  ImportErrorCode,
  ImportErrorDetails,
  ImportIssue,
  ImportOptions,
  ImportResult,
  ImportUsage,
} from './types';

/** What `readSession` reads: a whole text or its bytes, or the file as it streams in. */
export type SessionInput =
  string | Uint8Array | ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string>;

/** A session file read: the messages its next request holds, and the report of how they were read. */
export interface ReadSession {
  format: FormatId;
  messages: Message[];
  report: ImportReport;
  title?: string;
  usage?: ImportUsage;
  history?: SessionHistory;
  /** The whole import result, for callers that want the detailed issues (`issues`, with paths and counts). */
  result: ImportResult;
}

/**
 * Detects the format and imports the file, whatever form it comes in. Bytes
 * must be UTF-8 (a file that is not is refused with the offset of the first
 * bad byte); a stream may yield bytes or text. Throws `ImportError` when
 * nothing can be read, including a file that yields no messages
 * (`no-messages`).
 */
export async function readSession(
  input: SessionInput,
  options: ChunkImportOptions = {},
): Promise<ReadSession> {
  const result = await importChunks(textChunks(input, options.fileName), options);
  return {
    format: result.format,
    messages: result.messages,
    report: importReport(result),
    ...(result.title !== undefined ? { title: result.title } : {}),
    ...(result.usage !== undefined ? { usage: result.usage } : {}),
    ...(result.history !== undefined ? { history: result.history } : {}),
    result,
  };
}

/** Every input as text chunks: bytes decoded strictly (with `utf8Chunks`), a Web stream read as an async iterable. */
async function* textChunks(input: SessionInput, fileName: string | undefined): AsyncGenerator<string> {
  if (typeof input === 'string') {
    yield input;
    return;
  }
  if (input instanceof Uint8Array) {
    yield* utf8Chunks(once(input), fileName);
    return;
  }
  const source = (isReadableStream(input) ? streamChunks(input) : input)[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done) return;
  if (typeof first.value === 'string') {
    yield first.value;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (typeof next.value !== 'string') throw mixed(fileName);
      yield next.value;
    }
    return;
  }
  yield* utf8Chunks(bytesFrom(first.value, source, fileName), fileName);
}

/** The byte chunks of a stream whose first chunk was bytes; a text chunk after it is a caller's mistake. */
async function* bytesFrom(
  first: unknown,
  rest: AsyncIterator<Uint8Array | string>,
  fileName: string | undefined,
): AsyncGenerator<Uint8Array> {
  let chunk: unknown = first;
  for (;;) {
    if (!(chunk instanceof Uint8Array))
      throw typeof chunk === 'string' ? mixed(fileName) : notChunk(fileName);
    yield chunk;
    const next = await rest.next();
    if (next.done) return;
    chunk = next.value;
  }
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function isReadableStream(input: unknown): input is ReadableStream<Uint8Array | string> {
  return typeof (input as ReadableStream).getReader === 'function';
}

/** A Web stream read chunk by chunk; older runtimes lack its async iterator. */
function mixed(fileName: string | undefined): ImportError {
  return new ImportError('internal', 'The stream mixes text and byte chunks: give one or the other', {
    fileName,
  });
}

function notChunk(fileName: string | undefined): ImportError {
  return new ImportError('internal', 'A stream chunk is neither text nor bytes (Uint8Array)', { fileName });
}
