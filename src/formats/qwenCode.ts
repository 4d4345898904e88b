/**
 * Qwen Code chat logs (`~/.qwen/projects/<project>/chats/<session>.jsonl`).
 * Qwen Code forked Gemini CLI and records Claude Code-like lines (`uuid`,
 * `parentUuid`, `sessionId`, `type`), but each line's `message` is a Gemini
 * `Content`: `{role: "user" | "model", parts}`. So it looks like Claude
 * Code and reads like the Gemini API. The conversation is the chain from the
 * newest message line back to the root; `system` lines (telemetry, for
 * example) are for the app and never sent.
 */
import { appendAll } from '../core/arrays';
import type { Message } from '../core/message';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { CallLedger, convertContent } from './gemini';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, str } from './json';
import { pathToRoot } from './tree';

/** A line's message as Qwen Code writes it: a role and a part list, no Anthropic `content`. */
export function hasGeminiContent(record: unknown): boolean {
  if (!isRecord(record)) return false;
  const message = rec(record, 'message');
  return !!message && Array.isArray(field(message, 'parts')) && !('content' in message);
}

function isQwenLine(record: unknown): boolean {
  return (
    isRecord(record) &&
    typeof field(record, 'uuid') === 'string' &&
    typeof field(record, 'sessionId') === 'string' &&
    'parentUuid' in record &&
    hasGeminiContent(record)
  );
}

const MESSAGE_TYPES = new Set(['user', 'assistant', 'tool_result']);

interface Node {
  uuid: string;
  parent: string | null;
  line: number;
  record: JsonRecord;
}

export const qwenCode: JsonlImporter = {
  id: 'qwen-code',
  fixtures: ['qwen-code.jsonl'],
  detectRecords(records) {
    const lines = records.filter(isQwenLine).length;
    if (lines === 0) return null;
    return detection(
      'qwen-code',
      lines >= records.length / 2 ? 0.98 : 0.8,
      'lines with uuid, parentUuid and sessionId whose message is {role, parts}',
    );
  },
  start(log): JsonlSession {
    return new QwenSession(log);
  },
};

class QwenSession implements JsonlSession {
  private readonly nodes = new Map<string, Node>();
  private leaf: Node | undefined;
  private model: string | undefined;

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isRecord(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const uuid = str(record, 'uuid');
    if (!uuid || this.nodes.has(uuid)) return;
    const parent = field(record, 'parentUuid');
    const node: Node = { uuid, parent: typeof parent === 'string' ? parent : null, line, record };
    this.nodes.set(uuid, node);
    const type = str(record, 'type') ?? '';
    if (MESSAGE_TYPES.has(type)) this.leaf = node;
    else
      this.log.tallyNote(
        'metadata-line',
        `${type}:${str(record, 'subtype') ?? ''}`,
        `Lines of type "${type}"${str(record, 'subtype') ? ` (${str(record, 'subtype')})` : ''} are for the app and were left out`,
        { line },
      );
    this.model = str(record, 'model') ?? this.model;
  }

  finish(): Imported {
    const path = pathToRoot(
      this.leaf,
      (node) => node.uuid,
      (id) => this.nodes.get(id),
      this.log,
      { link: 'parentUuid', item: 'A line' },
    );
    const ledger = new CallLedger();
    const messages: Message[] = [];
    for (const node of path) {
      const type = str(node.record, 'type') ?? '';
      if (!MESSAGE_TYPES.has(type)) continue;
      const message = rec(node.record, 'message')!;
      const role = str(message, 'role') === 'model' ? 'model' : 'user';
      const converted = convertContent(
        role,
        arr(message, 'parts') ?? [],
        node.uuid,
        undefined,
        node.line,
        ledger,
        this.log,
      );
      appendAll(messages, converted.messages);
    }
    return { messages, usage: this.model ? { model: this.model } : undefined };
  }
}
