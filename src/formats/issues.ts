/**
 * Collects the validation report of one import. Problems that repeat (every
 * line of an unknown type, every orphan result) are grouped into one entry
 * with a count and the first example, so a 50,000-line file cannot produce a
 * 50,000-entry report.
 */
import type { Role } from '../core/message';
import { excerpt, isRecord } from './json';
import type { HeldContent, ImportIssue } from './types';

/**
 * Codes of a whole line or entry the importer dropped: content the user may
 * not know is missing, so the page shows these in view, with what they held.
 */
const SKIPPED_CODES: ReadonlySet<string> = new Set([
  'malformed-line',
  'truncated-last-line',
  'unknown-line-type',
  'missing-message',
  'unknown-role',
  'invalid-message',
  'invalid-item',
  'unknown-item-type',
  'unknown-record',
  'cut-off-by-broken-link',
]);

/**
 * What an entry of the report is to the reader: a skipped line (in view, as a
 * warning), another problem (in the report), or a note about something left
 * out on purpose, as the agent itself leaves it out (information, never
 * counted as a problem).
 */
export type IssueKind = 'skipped' | 'problem' | 'note';

export function issueKind(issue: ImportIssue): IssueKind {
  if (issue.severity === 'info') return 'note';
  return SKIPPED_CODES.has(issue.code) ? 'skipped' : 'problem';
}

export function isProblem(issue: ImportIssue): boolean {
  return issueKind(issue) !== 'note';
}

export interface Where {
  line?: number;
  column?: number;
  path?: string;
}

export class IssueLog {
  private readonly entries: ImportIssue[] = [];
  private readonly groups = new Map<string, ImportIssue>();

  /** A one-off problem, reported as is. */
  add(
    severity: ImportIssue['severity'],
    code: string,
    message: string,
    where: Where = {},
    example?: unknown,
  ): void {
    this.entries.push(
      clean({
        severity,
        code,
        message,
        ...where,
        example: example === undefined ? undefined : excerpt(example),
        held: SKIPPED_CODES.has(code) ? heldBy(example) : undefined,
      }),
    );
  }

  warn(code: string, message: string, where: Where = {}, example?: unknown): void {
    this.add('warning', code, message, where, example);
  }

  /** Something left out on purpose, because the agent does not send it to the model either. */
  note(code: string, message: string, where: Where = {}): void {
    this.add('info', code, message, where);
  }

  /**
   * A problem that may repeat: grouped by code and key, counted, located at
   * its first occurrence. The message is written for the group.
   */
  /** A JSONL line that parsed but is not an object. */
  notAnObject(line: number, record: unknown): void {
    this.tally(
      'unknown-line-type',
      '(not an object)',
      'Lines that are not JSON objects were skipped',
      { line },
      record,
    );
  }

  /** A JSONL line of a type the format does not turn into messages and does not know. */
  unknownLineType(type: string, line: number, record: unknown): void {
    this.tally(
      'unknown-line-type',
      type,
      `Lines of unknown type "${type || '(none)'}" were skipped`,
      { line },
      record,
    );
  }

  tally(code: string, key: string, message: string, where: Where = {}, example?: unknown): void {
    this.group('warning', code, key, message, where, example);
  }

  /**
   * Something left out on purpose that may repeat (every metadata line of a
   * kind): one note per kind, counted, located at its first occurrence.
   */
  tallyNote(code: string, key: string, message: string, where: Where = {}): void {
    this.group('info', code, key, message, where);
  }

  private group(
    severity: ImportIssue['severity'],
    code: string,
    key: string,
    message: string,
    where: Where,
    example?: unknown,
  ): void {
    const groupKey = `${code}\u0000${key}`;
    const existing = this.groups.get(groupKey);
    if (existing) {
      existing.count = (existing.count ?? 1) + 1;
      return;
    }
    const issue = clean({
      severity,
      code,
      message,
      ...where,
      count: 1,
      example: example === undefined ? undefined : excerpt(example),
      held: SKIPPED_CODES.has(code) ? heldBy(example) : undefined,
    });
    this.groups.set(groupKey, issue);
    this.entries.push(issue);
  }

  get issues(): ImportIssue[] {
    return this.entries;
  }
}

/** Drops undefined fields so reports compare and serialize cleanly. */
function clean(issue: ImportIssue): ImportIssue {
  const out: ImportIssue = { severity: issue.severity, code: issue.code, message: issue.message };
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.path !== undefined) out.path = issue.path;
  if (issue.count !== undefined) out.count = issue.count;
  if (issue.example !== undefined) out.example = issue.example;
  if (issue.held !== undefined) out.held = issue.held;
  return out;
}

