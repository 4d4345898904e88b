/**
 * Small, defensive helpers for reading untrusted JSON: type guards that never
 * trust a shape, a JSON syntax checker that says where a parse failed (engine
 * messages differ between browsers and often omit the position), and
 * serialization that cannot blow the stack on absurdly nested input.
 */
import { ImportError } from './types';

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: `constructor` or `__proto__` must never resolve through the prototype. */
export function field(record: JsonRecord, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function str(record: JsonRecord, key: string): string | undefined {
  const value = field(record, key);
  return typeof value === 'string' ? value : undefined;
}

export function num(record: JsonRecord, key: string): number | undefined {
  const value = field(record, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function rec(record: JsonRecord, key: string): JsonRecord | undefined {
  const value = field(record, key);
  return isRecord(value) ? value : undefined;
}

export function arr(record: JsonRecord, key: string): unknown[] | undefined {
  const value = field(record, key);
  return Array.isArray(value) ? value : undefined;
}

/** JSON.stringify that reports depth overflow as a value instead of a RangeError. */
export function safeStringify(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? 'null';
  } catch {
    return JSON.stringify('[value nested too deeply to serialize]');
  }
}

/**
 * Tool-call arguments as a JSON string. A string is kept byte for byte (it is
 * what the model produced, even when truncated); anything else is serialized.
 */
export function argumentsString(value: unknown): { text: string; valid: boolean } {
  if (value === undefined || value === null) return { text: '{}', valid: true };
  if (typeof value === 'string') {
    if (value.trim() === '') return { text: '{}', valid: true };
    try {
      JSON.parse(value);
      return { text: value, valid: true };
    } catch {
      return { text: value, valid: false };
    }
  }
  return { text: safeStringify(value), valid: true };
}

/** A short one-line excerpt for issue reports. */
export function excerpt(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : safeStringify(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A short description of a JSON value's top levels (three at most: nesting can be hostile). */
export function describeShape(value: unknown): string {
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

/** 1-based line and column (UTF-16 units) of an offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** Parses JSON or throws an ImportError naming the line and column of the problem. */
export function parseJson(text: string, where: { fileName?: string; lineOffset?: number } = {}): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const problem = findJsonSyntaxError(text);
    const position = positionOf(text, problem.offset);
    throw new ImportError('invalid-json', problem.message, {
      fileName: where.fileName,
      line: position.line + (where.lineOffset ?? 0),
      column: position.column,
    });
  }
}

export interface JsonSyntaxProblem {
  offset: number;
  message: string;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Walks the text with the JSON grammar and returns the first offending
 * position. Iterative (an explicit stack), so 10,000 levels of nesting cannot
 * overflow it. Only called after JSON.parse failed, so speed is secondary.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem {
  let i = 0;
  const n = text.length;
  // Each frame: which container we are in and what is expected next.
  const stack: {
    kind: 'array' | 'object';
    expect: 'value-or-end' | 'value' | 'comma-or-end' | 'key-or-end' | 'key' | 'colon';
  }[] = [];
  const skip = (): void => {
    while (i < n && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  const describe = (offset: number): string => {
    if (offset >= n) return 'Unexpected end of input: the JSON is truncated';
    const ch = text[offset] ?? '';
    const code = ch.charCodeAt(0);
    const shown = code < 0x20 || code === 0x7f ? `U+${code.toString(16).padStart(4, '0').toUpperCase()}` : ch;
    return `Unexpected character ${JSON.stringify(shown)}`;
  };
  const fail = (message?: string): JsonSyntaxProblem => ({ offset: i, message: message ?? describe(i) });

  const readString = (): JsonSyntaxProblem | null => {
    // At an opening quote.
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c === 0x5c) {
        const next = text[i + 1];
        if (next === undefined) {
          i++;
          return fail('Unexpected end of input inside a string: the JSON is truncated');
        }
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            return fail('Invalid \\u escape in a string');
          }
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(next)) {
          i++;
          return fail(`Invalid escape "\\${next}" in a string`);
        }
        i += 2;
        continue;
      }
      if (c < 0x20) return fail('Unescaped control character (such as a raw line break) inside a string');
      i++;
    }
    return fail('Unterminated string: the JSON is truncated');
  };

  const readScalar = (): JsonSyntaxProblem | null => {
    const rest = text.slice(i, i + 5);
    for (const word of ['true', 'false', 'null']) {
      if (rest.startsWith(word)) {
        i += word.length;
        return null;
      }
    }
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (match && match[0].length > 0) {
      i += match[0].length;
      return null;
    }
    return fail();
  };

  // Opens a container (pushing a frame) or reads a whole scalar.
  const readValue = (): JsonSyntaxProblem | null => {
    skip();
    if (i >= n) return fail();
    const ch = text[i];
    if (ch === '{') {
      i++;
      stack.push({ kind: 'object', expect: 'key-or-end' });
      return null;
    }
    if (ch === '[') {
      i++;
      stack.push({ kind: 'array', expect: 'value-or-end' });
      return null;
    }
    if (ch === '"') return readString();
    return readScalar();
  };

  const first = readValue();
  if (first) return first;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    skip();
    if (i >= n) return fail();
    const ch = text[i];
    switch (frame.expect) {
      case 'value-or-end':
      case 'value': {
        if (frame.expect === 'value-or-end' && ch === ']') {
          i++;
          stack.pop();
          break;
        }
        frame.expect = 'comma-or-end';
        const problem = readValue();
        if (problem) return problem;
        break;
      }
      case 'key-or-end':
      case 'key': {
        if (frame.expect === 'key-or-end' && ch === '}') {
          i++;
          stack.pop();
          break;
        }
        if (ch !== '"') return fail(`${describe(i)}: expected a property name in double quotes`);
        const problem = readString();
        if (problem) return problem;
        frame.expect = 'colon';
        break;
      }
      case 'colon': {
        if (ch !== ':') return fail(`${describe(i)}: expected ":" after a property name`);
        i++;
        // The value after a colon belongs to this object; read it now.
        frame.expect = 'comma-or-end';
        const problem = readValue();
        if (problem) return problem;
        break;
      }
      case 'comma-or-end': {
        const close = frame.kind === 'array' ? ']' : '}';
        if (ch === close) {
          i++;
          stack.pop();
        } else if (ch === ',') {
          i++;
          frame.expect = frame.kind === 'array' ? 'value' : 'key';
        } else {
          return fail(`${describe(i)}: expected "," or "${close}"`);
        }
        break;
      }
    }
  }
  skip();
  if (i < n) return fail(`${describe(i)} after the end of the JSON value`);
  // The engine rejected something this checker accepts (should not happen); point at the start.
  return { offset: 0, message: 'Invalid JSON' };
}
