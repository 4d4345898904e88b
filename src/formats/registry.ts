/**
 * The entry points: detect a format, import a text or a stream of chunks,
 * export a message list. Every failure leaves here as an ImportError, whatever
 * went wrong underneath, so callers have one thing to catch and show; the
 * work itself lives in the modules named after each step.
 */
import type { Message } from '../core/message';
import { exportAnthropic } from './anthropic';
import { exportCanonical } from './canonical';
import { detectText } from './detect';
import { importStream } from './importStream';
import { importText } from './importText';
import { excerpt } from './json';
import { exportOpenAIChat } from './openaiChat';
import { MAX_IMPORT_BYTES, tooLarge } from './sizeLimit';
import type { ChunkImportOptions, Detection, ExportFormatId, ImportOptions, ImportResult } from './types';
import { ImportError } from './types';
import { utf8Length } from './utf8';

/** The largest transcript an import reads; part of this entry point for the worker and the CLI. */
export { MAX_IMPORT_BYTES } from './sizeLimit';

/** Cheap: the first lines of a JSONL file, or the top-level shape of a JSON value. Never throws. */
export function detectFormat(text: string): Detection {
  try {
    return detectText(text);
  } catch {
    return { format: 'text', confidence: 0, reason: 'detection failed' };
  }
}

export function importTranscript(text: string, options: ImportOptions = {}): ImportResult {
  try {
    if (utf8Length(text) > MAX_IMPORT_BYTES) throw tooLarge(utf8Length(text));
    return importText(text, options);
  } catch (error) {
    throw asImportError(error, options.fileName);
  }
}

export async function importChunks(
  chunks: AsyncIterable<string>,
  options: ChunkImportOptions = {},
): Promise<ImportResult> {
  try {
    return await importStream(chunks, options);
  } catch (error) {
    throw asImportError(error, options.fileName);
  }
}

export function exportTranscript(messages: Message[], format: ExportFormatId): string {
  switch (format) {
    case 'openai-chat':
      return exportOpenAIChat(messages);
    case 'anthropic':
      return exportAnthropic(messages);
    case 'canonical':
      return exportCanonical(messages);
  }
}

/** Whatever escaped a parser (a stack overflow, a bug) still reaches the caller typed. */
function asImportError(error: unknown, fileName: string | undefined): ImportError {
  if (error instanceof ImportError) return error.withFileName(fileName);
  return new ImportError('internal', failureDetail(error), { fileName });
}

/** How engines word running out of stack: V8 and JavaScriptCore, then Firefox. */
const STACK_OVERFLOW = /maximum call stack|too much recursion/i;

/**
 * What the engine said, without guessing a cause it does not know. A stack
 * overflow was once reported as "nested too deeply", and a flat session of
 * 200,000 messages (a spread of the whole list into one call) was refused in
 * those words: deep nesting is one cause among others.
 */
function failureDetail(error: unknown): string {
  const said = error instanceof Error ? error.message : excerpt(error);
  if (error instanceof Error && STACK_OVERFLOW.test(said))
    return `The import ran out of stack space (${said}): a value nested very deeply can cause this, or a fault in the importer; please report it with the file's format and size`;
  if (error instanceof RangeError) return `The input is too large to process (${said})`;
  return `Unexpected failure while importing: ${said}`;
}
