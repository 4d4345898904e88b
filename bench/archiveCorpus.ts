/**
 * The archive bench's folder: sessions shaped like a developer's own, built
 * from the shipped samples. A long session is one sample's conversation
 * chained to itself several times into one file of the same format: each
 * copy gets ids of its own, its first message continues from the previous
 * copy's last, and its times start after the previous copy ends. What the
 * sample records (usage of every call, compactions) is kept in every copy,
 * so a chained file of `n` copies has `n` times the sample's calls and
 * compactions. Sizes are skewed as real histories are: most sessions a few
 * megabytes, some tens, one or two near a hundred.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

export type SampleFormat = 'claude-code' | 'codex' | 'pi' | 'openai-chat';

/** Keys whose values are ids that each copy renames; a file-wide id (`sessionId`) is renamed once per file. */
const COPY_IDS =
  'uuid|parentUuid|logicalParentUuid|leafUuid|messageId|requestId|id|parentId|firstKeptEntryId|call_id|tool_use_id|toolCallId|tool_call_id|turn_id';
const FILE_IDS = 'sessionId';

type Part =
  | string
  | { kind: 'id'; value: string }
  | { kind: 'file-id'; value: string }
  | { kind: 'iso'; ms: number }
  | { kind: 'epoch'; ms: number }
  /** Where a copy after the first links to the previous copy's last entry instead of `null`. */
  | { kind: 'root' };

/** A sample cut once into literal text and the places a copy changes, so copies are joined, not re-parsed. */
export interface Template {
  format: SampleFormat;
  /** The sample's text up to the conversation (headers a session has once). */
  head: Part[];
  /** The conversation, repeated by every copy. */
  body: Part[];
  tail: string;
  /** Every copy starts with a comma between messages; without a head message the first one's is dropped. */
  leadingComma: boolean;
  /** The id the next copy's root links to: the conversation's last entry. */
  lastId: string | null;
  /** From the first time to the last, plus a pause: how far each copy's times move. */
  spanMs: number;
  bytesPerCopy: number;
}

const TOKEN = new RegExp(
  [
    `"(${COPY_IDS})":(\\s*)"([^"]+)"`,
    `"(${FILE_IDS})":(\\s*)"([^"]+)"`,
    `"(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?Z)"`,
    `"timestamp":(\\d{13})\\b`,
  ].join('|'),
  'g',
);

function cut(text: string): { parts: Part[]; times: number[] } {
  const parts: Part[] = [];
  const times: number[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    parts.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) parts.push(`"${m[1]}":${m[2]}"`, { kind: 'id', value: m[3]! }, '"');
    else if (m[4] !== undefined) parts.push(`"${m[4]}":${m[5]}"`, { kind: 'file-id', value: m[6]! }, '"');
    else if (m[7] !== undefined) {
      const ms = Date.parse(m[7]);
      times.push(ms);
      parts.push('"', { kind: 'iso', ms }, '"');
    } else {
      const ms = Number(m[8]);
      times.push(ms);
      parts.push('"timestamp":', { kind: 'epoch', ms });
    }
  }
  parts.push(text.slice(at));
  return { parts, times };
}

/** The first `"KEY":null` of `text` made the copy's link to the previous one. */
function markRoot(parts: Part[], key: string): Part[] {
  const needle = `"${key}":null`;
  const i = parts.findIndex((p) => typeof p === 'string' && p.includes(needle));
  if (i === -1) throw new Error(`the sample has no ${needle} to continue from`);
  const literal = parts[i] as string;
  const j = literal.indexOf(needle);
  return [
    ...parts.slice(0, i),
    literal.slice(0, j) + `"${key}":`,
    { kind: 'root' },
    literal.slice(j + needle.length),
    ...parts.slice(i + 1),
  ];
}

/** The id of the last entry: the last line's first `"KEY":"…"` (the entry's own, ahead of its content's). */
function lastValue(lines: string[], key: string): string | null {
  const re = new RegExp(`"${key}":"([^"]+)"`);
  for (let i = lines.length - 1; i >= 0; i--) {
    const found = re.exec(lines[i]!);
    if (found) return found[1]!;
  }
  return null;
}

/** The first line (with its line break) and the rest. */
function firstLineApart(text: string): [string, string] {
  const nl = text.indexOf('\n') + 1;
  return [text.slice(0, nl), text.slice(nl)];
}

