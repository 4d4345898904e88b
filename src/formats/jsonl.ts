/**
 * Line-by-line reading for JSONL transcripts. Chunks can split a line (or a
 * multi-byte character) anywhere, and a single line can be tens of megabytes
 * (inline base64 images), so pieces are collected and only the newest chunk
 * is searched for a newline: never a rescan of what was already seen.
 */
import { findJsonSyntaxError, positionOf } from './json';

export class LineSplitter {
  private pieces: string[] = [];
  private line = 0;
  private first = true;

  constructor(private readonly onLine: (text: string, line: number, terminated: boolean) => void) {}

  push(chunk: string): void {
    if (this.first && chunk.length > 0) {
      this.first = false;
      // A byte-order mark is not part of the first record.
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.pieces.push(chunk.slice(start, nl));
      this.emit(true);
      start = nl + 1;
    }
    if (start < chunk.length) this.pieces.push(chunk.slice(start));
  }

  end(): void {
    if (this.pieces.length > 0) this.emit(false);
  }

  private emit(terminated: boolean): void {
    let text = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    this.line++;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    this.onLine(text, this.line, terminated);
  }
}

export type LineParse = { ok: true; value: unknown } | { ok: false; column: number; message: string };

export function parseLine(text: string): LineParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const problem = findJsonSyntaxError(text);
    return { ok: false, column: positionOf(text, problem.offset).column, message: problem.message };
  }
}

/** Calls `onLine` for every line of an in-memory text, without splitting it into an array first. */
export function forEachLine(
  text: string,
  onLine: (text: string, line: number, terminated: boolean) => void,
): void {
  const splitter = new LineSplitter(onLine);
  splitter.push(text);
  splitter.end();
}
