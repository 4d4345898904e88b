/**
 * The facts a compaction must not lose, drawn from the messages it
 * summarizes without asking any model: which files were touched, the last
 * failure and the last command, what the user instructed, the agent's open
 * todo items, and the names its edits declared. Each fact remembers the
 * message it came from, so the page can show it in place.
 */
import { PATH_KEYS, fileAccess } from '../fileOps';
import type { Message } from '../message';
import { PATCH_TOOLS, patchFiles, patchText } from '../patchFiles';
import { isSummaryMessage } from '../summaryEnvelope';
import { instructions, taskOf } from './constraints';
import { failureLine, isFailure } from './failures';
import { declaredNames, editedText } from './identifiers';
import { pathsInCommand, shellCommand } from './shell';
import { StatedNumbers, type StatedNumber } from './statedNumbers';
import { isOpen, todoList } from './todos';

export type FactKind = 'artifact' | 'last-error' | 'last-command' | 'constraint' | 'open-task' | 'identifier';

export const FACT_KINDS: readonly FactKind[] = [
  'artifact',
  'last-error',
  'last-command',
  'constraint',
  'open-task',
  'identifier',
];

/** What each kind is called where a person reads it. */
export const FACT_KIND_LABELS: Readonly<Record<FactKind, string>> = {
  artifact: 'file',
  'last-error': 'last error',
  'last-command': 'last command',
  constraint: 'constraint',
  'open-task': 'open task',
  identifier: 'identifier',
};

/** How an artifact was touched; `command` for a path named in a shell command. */
export type ArtifactAccess = 'read' | 'write' | 'edit' | 'command';

export interface Fact {
  kind: FactKind;
  /** What must survive: a path, a sentence, a command, a name. */
  text: string;
  /** Index of the message it came from, in the messages given. */
  index: number;
  /** Artifacts: how the file was touched (the strongest access seen). */
  access?: ArtifactAccess;
  /** Constraints: the user's first request rather than a rule. */
  firstTask?: boolean;
}

/** A half-open range of message indices. */
export interface IndexRange {
  from: number;
  to: number;
}

/** Per kind, at most this many facts (the newest for identifiers, the first for the rest). */
export const MAX_FACTS_PER_KIND = 50;

const ACCESS_RANK: Readonly<Record<ArtifactAccess, number>> = { command: 0, read: 1, write: 2, edit: 2 };

