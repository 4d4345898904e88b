/**
 * JSONL records as they arrive, one line at a time, for both import paths:
 * whole text is split into lines up front, a stream line by line as chunks
 * come in. The one place malformed and truncated lines are reported.
 */
import { detectJsonValue, detectRecords, SNIFF_RECORDS } from './detect';
import { finishImport, forcedDetection } from './finishImport';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { JSON_IMPORTERS, JSONL_IMPORTERS } from './importers';
import type { IssueLog } from './issues';
import { describeShape } from './json';
import { parseLine } from './jsonl';
import type { Detection, FormatId, ImportResult } from './types';
import { ImportError, labelOf } from './types';

/** Malformed lines reported one by one; beyond this they are only counted. */
const MALFORMED_REPORTED = 20;

/**
 * Reads JSONL records as they arrive: the first few are held back for the
 * sniffer, then everything goes straight to the chosen format. Records of an
 * unrecognized JSONL file are kept and offered to the JSON formats as an array
 * (one Chat message per line is a common ad-hoc log).
 */
export class JsonlStream {
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
    if (this.session) return finishImport(this.session.finish(), this.detection!, this.log);
    const { values, lines } = this.fallback!;
    // A single record may be a whole JSON transcript written on one line.
    if (values.length === 1 && !this.forced) {
      const single = detectJsonValue(values[0]);
      if (single) {
        const importer = JSON_IMPORTERS.find((i) => i.id === single.format)!;
        return finishImport(
          withLines(importer.importValue(values[0], this.log), lines, true),
          single,
          this.log,
        );
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
    return finishImport(
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
