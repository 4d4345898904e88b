/**
 * Qwen Code chat logs (`~/.qwen/projects/<project>/chats/<session>.jsonl`).
 * Qwen Code forked Gemini CLI and records Claude Code-like lines (`uuid`,
 * `parentUuid`, `sessionId`, `type`), but each line's `message` is a Gemini
 * `Content`: `{role: "user" | "model", parts}`. So it looks like Claude
 * Code and reads like the Gemini API. The conversation is the chain from the
 * newest message line back to the root; `system` lines (telemetry, for
 * example) are for the app and never sent, except a `chat_compression` line,
 * whose `compressedHistory` is the context from there on.
 */
import { appendAll } from '../core/arrays';
import type { Message } from '../core/message';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { CallLedger, convertContent } from './gemini';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, str } from './json';
import { SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';
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
  /** Every line's `version`: the Qwen Code that wrote it; the newest line's is the one in use now. */
  private agentVersion: string | undefined;

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
    else if (compressedHistory(record)) this.leaf = node;
    else
      this.log.tallyNote(
        'metadata-line',
        `${type}:${str(record, 'subtype') ?? ''}`,
        `Lines of type "${type}"${str(record, 'subtype') ? ` (${str(record, 'subtype')})` : ''} are for the app and were left out`,
        { line },
      );
    this.model = str(record, 'model') ?? this.model;
    this.agentVersion = str(record, 'version') ?? this.agentVersion;
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
    const recorder = new SessionRecorder();
    let messages: Message[] = [];
    for (const node of path) {
      const type = str(node.record, 'type') ?? '';
      const compressed = compressedHistory(node.record);
      if (compressed) {
        recorder.recordAll(messages);
        messages = this.compression(node, compressed, messages, ledger, recorder);
        continue;
      }
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
      recorder.recordAll(converted.messages);
    }
    return {
      messages,
      usage: this.usage(),
      history: recorder.history(messages),
    };
  }

  private usage(): ImportUsage | undefined {
    if (!this.model && !this.agentVersion) return undefined;
    return {
      ...(this.model ? { model: this.model } : {}),
      ...(this.agentVersion ? { agentVersion: this.agentVersion } : {}),
    };
  }

  /**
   * The context a compression left: its summary (the first user content),
   * the model's "Got it", and what it kept. A kept message whose text and
   * calls are an earlier message's is the newest such message (the scripted
   * model says "Reading the file." before every read).
   */
  private compression(
    node: Node,
    contents: JsonRecord[],
    before: readonly Message[],
    ledger: CallLedger,
    recorder: SessionRecorder,
  ): Message[] {
    const after: Message[] = [];
    contents.forEach((content, k) => {
      const role = str(content, 'role') === 'model' ? 'model' : 'user';
      const parts = arr(content, 'parts') ?? [];
      const id = `${node.uuid}:${k}`;
      const converted = convertContent(role, parts, id, undefined, node.line, ledger, this.log).messages;
      if (k === 0) for (const m of converted) if (m.role === 'user') m.kind = 'summary';
      const kept = k === 0 ? [] : converted.map((m) => before.findLast((b) => sameMessage(b, m)) ?? m);
      appendAll(after, k === 0 ? converted : kept);
    });
    appendAll(after, pendingResults(after, before));
    const info = rec(rec(node.record, 'systemPayload') ?? {}, 'info') ?? {};
    const reason = str(info, 'triggerReason');
    recorder.compaction(
      after,
      {
        trigger: reason === 'manual' ? 'manual' : reason === undefined ? null : 'auto',
        tokensBefore: num(info, 'originalTokenCount') ?? null,
        tokensAfter: num(info, 'newTokenCount') ?? null,
        source: 'chat_compression',
        line: node.line,
      },
      after[0],
    );
    return after;
  }
}

/** The same message kept: role, text and the ids of its calls. */
function sameMessage(a: Message, b: Message): boolean {
  const ids = (m: Message) => (m.toolCalls ?? []).map((call) => call.id).join('\n');
  return a.role === b.role && a.content === b.content && ids(a) === ids(b);
}

/**
 * The results of the calls a compressed history ends on. Qwen Code compresses
 * between a tool's result and the call that sends it: the line of the result
 * comes before the compression, whose history ends on the model's call, and
 * the result follows that call in the next request.
 */
function pendingResults(after: readonly Message[], before: readonly Message[]): Message[] {
  const last = after.at(-1);
  if (last?.role !== 'assistant' || !last.toolCalls?.length) return [];
  return last.toolCalls.flatMap((call) =>
    before.filter((m) => m.role === 'tool' && m.toolCallId === call.id),
  );
}

/** A `chat_compression` line's new history, Gemini `Content`s; undefined on any other line. */
function compressedHistory(record: JsonRecord): JsonRecord[] | undefined {
  if (str(record, 'type') !== 'system' || str(record, 'subtype') !== 'chat_compression') return undefined;
  const history = arr(rec(record, 'systemPayload') ?? {}, 'compressedHistory');
  return history?.filter(isRecord);
}
