/**
 * Import of a file as a stream of text chunks (how the worker and the CLI
 * read files), so a large JSONL session is never held as one string: it is
 * read line by line as it arrives. Anything else is collected and read whole
 * once the first line shows what it is.
 */
import { importText } from './importText';
import { noteReplacementCharacters, startsLikeJson, stripBom } from './inputChecks';
import { IssueLog } from './issues';
import { LineSplitter, parseLine } from './jsonl';
import { JsonlStream } from './jsonlStream';
import { MAX_IMPORT_BYTES, tooLarge } from './sizeLimit';
import { isTextFormat } from './textFormats';
import type { ChunkImportOptions, ImportResult } from './types';
import { ImportError } from './types';
import { utf8Length } from './utf8';

export async function importStream(
  chunks: AsyncIterable<string>,
  options: ChunkImportOptions,
): Promise<ImportResult> {
  if (options.totalBytes !== undefined && options.totalBytes > MAX_IMPORT_BYTES)
    throw tooLarge(options.totalBytes);
  const log = new IssueLog();
  let bytes = 0;
  // Until the first line is complete we do not know whether this is JSONL.
  let head: string[] = [];
  let headHasNewline = false;
  // Held in an object: TypeScript does not see closures change a plain local.
  const state: { mode: 'undecided' | 'buffer' | 'jsonl' } = { mode: 'undecided' };
  let stream: JsonlStream | null = null;
  let splitter: LineSplitter | null = null;
  let sawReplacement = false;

  const startJsonl = (): void => {
    state.mode = 'jsonl';
    stream = new JsonlStream(options.format, log);
    const target = stream;
    splitter = new LineSplitter((line, lineNo, terminated) => target.line(line, lineNo, terminated));
    for (const piece of head) splitter.push(piece);
    head = [];
  };

  const decide = (final: boolean): void => {
    const text = stripBom(head.join(''));
    head = [text];
    const firstLineEnd = text.indexOf('\n');
    if (isTextFormat(options.format) || !startsLikeJson(text)) {
      if (text.trim() !== '' || final) state.mode = 'buffer';
      return;
    }
    if (firstLineEnd === -1) {
      if (final) state.mode = 'buffer';
      return;
    }
    if (parseLine(text.slice(0, firstLineEnd)).ok && text.slice(firstLineEnd).trim() !== '') startJsonl();
    else if (!parseLine(text.slice(0, firstLineEnd)).ok) state.mode = 'buffer';
    // First line parses but nothing follows yet: wait for more.
  };

  for await (const chunk of chunks) {
    if (options.signal?.aborted) throw new ImportError('aborted', 'The import was cancelled');
    if (typeof chunk !== 'string')
      throw new ImportError(
        'internal',
        'importChunks expects text chunks; decode bytes with utf8Chunks first',
      );
    bytes += utf8Length(chunk);
    if (bytes > MAX_IMPORT_BYTES) throw tooLarge(bytes);
    if (!sawReplacement && chunk.includes('\uFFFD')) sawReplacement = true;
    if (state.mode === 'jsonl') splitter!.push(chunk);
    else {
      head.push(chunk);
      if (state.mode === 'undecided' && (headHasNewline || chunk.includes('\n'))) {
        headHasNewline = true;
        decide(false);
      }
    }
    options.onProgress?.(bytes);
  }
  if (options.signal?.aborted) throw new ImportError('aborted', 'The import was cancelled');
  if (state.mode === 'undecided') decide(true);
  if (state.mode === 'jsonl') {
    splitter!.end();
    const result = (stream as JsonlStream | null)!.finish();
    if (sawReplacement) noteReplacementCharacters('\uFFFD', log);
    return result;
  }
  return importText(head.join(''), options);
}