function parseObject(args: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Context a harness injects as a user message (`<user_instructions>`,
 * `<environment_context>`): its rules are the user's, but it is not a request.
 */
function isInjected(text: string): boolean {
  const open = /^\s*<([\w-]+)>/.exec(text);
  return !!open && text.trimEnd().endsWith(`</${open[1]}>`);
}

/** A path named in a command that is the tail of a path a file tool named is the same file. */
export function sameFile(a: string, b: string): boolean {
  const strip = (p: string) => p.replace(/^\.\//, '');
  const [x, y] = [strip(a), strip(b)];
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
}

class Artifacts {
  readonly facts: Fact[] = [];

  constructor(private readonly limit: number) {}

  add(path: string, access: ArtifactAccess, index: number): void {
    const trimmed = path.trim();
    if (!trimmed) return;
    const existing =
      access === 'command'
        ? this.facts.find((f) => sameFile(f.text, trimmed))
        : (this.facts.find((f) => f.text === trimmed) ??
          this.facts.find((f) => f.access === 'command' && sameFile(f.text, trimmed)));
    if (existing) {
      // A file tool's full path replaces the short form a command used.
      if (existing.access === 'command' && access !== 'command') existing.text = trimmed;
      if (ACCESS_RANK[access] > ACCESS_RANK[existing.access ?? 'command']) existing.access = access;
      return;
    }
    if (this.facts.length < this.limit) this.facts.push({ kind: 'artifact', text: trimmed, index, access });
  }
}

/**
 * Everything the walk finds, before the judge picks from it: every command
 * and every failure (the judge keeps the last of each, the ledger of a
 * recorded session keeps them all), and the numbers the user and the tools
 * stated, which only the ledger reads.
 */
export interface MinedFacts {
  artifacts: Fact[];
  /** Distinct commands, oldest first; a repeated one moves to the end with its newest message. */
  commands: Fact[];
  /** Distinct failure lines, ordered like `commands`. */
  errors: Fact[];
  /** The first request of the range, when it has one. */
  firstTask?: Fact;
  /** Instructing sentences, once each, first task excluded. */
  constraints: Fact[];
  /** The open items of the newest todo list. */
  todos: Fact[];
  identifiers: Fact[];
  numbers: StatedNumber[];
}

/** Appends `fact` to a list of distinct texts: a repeat moves to the end, the oldest falls off at `limit`. */
function pushNewest(list: Fact[], fact: Fact, limit: number): void {
  const seen = list.findIndex((f) => f.text === fact.text);
  if (seen >= 0) list.splice(seen, 1);
  list.push(fact);
  if (list.length > limit) list.shift();
}

/** The tool that produced each tool result, by call id: a file read's output states no numbers of its own. */
function readResults(message: Message, reads: Set<string>): void {
  for (const call of message.toolCalls ?? []) if (fileAccess(call.name) === 'read') reads.add(call.id);
}

/**
 * Every fact of the messages in `ranges`, at most `limit` per kind. Summary
 * messages already in the range are not mined: their facts are the previous
 * summary's.
 */
export function mineFacts(
  messages: readonly Message[],
  ranges: readonly IndexRange[],
  limit = MAX_FACTS_PER_KIND,
): MinedFacts {
  const artifacts = new Artifacts(limit);
  const mined: MinedFacts = {
    artifacts: artifacts.facts,
    commands: [],
    errors: [],
    constraints: [],
    todos: [],
    identifiers: [],
    numbers: [],
  };
  const numbers = new StatedNumbers(mined.numbers, limit);
  const reads = new Set<string>();

  for (const range of ranges) {
    const to = Math.min(range.to, messages.length);
    for (let index = Math.max(0, range.from); index < to; index++) {
      const message = messages[index];
      if (isSummaryMessage(message)) continue;
      if (message.role === 'user') {
        const injected = isInjected(message.content);
        if (!mined.firstTask && message.content.trim() && !injected) {
          mined.firstTask = { kind: 'constraint', text: taskOf(message.content), index, firstTask: true };
        }
        for (const sentence of instructions(message.content)) {
          if (mined.constraints.length >= limit) break;
          if (!mined.constraints.some((c) => c.text === sentence))
            mined.constraints.push({ kind: 'constraint', text: sentence, index });
        }
        if (!injected) numbers.fromUser(message.content, index);
      }
      if (message.role === 'tool') {
        if (isFailure(message.content))
          pushNewest(mined.errors, { kind: 'last-error', text: failureLine(message.content), index }, limit);
        if (!(message.toolCallId && reads.has(message.toolCallId))) numbers.fromTool(message.content, index);
      }
      readResults(message, reads);
      for (const call of message.toolCalls ?? []) {
        const command = shellCommand(call);
        if (command !== undefined) {
          pushNewest(
            mined.commands,
            { kind: 'last-command', text: command.replace(/\s+/g, ' '), index },
            limit,
          );
          for (const path of pathsInCommand(command)) artifacts.add(path, 'command', index);
        }
        const fileTool = fileAccess(call.name);
        if (PATCH_TOOLS.includes(call.name)) {
          const patch = patchText(call.arguments);
          for (const file of patch === undefined ? [] : patchFiles(patch))
            artifacts.add(file.path, file.access, index);
        } else if (fileTool) {
          const args = parseObject(call.arguments);
          const key = args && PATH_KEYS.find((k) => typeof args[k] === 'string');
          if (args && key) {
            let access: ArtifactAccess = fileTool;
            if (access === 'edit' && args.command === 'view') access = 'read';
            if (access === 'edit' && args.command === 'create') access = 'write';
            artifacts.add(args[key] as string, access, index);
          }
        }
        const list = todoList(call);
        if (list)
          mined.todos = list
            .filter(isOpen)
            .slice(0, limit)
            .map((item) => ({ kind: 'open-task', text: item.text, index }));
        const edited = editedText(call);
        if (edited) {
          for (const name of declaredNames(edited))
            pushNewest(mined.identifiers, { kind: 'identifier', text: name, index }, limit);
        }
      }
    }
  }
  mined.constraints = mined.constraints.filter((c) => c.text !== mined.firstTask?.text);
  return mined;
}

/**
 * The facts a judge checks in the messages in `ranges` (the history and the
 * turn prefix a compaction summarizes), in message order within each kind:
 * the last failure and the last command only.
 */
export function extractFacts(messages: readonly Message[], ranges: readonly IndexRange[]): Fact[] {
  const mined = mineFacts(messages, ranges);
  const lastError = mined.errors[mined.errors.length - 1];
  const lastCommand = mined.commands[mined.commands.length - 1];
  const { firstTask } = mined;
  return [
    ...mined.artifacts,
    ...(lastError ? [lastError] : []),
    ...(lastCommand ? [lastCommand] : []),
    ...(firstTask ? [firstTask] : []),
    ...mined.constraints.slice(0, MAX_FACTS_PER_KIND - (firstTask ? 1 : 0)),
    ...mined.todos,
    ...mined.identifiers.sort((a, b) => a.index - b.index),
  ];
}
