/**
 * Claude Code's lines read into messages: a path of the session's tree
 * becomes messages, the calls its responses record and its usage, and a
 * compact boundary a recorded compaction. `claudeCode.ts` finds the paths.
 */
import { appendAll } from '../core/arrays';
import { promptTokens } from '../core/fileUsage';
import type { Message } from '../core/message';
import type { RecordedCall, RecordedCompaction } from '../core/session/history';
import { anthropicUsage, convertAnthropicMessage } from './anthropicBlocks';
import { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { field, isRecord, num, rec, str } from './json';
import type { ImportUsage } from './types';

export const MESSAGE_TYPES = new Set(['user', 'assistant']);

export interface Node {
  uuid: string;
  parent: string | null;
  type: string;
  line: number;
  sidechain: boolean;
  record: JsonRecord;
}

/** One segment of the conversation read into messages, with the calls its assistant lines record. */
export interface Converted {
  messages: Message[];
  /** The uuid of the line each message came from, index for index. */
  lineIds: string[];
  calls: RecordedCall[];
}

/** The duration a boundary records; a 0 is a placeholder (fixtures write one), not a measurement. */
export function durationOf(meta: JsonRecord | undefined): { durationMs?: number } {
  const ms = meta && num(meta, 'durationMs');
  return ms !== undefined && ms > 0 ? { durationMs: ms } : {};
}

/** A compact boundary hides everything before it from the model. */
export function isCompactBoundary(node: Node): boolean {
  return node.type === 'system' && str(node.record, 'subtype') === 'compact_boundary';
}

/**
 * A compact boundary as a recorded compaction. What follows it is the
 * summary (the `isCompactSummary` line) and, when the boundary lists them,
 * the messages it kept verbatim (`preservedMessages.uuids`, or a
 * `preservedSegment` from its head to its tail line).
 */
export function compactionAt(
  boundary: Node,
  at: number,
  converted: Converted,
  earlierIds: string[],
  preservedLines: (meta: JsonRecord | undefined) => string[],
): RecordedCompaction {
  const meta = rec(boundary.record, 'compactMetadata');
  const trigger = meta ? str(meta, 'trigger') : undefined;
  // Everything written after the boundary up to its summary opens the new context.
  const summary = converted.messages.findIndex((m) => m.kind === 'summary');
  const opening = summary >= 0 ? summary + 1 : Math.min(1, converted.messages.length);
  const contextAfter = Array.from({ length: opening }, (_, i) => at + i);
  const preserved = new Set(preservedLines(meta));
  if (preserved.size)
    earlierIds.forEach((id, i) => {
      if (preserved.has(id)) contextAfter.push(i);
    });
  return {
    atMessage: at,
    contextAfter,
    trigger: trigger === 'auto' || trigger === 'manual' ? trigger : null,
    tokensBefore: (meta && num(meta, 'preTokens')) ?? null,
    tokensAfter: (meta && num(meta, 'postTokens')) ?? null,
    ...durationOf(meta),
    source: 'compact_boundary',
    line: boundary.line,
  };
}

/** One segment of the path read into messages, with the calls its assistant lines record. */
export function convertPath(path: Node[], log: IssueLog): Converted {
  // Group lines into API messages: a response split over several lines shares message.id.
  interface Group {
    role: 'user' | 'assistant';
    blocks: unknown[] | string;
    node: Node;
    messageId?: string;
    onlyToolResults: boolean;
    /** The usage of the response, from its last line (later lines carry the final output count). */
    usage?: JsonRecord;
    /** The group's own copy of its blocks, made when a later line is first merged into it. */
    merged?: unknown[];
  }
  const groups: Group[] = [];
  const openAssistant = new Map<string, number>();
  // The newest group that is not only tool results: a response can take more lines until one comes.
  let lastOther = -1;
  for (const node of path) {
    if (!MESSAGE_TYPES.has(node.type)) continue;
    const message = rec(node.record, 'message');
    if (!message) {
      log.tally(
        'missing-message',
        '',
        'Message lines without a "message" object were skipped',
        { line: node.line },
        node.record,
      );
      continue;
    }
    const content = field(message, 'content');
    const role = node.type === 'assistant' ? 'assistant' : 'user';
    const messageId = role === 'assistant' ? str(message, 'id') : undefined;
    if (messageId !== undefined) {
      const at = openAssistant.get(messageId);
      // Later lines of the same response may follow the results of its earlier calls.
      if (at !== undefined && at === lastOther && Array.isArray(content)) {
        const target = groups[at]!;
        // Appending to one copy keeps a response split over 100,000 lines linear, not quadratic.
        const merged =
          target.merged ??
          (Array.isArray(target.blocks) ? target.blocks.slice() : [{ type: 'text', text: target.blocks }]);
        appendAll(merged, content);
        target.blocks = target.merged = merged;
        target.usage = rec(message, 'usage') ?? target.usage;
        continue;
      }
      openAssistant.set(messageId, groups.length);
    }
    const blocks = Array.isArray(content) ? content : typeof content === 'string' ? content : '';
    const onlyToolResults =
      role === 'user' &&
      Array.isArray(blocks) &&
      blocks.length > 0 &&
      blocks.every((b) => isRecord(b) && str(b, 'type') === 'tool_result');
    if (!onlyToolResults) lastOther = groups.length;
    groups.push({ role, blocks, node, messageId, onlyToolResults, usage: rec(message, 'usage') });
  }
  const messages: Message[] = [];
  const lineIds: string[] = [];
  const calls: RecordedCall[] = [];
  const called = new Set<string>();
  // A turn opens with a prompt the user typed: not tool results, not injected meta lines.
  // Newer files name it (`promptId`); older ones are given the prompt's own uuid.
  let turn: string | undefined;
  for (const group of groups) {
    const { node } = group;
    const opensTurn =
      group.role === 'user' &&
      !group.onlyToolResults &&
      field(node.record, 'isMeta') !== true &&
      field(node.record, 'isCompactSummary') !== true;
    if (opensTurn) turn = str(node.record, 'promptId') ?? node.uuid;
    const converted = convertAnthropicMessage(
      group.role,
      group.blocks,
      { id: node.uuid, line: node.line, turnId: str(node.record, 'promptId') ?? turn },
      log,
    );
    if (converted.compacted) {
      messages.length = 0;
      lineIds.length = 0;
      calls.length = 0;
    }
    if (field(node.record, 'isCompactSummary') === true) {
      for (const m of converted.messages) if (m.role === 'user') m.kind = 'summary';
    }
    // A response whose lines were not merged (something else came between them) is still one call.
    const first = group.messageId === undefined || !called.has(group.messageId);
    if (group.role === 'assistant' && group.usage && converted.messages.length && first) {
      const model = str(rec(node.record, 'message') ?? {}, 'model');
      calls.push(recordedCall(messages.length, group.usage, model));
      if (group.messageId !== undefined) called.add(group.messageId);
    }
    appendAll(messages, converted.messages);
    for (let k = 0; k < converted.messages.length; k++) lineIds.push(node.uuid);
  }
  return { messages, lineIds, calls };
}

/** The usage of the newest assistant line on the path, with the version of Claude Code that wrote it. */
export function pathUsage(path: Node[]): ImportUsage | undefined {
  // Every line names the Claude Code that wrote it; the newest on the path is the one in use now.
  let version: string | undefined;
  for (let i = path.length - 1; i >= 0 && !version; i--) version = str(path[i]!.record, 'version');
  const agent = version ? { agentVersion: version } : undefined;
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i]!;
    if (node.type !== 'assistant') continue;
    const message = rec(node.record, 'message');
    if (message && rec(message, 'usage')) return { ...anthropicUsage(message), ...agent };
  }
  return agent;
}