/** "1 message", "3 messages". */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** How much of a skipped line's text is quoted back. */
const HELD_WORDS = 10;
const HELD_CHARS = 80;
/** How far into a skipped record the search for its role and text goes: records can be hostile. */
const HELD_MAX_DEPTH = 5;
const HELD_MAX_NODES = 400;
const TEXT_KEYS = new Set(['text', 'content', 'prompt', 'message', 'output', 'input']);
/** Line types that name who spoke, in formats where the type stands for the role. */
const ROLE_TYPES = new Set(['user', 'assistant', 'system', 'developer', 'tool', 'gemini', 'model']);

/** The first few words of `text`, on one line, cut with an ellipsis. */
export function firstWords(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = flat.split(' ');
  let out = words.slice(0, HELD_WORDS).join(' ');
  if (out.length > HELD_CHARS) out = out.slice(0, HELD_CHARS).trimEnd();
  return out.length < flat.length ? `${out}…` : out;
}

/**
 * The role and first words of a skipped line or entry: from the parsed
 * record when there is one, else read out of the raw text of a line that is
 * not valid JSON (which usually still names its role and starts its text).
 */
export function heldBy(value: unknown): HeldContent | undefined {
  const held = typeof value === 'string' ? heldByText(value) : isRecord(value) ? heldByRecord(value) : {};
  if (held.words === '') delete held.words;
  return held.role === undefined && held.words === undefined ? undefined : held;
}

/** A skipped line can be megabytes long; its role and first words are near its start. */
const HELD_SCAN_CHARS = 4000;

function heldByText(whole: string): HeldContent {
  const line = whole.slice(0, HELD_SCAN_CHARS);
  const held: HeldContent = {};
  const role = /"role"\s*:\s*"([A-Za-z_-]{1,40})"/.exec(line)?.[1];
  const type = /"type"\s*:\s*"([A-Za-z_-]{1,40})"/.exec(line)?.[1];
  if (role) held.role = role;
  else if (type && ROLE_TYPES.has(type)) held.role = type;
  const text = /"(?:text|content|prompt)"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(line)?.[1];
  if (text !== undefined) held.words = firstWords(unescapeJson(text));
  else if (!/^\s*[[{]/.test(line)) held.words = firstWords(line);
  return held;
}

/** A JSON string's body, unescaped as far as it goes (a cut line may end inside an escape). */
function unescapeJson(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body.replace(/\\n/g, ' ').replace(/\\(.)/g, '$1');
  }
}

function heldByRecord(record: Record<string, unknown>): HeldContent {
  const held: HeldContent = {};
  const type = record.type;
  let visited = 0;
  const walk = (value: unknown, key: string | null, depth: number): void => {
    if (visited++ > HELD_MAX_NODES || depth > HELD_MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (key === 'role' && held.role === undefined) held.role = value.slice(0, 40);
      else if (key !== null && TEXT_KEYS.has(key) && held.words === undefined && value.trim())
        held.words = firstWords(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item, key, depth + 1);
      return;
    }
    if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1);
  };
  walk(record, null, 0);
  if (held.role === undefined && typeof type === 'string' && ROLE_TYPES.has(type)) held.role = type;
  return held;
}

/** "a user message", "an assistant message", "a tool result". */
function aMessageOf(role: string): string {
  if (role === 'tool') return 'a tool result';
  // "a user", "an assistant": a leading u is sounded as "you".
  return `${/^[aeio]/i.test(role) ? 'an' : 'a'} ${role} message`;
}

/** One skipped line or entry in a sentence or two: where, why, and what it held. */
export function describeSkipped(issue: ImportIssue): string {
  const where =
    issue.line !== undefined ? `Line ${issue.line}` : issue.path !== undefined ? issue.path : 'An entry';
  const more = issue.count !== undefined && issue.count > 1 ? ` and ${issue.count - 1} more like it` : '';
  const { role, words } = issue.held ?? {};
  let held = '';
  if (role !== undefined && words !== undefined) held = ` It held ${aMessageOf(role)}: “${words}”.`;
  else if (role !== undefined) held = ` It held ${aMessageOf(role)}.`;
  else if (words !== undefined) held = ` It held “${words}”.`;
  return `${where}${more}: ${issue.message}.${held}`;
}

/** What the conversation begins with after the importer's cuts, for the reader to check. */
export function describeStart(index: number, role: Role, preview: string): string {
  const words = firstWords(preview);
  return `The conversation now starts with #${index}, ${aMessageOf(role)}${words ? `: “${words}”` : ''}.`;
}
