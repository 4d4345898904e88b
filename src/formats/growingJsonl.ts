/**
 * The import of a JSONL session that is still being written. Text arrives
 * as it is appended; each line is parsed once, when its newline arrives, and
 * kept. A view of the session now replays the kept records into a fresh
 * session of the detected format: no byte is read again and no line parsed
 * again, however often the view is asked for.
 *
 * The formats' sessions build the conversation when the stream ends (the
 * tree formats need every entry before they can pick the active branch), so
 * the replay is the way to ask them again after more lines arrived without
 * changing how each format reads its file.
 */
import { detectRecords, SNIFF_RECORDS } from './detect';
import { finishImport, forcedDetection } from './finishImport';
import type { JsonlImporter } from './format';
import { JSONL_IMPORTERS } from './importers';
import { IssueLog } from './issues';
import { LineSplitter, parseLine } from './jsonl';
import type { Detection, FormatId, ImportResult } from './types';
import { ImportError, labelOf } from './types';

/** Malformed lines reported one by one; beyond this they are only counted (as `jsonlStream.ts` does). */
const MALFORMED_REPORTED = 20;

interface Kept {
  value: unknown;
  line: number;
}

interface Malformed {
  line: number;
  column: number;
  message: string;
  text: string;
}

export type GrowingView = { ok: true; result: ImportResult } | { ok: false; error: ImportError };

export class GrowingJsonl {
  private records: Kept[] = [];
  private malformed: Malformed[] = [];
  private malformedCount = 0;
  private splitter = this.newSplitter();
  private chosen: { importer: JsonlImporter; detection: Detection } | null = null;
  private appendedSince = true;
  private last: GrowingView | null = null;

  constructor(private readonly forced?: FormatId) {}

  /** Text appended to the file. A line without its newline yet waits for the rest. */
  append(text: string): void {
    if (text === '') return;
    this.splitter.push(text);
  }

  /** The file was truncated or replaced: forget everything read so far. */
  reset(): void {
    this.records = [];
    this.malformed = [];
    this.malformedCount = 0;
    this.splitter = this.newSplitter();
    this.chosen = null;
    this.appendedSince = true;
    this.last = null;
  }

  /** Complete lines read so far that parsed as JSON. */
  get recordCount(): number {
    return this.records.length;
  }

  /**
   * The session as the complete lines so far describe it. A line still being
   * written is not part of it: the writer has not finished it, so it is not
   * a problem of the file. Asked again without new lines, the same view.
   */
  view(): GrowingView {
    if (this.last && !this.appendedSince) return this.last;
    this.appendedSince = false;
    this.last = this.build();
    return this.last;
  }

  private newSplitter(): LineSplitter {
    return new LineSplitter((text, line) => this.line(text, line));
  }

  private line(text: string, line: number): void {
    if (text.trim() === '') return;
    this.appendedSince = true;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      this.malformedCount++;
      if (this.malformed.length < MALFORMED_REPORTED)
        this.malformed.push({ line, column: parsed.column, message: parsed.message, text });
      return;
    }
    this.records.push({ value: parsed.value, line });
  }

  private build(): GrowingView {
    if (this.records.length === 0) {
      const first = this.malformed[0];
      const error = first
        ? new ImportError('invalid-json', first.message, { line: first.line, column: first.column })
        : new ImportError('empty', 'The file has no complete lines yet');
      return { ok: false, error };
    }
    const chosen = this.choose();
    if (!chosen) {
      return {
        ok: false,
        error: new ImportError(
          'not-a-transcript',
          this.forced
            ? `${labelOf(this.forced)} is not a JSONL session format; a growing file can be followed as Claude Code, Codex, pi or Gemini CLI`
            : 'These lines are not a JSONL session (Claude Code, Codex, pi or Gemini CLI) that can be followed',
          { line: this.records[0]!.line },
        ),
      };
    }
    const log = new IssueLog();
    this.reportMalformed(log);
    try {
      const session = chosen.importer.start(log);
      for (const r of this.records) session.add(r.value, r.line);
      return { ok: true, result: finishImport(session.finish(), chosen.detection, log) };
    } catch (error) {
      if (error instanceof ImportError) return { ok: false, error };
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error: new ImportError('internal', `The session could not be read: ${detail}`) };
    }
  }

  /**
   * The format, decided on the first records as the whole-file import
   * decides it, and kept once enough records were seen that more would not
   * change the choice.
   */
  private choose(): { importer: JsonlImporter; detection: Detection } | null {
    if (this.chosen) return this.chosen;
    let found: { importer: JsonlImporter; detection: Detection } | null = null;
    if (this.forced) {
      const importer = JSONL_IMPORTERS.find((i) => i.id === this.forced);
      if (importer) found = { importer, detection: forcedDetection(this.forced) };
    } else {
      const detection = detectRecords(this.records.slice(0, SNIFF_RECORDS).map((r) => r.value));
      const importer = detection && JSONL_IMPORTERS.find((i) => i.id === detection.format);
      if (detection && importer) found = { importer, detection };
    }
    if (found && (this.forced || this.records.length >= SNIFF_RECORDS)) this.chosen = found;
    return found;
  }

  private reportMalformed(log: IssueLog): void {
    for (const m of this.malformed)
      log.add(
        'warning',
        'malformed-line',
        `Line skipped, not valid JSON: ${m.message}`,
        { line: m.line, column: m.column },
        m.text,
      );
    for (let k = this.malformed.length; k < this.malformedCount; k++)
      log.tally('malformed-line', 'more', 'More lines skipped as not valid JSON', {});
  }
}
