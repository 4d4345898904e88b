/**
 * GitHub Copilot CLI session events (`~/.copilot/session-state/<id>/events.jsonl`):
 * one `{type, data, id, timestamp, parentId}` event per line, types named
 * `area.event`. The conversation is in four of them: `system.message`,
 * `user.message` (the model reads `transformedContent`, the prompt with
 * what the CLI attached), `assistant.message` (text, reasoning and
 * `toolRequests`) and `tool.execution_complete` (the result). The rest
 * (turn markers, hooks, model changes, usage checkpoints) is for the app.
 * Events with `data.parentToolCallId` belong to a sub-agent run inside a
 * tool call; the main conversation does not carry them.
 */
import type { Message, ToolCall } from '../core/message';
import { makeMessage } from './build';
import type { Imported, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, safeStringify, str } from './json';

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
  private readonly messages: Message[] = [];
  private subAgentEvents = 0;
  private model: string | undefined;

  constructor(private readonly log: IssueLog) {}

  add(record: unknown, line: number): void {
    if (!isEvent(record)) {
      this.log.notAnObject(line, record);
      return;
    }
    const type = str(record, 'type')!;
    const data = rec(record, 'data')!;
    const id = str(record, 'id')!;
    if (type === 'session.start') this.model = str(data, 'selectedModel') ?? this.model;
    if (!MESSAGE_EVENTS.has(type)) return;
    if (str(data, 'parentToolCallId') !== undefined) {
      this.subAgentEvents++;
      return;
    }
    const source = { line };
    switch (type) {
      case 'system.message': {
        // Each interaction writes the system prompt again; a request carries it once, the newest.
        const content = str(data, 'content') ?? '';
        const system = this.messages.find((m) => m.role === 'system');
        if (system) system.content = content;
        else this.messages.push(makeMessage({ id, role: 'system', content, source }));
        return;
      }
      case 'user.message':
        this.messages.push(
          makeMessage({
            id,
            role: 'user',
            content: str(data, 'transformedContent') ?? str(data, 'content') ?? '',
            images: (arr(data, 'attachments') ?? []).filter((a) => isRecord(a) && str(a, 'type') === 'image')
              .length,
            source,
          }),
        );
        return;
      case 'assistant.message':
        this.messages.push(
          makeMessage({
            id,
            role: 'assistant',
            content: str(data, 'content') ?? '',
            reasoning: str(data, 'reasoningText'),
            toolCalls: toolRequests(data, id),
            source,
          }),
        );
        return;
      case 'tool.execution_complete':
        this.messages.push(
          makeMessage({
            id,
            role: 'tool',
            content: resultText(data),
            toolCallId: str(data, 'toolCallId'),
            source,
          }),
        );
    }
  }

  finish(): Imported {
    if (this.subAgentEvents)
      this.log.note(
        'sidechain-lines',
        `${counted(this.subAgentEvents, 'sub-agent event')} (inside a tool call) ${this.subAgentEvents === 1 ? 'was' : 'were'} left out: the main conversation does not carry them`,
      );
    return { messages: this.messages, usage: this.model ? { model: this.model } : undefined };
  }
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
