/**
 * The summarizer that needs no network and no key: it reads the transcript
 * in the prompt and lays out what can be extracted mechanically (the first
 * and last requests, tools used, files touched, errors seen) under the same
 * headings a model is asked for. It is the default, so the playground works
 * before anyone pastes a key, and it says plainly that no model wrote it.
 */
import { pathsInCommand, shellCommand } from '../core/eval/shell';
import { FileOps } from '../core/fileOps';
import { SUMMARY_HEADINGS, TURN_PREFIX_HEADINGS } from '../core/prompts';
import type { Message } from '../core/message';
import type { Summarizer, SummaryChunk, SummaryRequest } from '../core/summarizer';
import { parsePrompt, parseToolCalls, type ParsedPrompt, type TranscriptPart } from './transcript';

export const OFFLINE_NOTICE =
  'This summary was generated offline by the playground from the transcript itself, not written by a model.';

/** Each list keeps its newest items only, so merged summaries do not grow round after round. */
const MAX_ITEMS = 8;
const MAX_ERRORS = 5;
const QUOTE_CHARS = 300;
const LINE_CHARS = 200;
const NONE = '- (none)';
const NOT_EXTRACTED = '- (not extracted offline)';
/** Lines this summarizer writes from scratch each time; merging them would only repeat them. */
const GENERATED =
  /^- \[x\] (Used tools|Read|Modified|Named in commands): |^- (Summarized \d|Last assistant reply: |Last command: )/;
const LAST_COMMAND_LINE = /^- Last command: /;
const TOOLS_LINE = /^- \[x\] Used tools: (.*)$/;
const FILES_LINE = /^- \[x\] (Read|Modified): (.*)$/;
const COMMAND_PATHS_LINE = /^- \[x\] Named in commands: (.*)$/;

const [GOAL, CONSTRAINTS, PROGRESS, DONE, IN_PROGRESS, BLOCKED, DECISIONS, NEXT_STEPS, CRITICAL] =
  SUMMARY_HEADINGS;
const [ORIGINAL_REQUEST, EARLY_PROGRESS, CONTEXT_FOR_SUFFIX] = TURN_PREFIX_HEADINGS;

/** Whitespace collapsed to single spaces, cut at `max` characters with an ellipsis. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Code points are never more than UTF-16 units: a short text needs no count.
  if (flat.length <= max) return flat;
  let points = 0;
  let kept = 0;
  for (const char of flat) {
    if (++points > max) return `${flat.slice(0, kept)}…`;
    if (points < max) kept += char.length;
  }
  return flat;
}

function newest<T>(items: readonly T[], max: number): T[] {
  return items.slice(Math.max(0, items.length - max));
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** What the transcript says, gathered once for either kind of summary. */
interface Facts {
  firstRequest?: string;
  lastRequest?: string;
  lastAssistant?: string;
  constraints: string[];
  /** `name (count)`, most used first. */
  toolUse: string[];
  files: FileOps;
  /** File paths that shell commands named, which no file tool touched. */
  commandPaths: string[];
  /** The last shell command run, on one line. */
  lastCommand?: string;
  errors: string[];
  counts: { user: number; assistant: number; toolResults: number };
  omitted: number;
}