/** A sample of `format` ready to be chained. */
export function template(format: SampleFormat, text: string): Template {
  let headText = '';
  let bodyText = text;
  let tail = '';
  let root: string | null = null;
  let lastId: string | null = null;
  let leadingComma = false;
  if (format === 'claude-code') {
    root = 'parentUuid';
    lastId = lastValue(text.trimEnd().split('\n'), 'uuid');
  } else if (format === 'pi') {
    // The `session` header names the file once; the entries after it chain by `parentId`.
    [headText, bodyText] = firstLineApart(text);
    root = 'parentId';
    lastId = lastValue(bodyText.trimEnd().split('\n'), 'id');
  } else if (format === 'codex') {
    // `session_meta` opens the file once; the turns after it simply follow.
    [headText, bodyText] = firstLineApart(text);
  } else {
    // A Chat Completions request: the system message once, the conversation after it repeated.
    const { messages, ...request } = JSON.parse(text) as { messages: { role: string }[] };
    const system = messages.filter((m) => m.role === 'system');
    const rest = messages.filter((m) => m.role !== 'system');
    const open = JSON.stringify({ ...request, messages: system }).replace(/\]\}$/, '');
    headText = open;
    bodyText = rest.map((m) => ',' + JSON.stringify(m)).join('');
    tail = ']}';
    leadingComma = system.length === 0;
  }
  const head = cut(headText);
  const body = cut(bodyText);
  const times = [...head.times, ...body.times];
  const spanMs = times.length ? Math.max(...times) - Math.min(...times) + 3_600_000 : 3_600_000;
  return {
    format,
    head: head.parts,
    body: root ? markRoot(body.parts, root) : body.parts,
    tail,
    lastId,
    spanMs,
    leadingComma,
    bytesPerCopy: Buffer.byteLength(bodyText),
  };
}

/** How a file differs from the sample: `tag` ends its ids, `startMs` moves its first time (0: the sample's). */
export interface ChainOptions {
  tag: string;
  startMs?: number;
}

function render(parts: Part[], copy: number, o: ChainOptions, t: Template): string {
  const tag = o.tag;
  const shift = (o.startMs ?? 0) + copy * t.spanMs;
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') out += p;
    else if (p.kind === 'id') out += `${p.value}-${tag}c${copy}`;
    else if (p.kind === 'file-id') out += `${p.value}-${tag}`;
    else if (p.kind === 'iso') out += new Date(p.ms + shift).toISOString();
    else if (p.kind === 'epoch') out += String(p.ms + shift);
    else out += copy === 0 ? 'null' : `"${t.lastId}-${tag}c${copy - 1}"`;
  }
  return out;
}

/** The pieces of a session of `copies` copies, one copy at a time (a 100 MB session is never one string). */
function* chained(t: Template, copies: number, o: ChainOptions): Generator<string> {
  yield render(t.head, 0, o, t);
  for (let c = 0; c < copies; c++) {
    const text = render(t.body, c, o, t);
    yield c === 0 && t.leadingComma ? text.slice(1) : text;
  }
  yield t.tail;
}

/** `copies` of the sample's conversation as one session at `path`. */
export function writeChained(path: string, t: Template, copies: number, o: ChainOptions): number {
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    for (const piece of chained(t, copies, o)) bytes += writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** The text `writeChained` writes, for tests. */
export function chainedText(t: Template, copies: number, o: ChainOptions): string {
  return [...chained(t, copies, o)].join('');
}

/**
 * The sizes of `count` sessions, in bytes, skewed as a developer's history:
 * most between 0.5 and 3 MB, about one in forty between 10 and 40 MB, and,
 * in a folder of 500 or more, two of 80–100 MB. `random` is the bench's
 * seeded generator.
 */
export function sessionSizes(count: number, random: () => number): number[] {
  const MB = 1_000_000;
  const giants = new Set(count >= 500 ? [Math.floor(count * 0.137), Math.floor(count * 0.731)] : []);
  return Array.from({ length: count }, (_, i) => {
    if (giants.has(i)) return (80 + 20 * random()) * MB;
    const r = random();
    if (r < 1 / 40) return (10 + 30 * random()) * MB;
    // Log-uniform between 0.5 and 3 MB: many short sessions, fewer long ones.
    return 0.5 * MB * Math.pow(6, random());
  });
}
