/**
 * Import of a whole text in memory: plain text, one JSON value, or JSONL
 * split into lines. Streamed imports end here too when the first line shows
 * the file is not JSONL and has to be read whole.
 */
import { detectSingleValue, safeDetect } from './detect';
import { finishImport, forcedDetection } from './finishImport';
import type { Imported, JsonlImporter } from './format';
import { JSON_IMPORTERS, JSONL_IMPORTERS } from './importers';
import { checkReadable, noteReplacementCharacters, startsLikeJson, stripBom } from './inputChecks';
import { IssueLog } from './issues';
import { describeShape, parseJson } from './json';
import { LineSplitter, parseLine } from './jsonl';
import { JsonlStream } from './jsonlStream';
import { detectTextFormat, importTextFormat, isTextFormat } from './textFormats';
import type { FormatId, ImportOptions, ImportResult } from './types';
import { ImportError, labelOf } from './types';

export function importText(raw: string, options: ImportOptions): ImportResult {
  const text = stripBom(raw);
  checkReadable(text);
  const log = new IssueLog();
  noteReplacementCharacters(text, log);
  const forced = options.format;
  if (isTextFormat(forced))
    return finishImport(importTextFormat(forced, text, log), forcedDetection(forced), log);
  if (!startsLikeJson(text)) {
    if (forced) {
      throw new ImportError(
        'invalid-json',
        `Expected ${labelOf(forced)} (JSON), but the text does not start with "{" or "["`,
        { line: 1, column: 1 },
      );
    }
    const found = detectTextFormat(text);
    return finishImport(importTextFormat(found.format === 'aider' ? 'aider' : 'text', text, log), found, log);
  }
  let value: unknown;
  let parsed = false;
  try {
    value = JSON.parse(text);
    parsed = true;
  } catch {
    // Either JSONL (the first line parses on its own) or broken JSON.
  }
  if (parsed) return importValue(value, forced, log);
  const firstLineEnd = text.indexOf('\n');
  if (firstLineEnd !== -1 && parseLine(text.slice(0, firstLineEnd)).ok) {
    const stream = new JsonlStream(forced, log);
    const splitter = new LineSplitter((line, lineNo, terminated) => stream.line(line, lineNo, terminated));
    splitter.push(text);
    splitter.end();
    return stream.finish();
  }
  parseJson(text);
  throw new ImportError('invalid-json', 'The JSON could not be parsed');
}

function importValue(value: unknown, forced: FormatId | undefined, log: IssueLog): ImportResult {
  if (forced) {
    const jsonImporter = JSON_IMPORTERS.find((i) => i.id === forced);
    if (jsonImporter) return finishImport(jsonImporter.importValue(value, log), forcedDetection(forced), log);
    const jsonlImporter = JSONL_IMPORTERS.find((i) => i.id === forced);
    if (jsonlImporter)
      return finishImport(runJsonl(jsonlImporter, [value], [1], log), forcedDetection(forced), log);
    throw new ImportError('not-a-transcript', `${labelOf(forced)} cannot be read from JSON`);
  }
  const found = detectSingleValue(value);
  if (!found) throw notATranscript(value);
  const jsonImporter = JSON_IMPORTERS.find((i) => i.id === found.format && safeDetect(() => i.detect(value)));
  if (jsonImporter) return finishImport(jsonImporter.importValue(value, log), found, log);
  const jsonlImporter = JSONL_IMPORTERS.find((i) => i.id === found.format)!;
  return finishImport(runJsonl(jsonlImporter, [value], [1], log), found, log);
}

function runJsonl(
  importer: JsonlImporter,
  records: readonly unknown[],
  lines: readonly number[],
  log: IssueLog,
): Imported {
  const session = importer.start(log);
  records.forEach((record, i) => session.add(record, lines[i]!));
  return session.finish();
}

function notATranscript(value: unknown): ImportError {
  return new ImportError(
    'not-a-transcript',
    `This is valid JSON but not a transcript in any known format (${describeShape(value)}). Pick the format explicitly if you know it.`,
  );
}