/** Sentences in which a user states a rule rather than a task. */
const CONSTRAINT = /\b(must|must not|never|always|don't|do not|avoid|prefer|only use|without)\b/i;

/** A line of tool output that reports a failure. */
const ERROR_LINE = /\b(error|exception|failed|failure|traceback|not found|denied|fatal|panic|enoent)\b/i;

/** The first line of `text` that reports a failure; no word of the pattern runs across a line break. */
function errorLine(text: string): string | undefined {
  const match = ERROR_LINE.exec(text);
  if (!match) return undefined;
  const end = text.indexOf('\n', match.index);
  return text.slice(text.lastIndexOf('\n', match.index) + 1, end < 0 ? text.length : end);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Carries over the tool counts and file lists a previous offline summary wrote. */
function inheritProgress(
  previousDone: readonly string[],
  toolCounts: Map<string, number>,
  files: FileOps,
  commandPaths: string[],
): void {
  for (const line of previousDone) {
    const named = COMMAND_PATHS_LINE.exec(line);
    if (named)
      for (const path of named[1].split(', ')) if (!commandPaths.includes(path)) commandPaths.push(path);
    const tools = TOOLS_LINE.exec(line);
    if (tools) {
      for (const entry of tools[1].split(', ')) {
        const match = /^(.+) \((\d+)\)$/.exec(entry);
        if (match) toolCounts.set(match[1], (toolCounts.get(match[1]) ?? 0) + Number(match[2]));
      }
    }
    const paths = FILES_LINE.exec(line);
    if (paths) {
      for (const path of paths[2].split(', ')) {
        if (paths[1] === 'Read') files.addRead(path);
        else files.addModified(path);
      }
    }
  }
}

/** What one part of tool calls says, read once. */
interface ToolCallsPart {
  names: string[];
  /** The last shell command of the part, on one line. */
  lastCommand?: string;
  /** The file paths its shell commands name, in order, each once. */
  commandPaths: string[];
  /** The calls as a message, for the file lists (which keep what they read of it). */
  message: Message;
}

/**
 * Parts of tool calls read before, by their text: the requests of the
 * strategies compared at one compaction are runs of the same parts.
 * Emptied when it grows large.
 */
const readParts = new Map<string, ToolCallsPart>();
const MAX_READ_PARTS = 5_000;

function toolCallsPart(text: string): ToolCallsPart {
  const known = readParts.get(text);
  if (known) return known;
  const calls = parseToolCalls(text).map((call) => ({
    id: '',
    name: call.name,
    arguments: JSON.stringify(call.args),
  }));
  const read: ToolCallsPart = {
    names: calls.map((call) => call.name),
    commandPaths: [],
    message: { id: '', role: 'assistant', content: '', toolCalls: calls },
  };
  for (const call of calls) {
    // Files a command names are part of the trail too, by the same rule the judge uses.
    const command = shellCommand(call);
    if (command === undefined) continue;
    read.lastCommand = oneLine(command, LINE_CHARS);
    for (const path of pathsInCommand(command))
      if (!read.commandPaths.includes(path)) read.commandPaths.push(path);
  }
  if (readParts.size >= MAX_READ_PARTS) readParts.clear();
  readParts.set(text, read);
  return read;
}

function gather(parsed: ParsedPrompt, previous: Map<string, string[]>): Facts {
  const users = parsed.parts.filter((p) => p.kind === 'user');
  const assistants = parsed.parts.filter((p) => p.kind === 'assistant');
  const toolCounts = new Map<string, number>();
  const files = new FileOps();
  files.inherit(parsed.previousSummary);
  const commandPaths: string[] = [];
  inheritProgress(previous.get(DONE) ?? [], toolCounts, files, commandPaths);
  const errors: string[] = [];
  let lastCommand: string | undefined;
  for (const part of parsed.parts) {
    if (part.kind === 'tool-calls') {
      const read = toolCallsPart(part.text);
      for (const name of read.names) toolCounts.set(name, (toolCounts.get(name) ?? 0) + 1);
      if (read.lastCommand !== undefined) lastCommand = read.lastCommand;
      for (const path of read.commandPaths) if (!commandPaths.includes(path)) commandPaths.push(path);
      // The core's own file-tool table decides what counts as a read or a write.
      files.addMessage(read.message);
    } else if (part.kind === 'tool-result') {
      const line = errorLine(part.text);
      if (line) errors.push(`${part.toolName ?? 'tool'}: ${oneLine(line, LINE_CHARS)}`);
    }
  }
  const constraints = users.flatMap((p) =>
    p.text
      .split(/(?<=[.!?])\s+|\n+/)
      .filter((sentence) => CONSTRAINT.test(sentence))
      .map((sentence) => oneLine(sentence, LINE_CHARS)),
  );
  const toolUse = [...toolCounts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([name, count]) => `${name} (${count})`);
  return {
    firstRequest: users[0] && oneLine(users[0].text, QUOTE_CHARS),
    lastRequest: users.at(-1) && oneLine((users.at(-1) as TranscriptPart).text, QUOTE_CHARS),
    lastAssistant: assistants.at(-1) && oneLine((assistants.at(-1) as TranscriptPart).text, LINE_CHARS),
    constraints: unique(constraints),
    toolUse,
    files,
    commandPaths: commandPaths.filter((path) => !touched(files, path)),
    lastCommand,
    errors: newest(unique(errors), MAX_ERRORS),
    counts: {
      user: users.length,
      assistant: assistants.length,
      toolResults: parsed.parts.filter((p) => p.kind === 'tool-result').length,
    },
    omitted: parsed.omitted,
  };
}

/** A file tool already listed the file (by the same path or a longer one ending in it). */
function touched(files: FileOps, path: string): boolean {
  const short = path.replace(/^\.\//, '');
  return [...files.read, ...files.modified].some((p) => p === short || p.endsWith(`/${short}`));
}

/** The bullet lines under each heading of a previous summary (ours or a model's). */
function sectionsOf(summary: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of summary.split('\n')) {
    const line = raw.trimEnd();
    if (/^#{2,3} /.test(line)) {
      current = [];
      sections.set(line.trim(), current);
    } else if (/^(<|---|\*\*Turn Context)/.test(line.trim())) {
      // File-list blocks and the split-turn part are rebuilt, not merged.
      current = undefined;
    } else if (
      current &&
      line.trim() &&
      line !== NONE &&
      line !== NOT_EXTRACTED &&
      !line.startsWith(OFFLINE_NOTICE)
    ) {
      current.push(line);
    }
  }
  return sections;
}

function bullets(items: readonly string[], prefix = '- '): string[] {
  return items.length ? items.map((item) => `${prefix}${item}`) : [NONE];
}

function progressLines(facts: Facts): string[] {
  const lines: string[] = [];
  if (facts.toolUse.length) lines.push(`Used tools: ${facts.toolUse.join(', ')}`);
  if (facts.files.read.length) lines.push(`Read: ${facts.files.read.join(', ')}`);
  if (facts.files.modified.length) lines.push(`Modified: ${facts.files.modified.join(', ')}`);
  if (facts.commandPaths.length) lines.push(`Named in commands: ${facts.commandPaths.join(', ')}`);
  return lines;
}

function countLine(facts: Facts): string {
  const { user, assistant, toolResults } = facts.counts;
  const omitted = facts.omitted ? `; ${facts.omitted} older messages were not in the request` : '';
  return `Summarized ${plural(user, 'user message')}, ${plural(assistant, 'assistant reply', 'assistant replies')} and ${plural(toolResults, 'tool result')}${omitted}.`;
}

function historyLines(facts: Facts, previous: Map<string, string[]>): string[] {
  const prev = (heading: string) => previous.get(heading) ?? [];
  const goal = prev(GOAL).length
    ? prev(GOAL)
    : [facts.firstRequest ?? '(no user request in this part of the conversation)'];
  const inProgress = facts.lastRequest ? `- [ ] ${facts.lastRequest}` : NONE;
  // Whatever was in progress before these messages, and is not the request still open, was worked on since.
  const done = newest(
    unique([
      ...prev(DONE).filter((line) => !GENERATED.test(line)),
      ...prev(IN_PROGRESS)
        .filter((line) => line !== inProgress)
        .map((line) => line.replace(/^- \[ \]/, '- [x]')),
      ...bullets(progressLines(facts), '- [x] ').filter((line) => line !== NONE),
    ]),
    MAX_ITEMS,
  );
  const constraints = newest(
    unique([...prev(CONSTRAINTS), ...facts.constraints.map((c) => `- ${c}`)]),
    MAX_ITEMS,
  );
  // The command the next step will most likely run again; an older one stays until a newer replaces it.
  const lastCommand = facts.lastCommand
    ? `- Last command: ${facts.lastCommand}`
    : prev(CRITICAL).find((line) => LAST_COMMAND_LINE.test(line));
  const critical = newest(
    unique([
      ...prev(CRITICAL).filter((line) => !GENERATED.test(line)),
      ...(lastCommand ? [lastCommand] : []),
      ...(facts.lastAssistant ? [`- Last assistant reply: "${facts.lastAssistant}"`] : []),
      `- ${countLine(facts)}`,
    ]),
    MAX_ITEMS,
  );
  return [
    OFFLINE_NOTICE,
    '',
    GOAL,
    ...goal,
    '',
    CONSTRAINTS,
    ...(constraints.length ? constraints : [NONE]),
    '',
    PROGRESS,
    DONE,
    ...(done.length ? done : [NONE]),
    '',
    IN_PROGRESS,
    inProgress,
    '',
    BLOCKED,
    ...bullets(facts.errors),
    '',
    DECISIONS,
    ...(prev(DECISIONS).length ? newest(prev(DECISIONS), MAX_ITEMS) : [NOT_EXTRACTED]),
    '',
    NEXT_STEPS,
    facts.lastRequest
      ? `1. Continue with the last request: "${facts.lastRequest}"`
      : '1. Wait for the next request.',
    '',
    CRITICAL,
    ...critical,
  ];
}

function turnPrefixLines(facts: Facts): string[] {
  const context = [
    ...(facts.lastCommand ? [`Last command: ${facts.lastCommand}`] : []),
    ...(facts.lastAssistant ? [`Last assistant reply: "${facts.lastAssistant}"`] : []),
    ...facts.errors.map((error) => `Error seen: ${error}`),
    countLine(facts),
  ];
  return [
    OFFLINE_NOTICE,
    '',
    ORIGINAL_REQUEST,
    facts.firstRequest ?? '(the request is not in this part of the turn)',
    '',
    EARLY_PROGRESS,
    ...bullets(progressLines(facts)),
    '',
    CONTEXT_FOR_SUFFIX,
    ...bullets(context),
  ];
}

const MIN_CUT_LINE = 24;

/**
 * Keeps whole lines while they fit in `maxChars`; the first line that does
 * not fit is cut with an ellipsis if it is content and enough room is left,
 * and nothing after it is kept. A heading is never cut, and headings left
 * without content at the end are dropped. The notice line always stays.
 */
export function fitLines(lines: readonly string[], maxChars: number): string[] {
  const kept: string[] = [lines[0]];
  let used = lines[0].length;
  for (const line of lines.slice(1)) {
    const cost = line.length + 1;
    if (used + cost <= maxChars) {
      kept.push(line);
      used += cost;
      continue;
    }
    const room = maxChars - used - 1;
    if (!line.startsWith('#') && room >= MIN_CUT_LINE) kept.push(`${line.slice(0, room - 1)}…`);
    break;
  }
  while (kept.length > 1 && (kept.at(-1) === '' || (kept.at(-1) as string).startsWith('#'))) kept.pop();
  return kept;
}

/** The offline summary text for one request; pure, so the CLI and tests can call it directly. */
export function offlineSummary(request: Pick<SummaryRequest, 'part' | 'prompt' | 'maxTokens'>): string {
  const parsed = parsePrompt(request.prompt);
  const previous = sectionsOf(parsed.previousSummary);
  const facts = gather(parsed, previous);
  const lines = request.part === 'turn-prefix' ? turnPrefixLines(facts) : historyLines(facts, previous);
  return fitLines(lines, Math.max(1, request.maxTokens) * 4).join('\n');
}

/** Streams in one chunk per section, as a model would stream it piece by piece. */
function sectionChunks(text: string): string[] {
  return text.split(/(?=\n\n## )/);
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export const OFFLINE_LABEL = 'offline';

export interface OfflineOptions {
  /**
   * Waits a turn of the event loop before each section, as a model's stream
   * arrives (the default): a page shows each piece, and a Stop lands between
   * them. Work that compares many summaries at once (`audit`, the ledger's
   * strategies) wants them at once: each wait costs a millisecond or more.
   */
  paced?: boolean;
}

export function createOfflineSummarizer(options: OfflineOptions = {}): Summarizer {
  const paced = options.paced ?? true;
  return {
    label: OFFLINE_LABEL,
    async *stream(request: SummaryRequest): AsyncIterable<SummaryChunk> {
      request.signal.throwIfAborted();
      const text = offlineSummary(request);
      yield { type: 'response', model: OFFLINE_LABEL };
      for (const chunk of sectionChunks(text)) {
        // Let the page render each piece, and let a Stop land between pieces.
        if (paced) await new Promise((resolve) => setTimeout(resolve, 0));
        request.signal.throwIfAborted();
        yield { type: 'text', text: chunk };
      }
      yield { type: 'finish', reason: 'stop' };
      yield {
        type: 'usage',
        usage: {
          promptTokens: estimateTokens(request.system) + estimateTokens(request.prompt),
          completionTokens: estimateTokens(text),
        },
      };
    },
  };
}
