/**
 * Recovers the source item a message came from, for the "raw" view: the line
 * of a JSONL file, or the value at a JSON path.
 */
import type { SourceRef } from '../core/message';

export class RawSource {
  private lineStarts: number[] | null = null;
  private parsed: unknown = undefined;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  private line(n: number): string | null {
    if (!this.lineStarts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const start = this.lineStarts[n - 1];
    if (start === undefined) return null;
    const end = this.lineStarts[n] ?? this.text.length + 1;
    return this.text.slice(start, end - 1).replace(/\r$/, '');
  }

  private at(path: string): unknown {
    if (this.parsed === undefined) {
      try {
        this.parsed = JSON.parse(this.text);
      } catch {
        this.parsed = null;
      }
    }
    let node: unknown = this.parsed;
    for (const match of path.replace(/^\$/, '').matchAll(/\[(\d+)\]|\.([^.[\]]+)|\["((?:[^"\\]|\\.)*)"\]/g)) {
      if (node === null || typeof node !== 'object') return undefined;
      const key = match[1] !== undefined ? Number(match[1]) : (match[2] ?? JSON.parse(`"${match[3]}"`));
      node = (node as Record<string | number, unknown>)[key];
    }
    return node;
  }

  /** Pretty JSON when the item parses, the plain text otherwise; null when unknown. */
  get(source: SourceRef | undefined): string | null {
    if (!source) return null;
    if (source.line !== undefined) {
      const line = this.line(source.line);
      if (line === null) return null;
      try {
        return JSON.stringify(JSON.parse(line), null, 2);
      } catch {
        return line;
      }
    }
    if (source.path !== undefined) {
      const value = this.at(source.path);
      return value === undefined ? null : JSON.stringify(value, null, 2);
    }
    return null;
  }
}
