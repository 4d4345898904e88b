/**
 * The entry points: detect a format, import a text or a stream of chunks,
 * export a message list. Every failure leaves here as an ImportError, whatever
 * went wrong underneath, so callers have one thing to catch and show.
 */
import type { Message } from '../core/message';
import { anthropic, exportAnthropic } from './anthropic';
import { canonical, exportCanonical } from './canonical';
import { claudeCode } from './claudeCode';
import { codex } from './codex';
import type { Imported, JsonImporter, JsonlImporter, JsonlSession } from './format';
import { gemini } from './gemini';
import { geminiCliJson, geminiCliJsonl } from './geminiCli';
import { IssueLog } from './issues';
import { excerpt, isRecord, parseJson } from './json';
import { LineSplitter, parseLine } from './jsonl';
import { langchain } from './langchain';
import { exportOpenAIChat, openaiChat } from './openaiChat';
import { openaiResponses } from './openaiResponses';
import { opencode } from './opencode';
import { validateMessages } from './pairing';
import { pi } from './pi';
import { detectPlainText, importPlainText } from './plainText';
import type { Detection, ExportFormatId, FormatId, ImportResult } from './types';
import { FORMATS, ImportError } from './types';
import { utf8Length } from './utf8';

/** Files above this are refused before parsing: a browser tab would not survive them. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** Order breaks ties between equally confident detections: the more specific format first. */
const JSON_IMPORTERS: readonly JsonImporter[] = [
  canonical,
  opencode,
  geminiCliJson,
  openaiResponses,
  anthropic,
  gemini,
  langchain,
  openaiChat,
];
const JSONL_IMPORTERS: readonly JsonlImporter[] = [claudeCode, codex, pi, geminiCliJsonl];

/** How many leading records a JSONL sniffer sees. */
const SNIFF_RECORDS = 25;
/** Malformed lines reported one by one; beyond this they are only counted. */
const MALFORMED_REPORTED = 20;

export interface ImportOptions {
  format?: FormatId;
  fileName?: string;
}

export interface ChunkImportOptions extends ImportOptions {
  totalBytes?: number;
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
}

const FORCED = 'chosen explicitly';

function forcedDetection(format: FormatId): Detection {
  return { format, confidence: 1, reason: FORCED };
}

/** Cheap: the first lines of a JSONL file, or the top-level shape of a JSON value. */
export function detectFormat(text: string): Detection {
  try {
    const body = stripBom(text);
    if (body.trim() === '') return { format: 'text', confidence: 0, reason: 'the text is empty' };
    if (!startsLikeJson(body)) return detectPlainText(body);
    const firstLineEnd = body.indexOf('\n');
    const first = parseLine(firstLineEnd === -1 ? body : body.slice(0, firstLineEnd));
    if (first.ok && firstLineEnd !== -1 && body.slice(firstLineEnd).trim() !== '') {
      const records: unknown[] = [];
      let start = 0;
      for (let n = 0; n < SNIFF_RECORDS * 2 && records.length < SNIFF_RECORDS && start < body.length; n++) {
        const nl = body.indexOf('\n', start);
        const parsed = parseLine(body.slice(start, nl === -1 ? body.length : nl).trim() || 'null');
        if (parsed.ok && parsed.value !== null) records.push(parsed.value);
        if (nl === -1) break;
        start = nl + 1;
      }
      return detectRecords(records) ?? detectJsonValue(records) ?? unknownJson(records);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      return {
        format: 'text',
        confidence: 0,
        reason: `looks like JSON but does not parse (${(error as Error).message})`,
      };
    }
    return detectSingleValue(value) ?? unknownJson(value);
  } catch {
    return { format: 'text', confidence: 0, reason: 'detection failed' };
  }
}

function unknownJson(value: unknown): Detection {
  return {
    format: 'text',
    confidence: 0,
    reason: `valid JSON but no known transcript shape (${describeShape(value)})`,
  };
}

function best(candidates: (Detection | null)[]): Detection | null {
  let top: Detection | null = null;
  for (const candidate of candidates)
    if (candidate && (!top || candidate.confidence > top.confidence)) top = candidate;
  return top;
}

function detectJsonValue(value: unknown): Detection | null {
  return best(JSON_IMPORTERS.map((importer) => safeDetect(() => importer.detect(value))));
}

function detectRecords(records: readonly unknown[]): Detection | null {
  return best(JSONL_IMPORTERS.map((importer) => safeDetect(() => importer.detectRecords(records))));
}

/** A one-line JSONL file and a minified JSON file look the same: let both kinds of format bid. */
function detectSingleValue(value: unknown): Detection | null {
  const asRecords = isRecord(value) ? detectRecords([value]) : null;
  return best([asRecords, detectJsonValue(value)]);
}

