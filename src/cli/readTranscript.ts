/** Reads a transcript file from disk through the streaming importer. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { importChunks } from '../formats/registry';
import { ImportError, type FormatId, type ImportResult } from '../formats/types';
import { UsageError } from './io';

export async function readTranscript(file: string, format?: FormatId): Promise<ImportResult> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${file}: is a directory, not a transcript file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code ?? error})`,
    );
  }
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  try {
    return await importChunks(stream as AsyncIterable<string>, {
      format,
      fileName: basename(file),
      totalBytes: size,
    });
  } catch (error) {
    if (error instanceof ImportError) throw new UsageError(importFailureLine(error, basename(file)));
    throw error;
  } finally {
    stream.destroy();
  }
}

const NO_MESSAGES = 'no messages: ';

/**
 * The one line an import failure prints. A file with no messages leads with
 * "no messages:", so a script can tell it from a file that could not be read.
 */
export function importFailureLine(error: ImportError, fileName: string): string {
  if (error.code === 'no-messages' && error.detail.startsWith(NO_MESSAGES))
    return `${NO_MESSAGES}${fileName}: ${error.detail.slice(NO_MESSAGES.length)}`;
  return error.withFileName(fileName).message;
}
