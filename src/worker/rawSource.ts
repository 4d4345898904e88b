/**
 * Recovers the source item a message came from, for the "raw" view: the line
 * of a JSONL file, or the value at a JSON path.
 */
import type { SourceRef } from '../core';

/**
 * Nesting shown in the raw view. JSON.parse reads 100,000 levels of `[[[…]]]`
 * happily, but JSON.stringify recurses and overflows the stack, and even a
 * few thousand levels pretty-printed are megabytes of indentation.
 */
export const MAX_RAW_DEPTH = 64;

/** Pretty JSON of a parsed value, with anything nested deeper than MAX_RAW_DEPTH replaced by a note. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(limitDepth(value, 0), null, 2) ?? String(value);
}

function limitDepth(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_RAW_DEPTH) return `[… nested deeper than ${MAX_RAW_DEPTH} levels, not shown]`;
  if (Array.isArray(value)) return value.map((item) => limitDepth(item, depth + 1));
  // No prototype, so a `__proto__` key from the file stays an ordinary key.
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key] = limitDepth(item, depth + 1);
  return copy;
}

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
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return line;
      }
      return prettyJson(value);
    }
    if (source.path !== undefined) {
      const value = this.at(source.path);
      return value === undefined ? null : prettyJson(value);
    }
    return null;
  }
}