/** One response's usage as a recorded call: the prompt is fresh input plus both cache counts. */
function recordedCall(atMessage: number, usage: JsonRecord, model: string | undefined): RecordedCall {
  const input = num(usage, 'input_tokens') ?? null;
  const read = num(usage, 'cache_read_input_tokens') ?? null;
  const write = num(usage, 'cache_creation_input_tokens') ?? null;
  const any = input !== null || read !== null || write !== null;
  return {
    atMessage,
    contextTokens: any ? promptTokens(input, read, write) : null,
    inputTokens: input,
    cacheReadTokens: read,
    cacheWriteTokens: write,
    outputTokens: num(usage, 'output_tokens') ?? null,
    ...(model ? { model } : {}),
  };
}

/**
 * Tool results name the tool that produced them. The context now gets its
 * names when the import pairs it; the hidden part of the session is never
 * paired, so its results are named here from the calls they answer.
 */
export function nameToolResults(messages: Message[]): void {
  const names = new Map<string, string>();
  for (const m of messages) {
    for (const call of m.toolCalls ?? []) names.set(call.id, call.name);
    if (m.role === 'tool' && m.toolName === undefined && m.toolCallId !== undefined) {
      const name = names.get(m.toolCallId);
      if (name !== undefined) m.toolName = name;
    }
  }
}
