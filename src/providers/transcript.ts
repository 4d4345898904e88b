/**
 * Reading back the plain-text transcript the core writes into a
 * summarization prompt (see `core/serialize.ts`), for the offline
 * summarizer, which has only the prompt to go on.
 */

export type TranscriptPartKind = 'user' | 'thinking' | 'assistant' | 'tool-calls' | 'tool-result';

export interface TranscriptPart {
  kind: TranscriptPartKind;
  /** For a tool result: the tool's name. */
  toolName?: string;
  text: string;
}

export interface ParsedToolCall {
  name: string;
  /** The arguments recovered from `key=value` pairs; a value cut short stays a partial string. */
  args: Record<string, unknown>;
}

export interface ParsedPrompt {
  parts: TranscriptPart[];
  previousSummary: string;
  /** From the core's note that older messages did not fit in the request. */
  omitted: number;
}

/** A part starts at the beginning of the transcript or after a blank line, with its label. */
const PART_START =
  /(?:^|\n\n)\[(User|Assistant thinking|Assistant tool calls|Assistant|Tool result ([^\]\n]*))\]: /g;

const KINDS: Readonly<Record<string, TranscriptPartKind>> = {
  User: 'user',
  'Assistant thinking': 'thinking',
  Assistant: 'assistant',
  'Assistant tool calls': 'tool-calls',
};

function between(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  if (start < 0) return undefined;
  const end = text.lastIndexOf(close);
  if (end < start) return undefined;
  return text.slice(start + open.length, end);
}

export function parseTranscript(conversation: string): TranscriptPart[] {
  const matches = [...conversation.matchAll(PART_START)];
  return matches.map((match, i) => {
    const start = (match.index ?? 0) + match[0].length;
    const end = i + 1 < matches.length ? (matches[i + 1].index ?? conversation.length) : conversation.length;
    const text = conversation.slice(start, end).trim();
    const label = match[1];
    return label.startsWith('Tool result ')
      ? { kind: 'tool-result', toolName: match[2], text }
      : { kind: KINDS[label], text };
  });
}

export function parsePrompt(prompt: string): ParsedPrompt {
  const conversation = between(prompt, '<conversation>', '</conversation>') ?? '';
  const omission = /^\s*\[(\d+) earlier messages are not shown/.exec(conversation);
  return {
    parts: parseTranscript(conversation.trim()),
    previousSummary: (between(prompt, '<previous-summary>', '</previous-summary>') ?? '').trim(),
    omitted: omission ? Number(omission[1]) : 0,
  };
}

/** The note `truncate()` appends to a value that was cut short. */
const TRUNCATION_NOTE = /^\n\n\[\.\.\. \d+ more characters truncated\]/;

/**
 * Parses `name(key=value, key2=value2); other(…)`. Values are JSON, except
 * that a long one was cut and followed by a truncation note; JSON never
 * contains a raw newline, so the first raw newline inside a value marks the
 * cut.
 */
export function parseToolCalls(text: string): ParsedToolCall[] {
  const calls: ParsedToolCall[] = [];
  let pos = 0;
  const skipSpaces = () => {
    while (text[pos] === ' ') pos++;
  };
  while (pos < text.length) {
    const open = text.indexOf('(', pos);
    if (open < 0) break;
    const name = text.slice(pos, open).trim();
    pos = open + 1;
    const args: Record<string, unknown> = {};
    for (;;) {
      skipSpaces();
      if (pos >= text.length) break;
      if (text[pos] === ')') {
        pos++;
        break;
      }
      const eq = text.indexOf('=', pos);
      if (eq < 0) {
        pos = text.length;
        break;
      }
      const key = text.slice(pos, eq).trim();
      pos = eq + 1;
      const value = readValue();
      if (key) args[key] = value;
      skipSpaces();
      if (text[pos] === ',') pos++;
    }
    if (name) calls.push({ name, args });
    skipSpaces();
    if (text[pos] === ';') pos++;
  }
  return calls;

  function readValue(): unknown {
    const start = pos;
    let depth = 0;
    let inString = false;
    while (pos < text.length) {
      const ch = text[pos];
      if (ch === '\n') {
        const partial = text.slice(start, pos);
        const note = TRUNCATION_NOTE.exec(text.slice(pos));
        pos += note ? note[0].length : 0;
        if (!note) pos = text.length;
        return partial.startsWith('"') ? partial.slice(1) : partial;
      }
      if (inString) {
        if (ch === '\\') pos++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') {
        inString = true;
      } else if (ch === '{' || ch === '[') {
        depth++;
      } else if (ch === '}' || ch === ']') {
        depth--;
      } else if (depth === 0 && (ch === ',' || ch === ')')) {
        break;
      }
      pos++;
    }
    const raw = text.slice(start, pos).trim();
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
}