function safeDetect(run: () => Detection | null): Detection | null {
  try {
    return run();
  } catch {
    return null;
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

function importText(raw: string, options: ImportOptions): ImportResult {
  const text = stripBom(raw);
  checkReadable(text);
  const log = new IssueLog();
  noteReplacementCharacters(text, log);
  const forced = options.format;
  if (forced === 'text') return finish(importPlainText(text, log), forcedDetection('text'), log);
  if (!startsLikeJson(text)) {
    if (forced) {
      throw new ImportError(
        'invalid-json',
        `Expected ${labelOf(forced)} (JSON), but the text does not start with "{" or "["`,
        { line: 1, column: 1 },
      );
    }
    return finish(importPlainText(text, log), detectPlainText(text), log);
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
    if (jsonImporter) return finish(jsonImporter.importValue(value, log), forcedDetection(forced), log);
    const jsonlImporter = JSONL_IMPORTERS.find((i) => i.id === forced);
    if (jsonlImporter)
      return finish(runJsonl(jsonlImporter, [value], [1], log), forcedDetection(forced), log);
    throw new ImportError('not-a-transcript', `${labelOf(forced)} cannot be read from JSON`);
  }
  const found = detectSingleValue(value);
  if (!found) throw notATranscript(value);
  const jsonImporter = JSON_IMPORTERS.find((i) => i.id === found.format && safeDetect(() => i.detect(value)));
  if (jsonImporter) return finish(jsonImporter.importValue(value, log), found, log);
  const jsonlImporter = JSONL_IMPORTERS.find((i) => i.id === found.format)!;
  return finish(runJsonl(jsonlImporter, [value], [1], log), found, log);
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

/** A short description of a JSON value's top levels (three at most: nesting can be hostile). */
function describeShape(value: unknown): string {
  let text = '';
  let current = value;
  for (let depth = 0; depth < 3; depth++) {
    if (Array.isArray(current)) {
      if (current.length === 0) return `${text}an empty array`;
      text += 'an array whose first item is ';
      current = current[0];
      continue;
    }
    if (isRecord(current)) {
      const keys = Object.keys(current);
      if (keys.length === 0) return `${text}an empty object`;
      return `${text}an object with keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
    }
    return `${text}a ${current === null ? 'null' : typeof current} value`;
  }
  return `${text}deeper nesting`;
}

/**
 * Reads JSONL records as they arrive: the first few are held back for the
 * sniffer, then everything goes straight to the chosen format. Records of an
 * unrecognized JSONL file are kept and offered to the JSON formats as an array
 * (one Chat message per line is a common ad-hoc log).
 */
class JsonlStream {
  private pending: { value: unknown; line: number }[] = [];
  private session: JsonlSession | null = null;
  private detection: Detection | null = null;
  private fallback: { values: unknown[]; lines: number[] } | null = null;
  private records = 0;
  private malformed = 0;
  private firstError: ImportError | null = null;

  constructor(
    private readonly forced: FormatId | undefined,
    private readonly log: IssueLog,
  ) {}

  line(text: string, lineNo: number, terminated: boolean): void {
    if (text.trim() === '') return;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      this.malformed++;
      this.firstError ??= new ImportError('invalid-json', parsed.message, {
        line: lineNo,
        column: parsed.column,
      });
      if (!terminated) {
        this.log.add(
          'warning',
          'truncated-last-line',
          `The last line is incomplete (the file may still have been written to) and was skipped: ${parsed.message}`,
          { line: lineNo, column: parsed.column },
          text,
        );
      } else if (this.malformed <= MALFORMED_REPORTED) {
        this.log.add(
          'warning',
          'malformed-line',
          `Line skipped, not valid JSON: ${parsed.message}`,
          { line: lineNo, column: parsed.column },
          text,
        );
      } else {
        this.log.tally(
          'malformed-line',
          'more',
          'More lines skipped as not valid JSON',
          { line: lineNo },
          text,
        );
      }
      return;
    }
    this.records++;
    if (this.session) this.session.add(parsed.value, lineNo);
    else if (this.fallback) {
      this.fallback.values.push(parsed.value);
      this.fallback.lines.push(lineNo);
    } else {
      this.pending.push({ value: parsed.value, line: lineNo });
      if (this.pending.length >= SNIFF_RECORDS) this.decide();
    }
  }

  private decide(): void {
    const values = this.pending.map((p) => p.value);
    let importer: JsonlImporter | undefined;
    if (this.forced) {
      importer = JSONL_IMPORTERS.find((i) => i.id === this.forced);
      this.detection = forcedDetection(this.forced);
    } else {
      const found = detectRecords(values);
      if (found) {
        importer = JSONL_IMPORTERS.find((i) => i.id === found.format);
        this.detection = found;
      }
    }
    if (importer) {
      this.session = importer.start(this.log);
      for (const p of this.pending) this.session.add(p.value, p.line);
    } else {
      this.fallback = { values, lines: this.pending.map((p) => p.line) };
    }
    this.pending = [];
  }

  finish(): ImportResult {
    if (this.records === 0) {
      throw this.firstError ?? new ImportError('empty', 'The file has no records');
    }
    if (!this.session && !this.fallback) this.decide();
    if (this.session) return finish(this.session.finish(), this.detection!, this.log);
    const { values, lines } = this.fallback!;
    // A single record may be a whole JSON transcript written on one line.
    if (values.length === 1 && !this.forced) {
      const single = detectJsonValue(values[0]);
      if (single) {
        const importer = JSON_IMPORTERS.find((i) => i.id === single.format)!;
        return finish(withLines(importer.importValue(values[0], this.log), lines, true), single, this.log);
      }
    }
    const forcedJson = this.forced ? JSON_IMPORTERS.find((i) => i.id === this.forced) : undefined;
    if (this.forced && !forcedJson)
      throw new ImportError('not-a-transcript', `${labelOf(this.forced)} cannot be read from these lines`);
    const found = forcedJson ? forcedDetection(forcedJson.id) : detectJsonValue(values);
    if (!found) {
      if (this.malformed > 0 && this.firstError) throw this.firstError;
      throw new ImportError(
        'not-a-transcript',
        `These JSON lines are not a transcript in any known format (${describeShape(values[0])})`,
        { line: lines[0] },
      );
    }
    const importer = forcedJson ?? JSON_IMPORTERS.find((i) => i.id === found.format)!;
    const reason = forcedJson ? found.reason : `one JSON value per line, read as an array: ${found.reason}`;
    return finish(
      withLines(importer.importValue(values, this.log), lines, false),
      { ...found, reason },
      this.log,
    );
  }
}

/** Records of a JSONL file were imported as the array `$`: give each message the line its record came from. */
function withLines(imported: Imported, lines: readonly number[], single: boolean): Imported {
  for (const message of imported.messages) {
    const path = message.source?.path;
    if (!path) continue;
    if (single) {
      message.source = { ...message.source, line: lines[0] };
      continue;
    }
    const match = /^\$\[(\d+)\]/.exec(path);
    const line = match ? lines[Number(match[1])] : undefined;
    if (line !== undefined) message.source = { ...message.source, line };
  }
  return imported;
}

function finish(imported: Imported, detection: Detection, log: IssueLog): ImportResult {
  const messages = validateMessages(imported.messages, log);
  if (messages.length === 0 && detection.reason === FORCED) {
    // A forced format that finds nothing is almost always the wrong format, not an empty session.
    throw new ImportError(
      'no-messages',
      `Read as ${labelOf(detection.format)}, the file contains no messages; it is probably in another format (let the format be detected).`,
    );
  }
  if (messages.length === 0) {
    log.warn('no-messages', 'The file was read, but it contains no messages the model would see');
  }
  const result: ImportResult = { format: detection.format, detection, messages, issues: log.issues };
  if (imported.title) result.title = imported.title;
  if (imported.usage && Object.values(imported.usage).some((v) => v !== undefined))
    result.usage = dropUndefined(imported.usage);
  return result;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
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

async function importStream(
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
    if (options.format === 'text' || !startsLikeJson(text)) {
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

// ---------------------------------------------------------------------------
// Input checks shared by both entry points.

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function startsLikeJson(text: string): boolean {
  const head = text.slice(0, 4096);
  const match = /\S/.exec(head);
  if (match === null || (match[0] !== '{' && match[0] !== '[')) return false;
  // The summarizer's own transcript starts with `[User]:`, which is text, not a JSON array.
  return !/^\s*\[(User|Assistant|Tool result)[\] ]/.test(head);
}

/** Refuses what cannot be a transcript before any parser sees it. */
function checkReadable(text: string): void {
  if (text.trim() === '') throw new ImportError('empty', 'The file is empty');
  const sample = text.slice(0, 8192);
  let control = 0;
  let replacement = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0)
      throw new ImportError(
        'binary',
        'This looks like a binary file (it contains NUL bytes), not a text transcript',
      );
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) control++;
    if (c === 0xfffd) replacement++;
  }
  if (control > sample.length / 10 || replacement > sample.length / 10) {
    throw new ImportError(
      'binary',
      'This looks like a binary file or text in an encoding other than UTF-8, not a text transcript',
    );
  }
}

function noteReplacementCharacters(text: string, log: IssueLog): void {
  const first = text.indexOf('\uFFFD');
  if (first === -1) return;
  log.warn(
    'replacement-characters',
    'The text contains U+FFFD replacement characters: some bytes were not valid UTF-8 and were replaced',
    {},
    text.slice(Math.max(0, first - 40), first + 40),
  );
}

function tooLarge(bytes: number): ImportError {
  const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return new ImportError(
    'too-large',
    `The file is too large to import (${mb(bytes)}; the limit is ${mb(MAX_IMPORT_BYTES)})`,
  );
}

function labelOf(format: FormatId): string {
  return FORMATS.find((f) => f.id === format)?.label ?? format;
}

/** Whatever escaped a parser (a stack overflow on hostile nesting, a bug) still reaches the caller typed. */
function asImportError(error: unknown, fileName: string | undefined): ImportError {
  if (error instanceof ImportError) return error.withFileName(fileName);
  const detail =
    error instanceof RangeError
      ? 'The input is nested too deeply or is too large to process'
      : `Unexpected failure while importing: ${error instanceof Error ? error.message : excerpt(error)}`;
  return new ImportError('internal', detail, { fileName });
}
