/**
 * GitHub Copilot CLI session events (`~/.copilot/session-state/<id>/events.jsonl`):
 * one `{type, data, id, timestamp, parentId}` event per line, types named
 * `area.event`. The conversation is in four of them: `system.message`,
 * `user.message` (the model reads `transformedContent`, the prompt with
 * what the CLI attached), `assistant.message` (text, reasoning and
 * `toolRequests`) and `tool.execution_complete` (the result). Three more
 * change what the model gets or say what it cost: an applied
 * `session.compaction_complete`, a `session.truncation`, and the
 * `session.usage_record` written before each reply (fields as in
 * github/copilot-sdk `nodejs/src/generated/session-events.ts`, and as the
 * conformance lab saw Copilot CLI 1.0.102 send them). The rest (turn
 * markers, hooks, model changes) is for the app. Events with
 * `data.parentToolCallId` belong to a sub-agent run inside a tool call; the
 * main conversation does not carry them.
 */
import type { Message, ToolCall } from '../core/message';
import { makeMessage } from './build';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import { callUsage, type CallUsage, SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';

const MESSAGE_EVENTS = new Set([
  'system.message',
  'user.message',
  'assistant.message',
  'tool.execution_complete',
]);

/** `area.event`, as every Copilot CLI event type is spelled. */
const EVENT_TYPE = /^[a-z_]+\.[a-z_]+$/;

function isEvent(record: unknown): record is JsonRecord {
  return (
    isRecord(record) &&
    EVENT_TYPE.test(str(record, 'type') ?? '') &&
    isRecord(field(record, 'data')) &&
    typeof field(record, 'id') === 'string' &&
    'parentId' in record
  );
}

export const copilotCli: JsonlImporter = {
  id: 'copilot-cli',
  fixtures: ['copilot-cli.jsonl'],
  detectRecords(records) {
    const first = records[0];
    const data = isRecord(first) ? rec(first, 'data') : undefined;
    if (
      isEvent(first) &&
      str(first, 'type') === 'session.start' &&
      data &&
      str(data, 'producer') === 'copilot-agent'
    )
      return detection('copilot-cli', 0.98, 'a first "session.start" event from producer "copilot-agent"');
    const events = records.filter(isEvent);
    if (events.length === 0 || events.length < records.length / 2) return null;
    const messages = events.filter((e) => MESSAGE_EVENTS.has(str(e, 'type') ?? '')).length;
    // Without a single message event these are only Copilot-like lines: a low bid.
    return messages > 0
      ? detection('copilot-cli', 0.85, '{type: "area.event", data, id, parentId} events with message events')
      : detection(
          'copilot-cli',
          0.4,
          '{type: "area.event", data, id, parentId} events, none of them a message',
        );
  },
  start(log): JsonlSession {
    return new CopilotSession(log);
  },
};

class CopilotSession implements JsonlSession {
  /** The context now: the system prompt first, as every request carries it. */
  private messages: Message[] = [];
  private readonly recorder = new SessionRecorder();
  /** What the user typed, in order: Copilot repeats them in the message that carries a summary. */
  private readonly prompts: string[] = [];
  /** The newest `session.usage_record`, waiting for the reply it belongs to (written just before it). */
  private pendingCall: CallUsage | undefined;
  private lastCall: CallUsage | undefined;
  private subAgentEvents = 0;
  private model: string | undefined;
  /** `session.start`'s `copilotVersion`: the Copilot CLI that wrote the events. */
  private agentVersion: string | undefined;

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isEvent(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const type = str(record, 'type')!;
    const data = rec(record, 'data')!;
    const id = str(record, 'id')!;
    if (type === 'session.start') {
      this.model = str(data, 'selectedModel') ?? this.model;
      this.agentVersion = str(data, 'copilotVersion') ?? this.agentVersion;
    }
    if (str(data, 'parentToolCallId') !== undefined) {
      if (MESSAGE_EVENTS.has(type)) this.subAgentEvents++;
      return;
    }
    if (type === 'session.usage_record') this.pendingCall = recordedUsage(data);
    else if (type === 'session.compaction_complete') this.compacted(data, id, line);
    else if (type === 'session.truncation') this.truncated(data, line);
    if (MESSAGE_EVENTS.has(type)) this.message(type, data, id, line);
  }

  private message(type: string, data: JsonRecord, id: string, line: number): void {
    const source = { line };
    switch (type) {
      case 'system.message': {
        // Each interaction writes the system prompt again; a request carries it once, the newest, first.
        const content = str(data, 'content') ?? '';
        const system = this.messages.find((m) => m.role === 'system');
        if (system) system.content = content;
        else this.messages.unshift(this.recorded(makeMessage({ id, role: 'system', content, source })));
        return;
      }
      case 'user.message':
        this.prompts.push(str(data, 'content') ?? '');
        this.messages.push(
          this.recorded(
            makeMessage({
              id,
              role: 'user',
              content: str(data, 'transformedContent') ?? str(data, 'content') ?? '',
              images: (arr(data, 'attachments') ?? []).filter(
                (a) => isRecord(a) && str(a, 'type') === 'image',
              ).length,
              source,
            }),
          ),
        );
        return;
      case 'assistant.message': {
        const reply = this.recorded(
          makeMessage({
            id,
            role: 'assistant',
            content: str(data, 'content') ?? '',
            reasoning: str(data, 'reasoningText'),
            toolCalls: toolRequests(data, id),
            source,
          }),
        );
        this.messages.push(reply);
        if (this.pendingCall) this.recorder.call(reply, this.pendingCall);
        this.lastCall = this.pendingCall ?? this.lastCall;
        this.pendingCall = undefined;
        return;
      }
      case 'tool.execution_complete':
        this.messages.push(
          this.recorded(
            makeMessage({
              id,
              role: 'tool',
              content: resultText(data),
              toolCallId: str(data, 'toolCallId'),
              source,
            }),
          ),
        );
    }
  }

  private recorded(message: Message): Message {
    this.recorder.record(message);
    return message;
  }

  /**
   * An applied compaction: the first `preCompactionMessagesLength` messages
   * of the context (the system prompt counted) give way to one user message
   * with the user's prompts and the summary; what the turn added while the
   * summary was being written is kept after it. A cancelled or failed one
   * changes nothing.
   */
  private compacted(data: JsonRecord, id: string, line: number): void {
    const summary = str(data, 'summaryContent');
    const before = messageCount(data, 'preCompactionMessagesLength');
    const outcome = str(data, 'outcome');
    if (field(data, 'success') !== true || (outcome !== undefined && outcome !== 'applied')) return;
    if (summary === undefined || before === undefined) return;
    const system = this.messages.filter((m) => m.role === 'system');
    const conversation = this.messages.filter((m) => m.role !== 'system');
    const kept = conversation.slice(Math.max(0, before - system.length));
    const written = makeMessage({
      id,
      role: 'user',
      kind: 'summary',
      content: summaryMessage(this.prompts, summary),
      source: { line },
    });
    this.messages = [...system, written, ...kept];
    this.recorder.compaction(
      this.messages,
      {
        trigger: str(data, 'trigger') === 'manual' ? 'manual' : 'auto',
        tokensBefore: num(data, 'preCompactionTokens') ?? null,
        tokensAfter: num(data, 'postCompactionTokens') ?? null,
        source: 'session.compaction_complete',
        line,
      },
      written,
    );
  }

  /** A truncation: the oldest messages after the system prompt are no longer sent, and nothing takes their place. */
  private truncated(data: JsonRecord, line: number): void {
    const removed = messageCount(data, 'messagesRemovedDuringTruncation') ?? 0;
    if (removed === 0) return;
    const system = this.messages.filter((m) => m.role === 'system');
    const conversation = this.messages.filter((m) => m.role !== 'system');
    this.messages = [...system, ...conversation.slice(removed)];
    this.recorder.compaction(this.messages, {
      trigger: 'auto',
      tokensBefore: num(data, 'preTruncationTokensInMessages') ?? null,
      tokensAfter: num(data, 'postTruncationTokensInMessages') ?? null,
      source: 'session.truncation',
      line,
    });
  }

  finish(): Imported {
    if (this.subAgentEvents)
      this.log.note(
        'sidechain-lines',
        `${counted(this.subAgentEvents, 'sub-agent event')} (inside a tool call) ${this.subAgentEvents === 1 ? 'was' : 'were'} left out: the main conversation does not carry them`,
      );
    return {
      messages: this.messages,
      usage: this.usage(),
      history: this.recorder.history(this.messages),
    };
  }

  private usage(): ImportUsage | undefined {
    const call = this.lastCall;
    const usage: ImportUsage = {
      ...(call?.contextTokens != null ? { contextTokens: call.contextTokens } : {}),
      ...(call?.cacheReadTokens ? { cachedInputTokens: call.cacheReadTokens } : {}),
      ...(call?.outputTokens != null ? { outputTokens: call.outputTokens } : {}),
      ...(this.model ? { model: this.model } : {}),
      ...(this.agentVersion ? { agentVersion: this.agentVersion } : {}),
    };
    return Object.keys(usage).length > 0 ? usage : undefined;
  }
}

/** A count of messages an event gives: a whole number of 0 or more, else none (a file may hold anything). */
function messageCount(data: JsonRecord, key: string): number | undefined {
  const value = num(data, key);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * One call's usage from `session.usage_record`. Its `inputTokens` is read as
 * the whole prompt, as the OpenAI protocol Copilot spoke in the lab counts
 * it (the cache was empty there, so the split is not confirmed).
 */
function recordedUsage(data: JsonRecord): CallUsage | undefined {
  const usage = rec(data, 'usage');
  // A sub-agent's call is not the reply that follows in the main conversation.
  if (!usage || str(usage, 'initiator') === 'sub-agent') return undefined;
  return callUsage({
    total: num(usage, 'inputTokens'),
    cacheRead: num(usage, 'cacheReadTokens') || undefined,
    cacheWrite: num(usage, 'cacheWriteTokens') || undefined,
    output: num(usage, 'outputTokens'),
    model: str(usage, 'model'),
  });
}

/**
 * The user message Copilot CLI 1.0.102 sends in place of what it compacted,
 * as the lab recorded it: a line saying history was summarized, the user's
 * own prompts, then the summary.
 */
function summaryMessage(prompts: readonly string[], summary: string): string {
  const asked = prompts.map((p) => `<user_message>\n${p}\n</user_message>`).join('\n');
  return (
    'Some of the conversation history has been summarized to free up context.\n\n' +
    'You were originally given instructions from a user over one or more turns. Here were the user messages:\n' +
    `${asked}\n\nHere is a summary of the prior context:\n<summary>\n${summary}\n</summary>\n`
  );
}

function toolRequests(data: JsonRecord, id: string): ToolCall[] {
  return (arr(data, 'toolRequests') ?? []).filter(isRecord).map((request, k) => {
    const args = field(request, 'arguments');
    return {
      id: str(request, 'toolCallId') ?? `${id}:call${k}`,
      name: str(request, 'name') ?? 'unknown',
      arguments: typeof args === 'string' ? args : safeStringify(args ?? {}),
    };
  });
}

/** What the model got back: the result's content, else the error message. */
function resultText(data: JsonRecord): string {
  const result = rec(data, 'result');
  const content = result ? field(result, 'content') : undefined;
  if (typeof content === 'string') return content;
  if (content !== undefined && content !== null) return safeStringify(content);
  const error = rec(data, 'error');
  return (error && str(error, 'message')) ?? (field(data, 'success') === false ? '[failed]' : '');
}
