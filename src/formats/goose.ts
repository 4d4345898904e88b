/**
 * Goose sessions: the JSONL files Goose wrote before it moved to SQLite
 * (`~/.local/share/goose/sessions/<id>.jsonl`, a metadata line with
 * `working_dir` and `description`, then one message per line), and a session
 * exported as JSON (`{id, working_dir, ..., conversation: [...]}`). Both hold
 * Goose's own messages: `{id, role, created, content, metadata}` with content
 * items tagged by `type` in camelCase (`text`, `image`, `toolRequest`,
 * `toolResponse`, `thinking`, ...).
 *
 * What the model reads follows Goose's provider formats: a message whose
 * `metadata.agentVisible` is false (kept for the user after a compaction, or a
 * notice) is not sent; a tool result sends only the content whose
 * `annotations.audience` is absent or names the assistant; a failed call or
 * result sends its error text. Confirmation requests and system notifications
 * are for the app.
 */
import { appendAll } from '../core/arrays';
import type { Message, SourceRef, ToolCall } from '../core/message';
import { makeMessage, Parts } from './build';
import type { Imported, JsonImporter, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, safeStringify, str } from './json';
import type { Detection } from './types';
import { ImportError } from './types';

/** Content types only Goose spells this way: one of them settles detection. */
const GOOSE_CONTENT = new Set([
  'toolRequest',
  'toolResponse',
  'toolConfirmationRequest',
  'frontendToolRequest',
  'redactedThinking',
  'systemNotification',
  'actionRequired',
  'conversationCompacted',
  'summarizationRequested',
  'contextLengthExceeded',
]);

/** A Goose message: a role, a numeric `created`, and a list of typed content items. */
function isGooseMessage(value: unknown): value is JsonRecord {
  if (!isRecord(value)) return false;
  const role = str(value, 'role');
  const content = field(value, 'content');
  return (
    (role === 'user' || role === 'assistant') &&
    typeof field(value, 'created') === 'number' &&
    Array.isArray(content) &&
    content.every((c) => isRecord(c) && typeof field(c, 'type') === 'string')
  );
}

/** The first line of a session file: where it ran and what it is about. */
function isMetadata(value: unknown): value is JsonRecord {
  return isRecord(value) && typeof field(value, 'working_dir') === 'string' && !('role' in value);
}

/** Why these messages are Goose's, or null when nothing but the common shape says so. */
function gooseMark(messages: readonly JsonRecord[]): string | null {
  for (const message of messages) {
    const metadata = rec(message, 'metadata');
    if (metadata && typeof field(metadata, 'agentVisible') === 'boolean') return '"metadata.agentVisible"';
    for (const item of arr(message, 'content') ?? []) {
      const type = isRecord(item) ? str(item, 'type') : undefined;
      if (type && GOOSE_CONTENT.has(type)) return `"${type}" content`;
    }
  }
  return null;
}

function bid(records: readonly unknown[], metadata: boolean): Detection | null {
  const messages = records.filter(isGooseMessage);
  const mark = gooseMark(messages);
  const where = metadata ? 'a working_dir metadata line, then ' : '';
  if (messages.length === 0)
    return metadata ? detection('goose', 0.3, 'a working_dir metadata line but no Goose messages') : null;
  if (mark)
    return detection(
      'goose',
      messages.length === records.length - (metadata ? 1 : 0) ? 0.97 : 0.6,
      `${where}{role, created, content} messages with ${mark}`,
    );
  return metadata ? detection('goose', 0.8, `${where}{role, created, content} messages`) : null;
}

export const gooseJsonl: JsonlImporter = {
  id: 'goose',
  fixtures: ['goose.jsonl'],
  detectRecords(records) {
    return bid(records, isMetadata(records[0]));
  },
  start(log): JsonlSession {
    const reader = new GooseReader(log);
    return {
      add: (record, line) => {
        if (line === 1 && isMetadata(record)) return reader.metadata(record);
        reader.add(record, { line });
      },
      finish: () => reader.finish(),
    };
  },
};

/** `goose session export --format json`: the session with its `conversation`. */
export const gooseJson: JsonImporter = {
  id: 'goose',
  fixtures: [],
  detect(value) {
    if (!isRecord(value)) return null;
    const conversation = arr(value, 'conversation');
    if (!conversation) return null;
    const found = bid(conversation, false);
    if (!found) return null;
    return { ...found, reason: `a session with "conversation": ${found.reason}` };
  },
  importValue(value, log) {
    const conversation = isRecord(value) ? arr(value, 'conversation') : undefined;
    if (!conversation || !isRecord(value))
      throw new ImportError(
        'not-a-transcript',
        'Expected a Goose session: an object with a "conversation" list',
      );
    const reader = new GooseReader(log);
    reader.metadata(value);
    conversation.forEach((item, k) => reader.add(item, { path: `$.conversation[${k}]` }));
    return reader.finish();
  },
};

class GooseReader {
  private readonly messages: Message[] = [];
  private title: string | undefined;
  private hidden = 0;
  private userOnlyResults = 0;

  constructor(private readonly log: IssueLog) {}

  metadata(record: JsonRecord): void {
    this.title = str(record, 'description') || str(record, 'name') || undefined;
  }

  add(record: unknown, source: SourceRef): void {
    if (!isGooseMessage(record)) {
      this.log.tally(
        'invalid-message',
        '',
        'Entries that are not Goose messages ({role, created, content}) were skipped',
        source,
        record,
      );
      return;
    }
    const metadata = rec(record, 'metadata');
    if (metadata && field(metadata, 'agentVisible') === false) {
      this.hidden++;
      return;
    }
    const id = str(record, 'id') ?? `m${this.messages.length}`;
    const role = str(record, 'role') as 'user' | 'assistant';
    const parts = new Parts();
    const calls: ToolCall[] = [];
    const results: Message[] = [];
    (arr(record, 'content') ?? []).forEach((item, k) => {
      const content = item as JsonRecord;
      switch (str(content, 'type')) {
        case 'text':
          parts.addText(str(content, 'text'));
          return;
        case 'image':
          parts.images++;
          return;
        case 'thinking':
          parts.addReasoning(str(content, 'thinking'));
          return;
        case 'toolRequest':
        case 'frontendToolRequest':
          this.request(content, id, k, calls, results, source);
          return;
        case 'toolResponse':
          results.push(this.response(content, `${id}:${k}`, source));
          return;
        default:
          // Redacted thinking is the provider's; confirmations, notices and markers are the app's.
          return;
      }
    });
    if (role === 'assistant') {
      if (!parts.empty || calls.length > 0)
        this.messages.push(
          makeMessage({
            id,
            role,
            content: parts.content(),
            reasoning: parts.reasoningText(),
            toolCalls: calls,
            images: parts.images,
            source,
          }),
        );
      appendAll(this.messages, results);
      return;
    }
    // Goose answers calls in a user message; the results come first, as the providers send them.
    appendAll(this.messages, results);
    if (parts.text.length > 0 || parts.images > 0)
      this.messages.push(makeMessage({ id, role, content: parts.content(), images: parts.images, source }));
  }

  /** A call; a call Goose could not parse is sent as an error result in its place. */
  private request(
    content: JsonRecord,
    id: string,
    k: number,
    calls: ToolCall[],
    results: Message[],
    source: SourceRef,
  ): void {
    const callId = str(content, 'id') ?? `${id}:call${k}`;
    const call = rec(content, 'toolCall');
    const value = call && str(call, 'status') === 'success' ? rec(call, 'value') : undefined;
    if (value) {
      calls.push({
        id: callId,
        name: str(value, 'name') ?? 'unknown',
        arguments: safeStringify(field(value, 'arguments') ?? {}),
      });
      return;
    }
    const error = call ? errorText(field(call, 'error')) : 'missing toolCall';
    results.push(makeMessage({ id: `${id}:${k}`, role: 'tool', content: `Error: ${error}`, source }));
  }

  private response(content: JsonRecord, id: string, source: SourceRef): Message {
    const toolCallId = str(content, 'id');
    const result = rec(content, 'toolResult');
    if (!result || str(result, 'status') !== 'success') {
      const error = result ? errorText(field(result, 'error')) : 'missing toolResult';
      return makeMessage({
        id,
        role: 'tool',
        content: `The tool call returned the following error:\n${error}`,
        toolCallId,
        source,
      });
    }
    // Older files store the content list as the value; newer ones a CallToolResult around it.
    const value = field(result, 'value');
    const items = Array.isArray(value) ? value : isRecord(value) ? (arr(value, 'content') ?? []) : [];
    const parts = new Parts();
    for (const item of items) {
      if (!isRecord(item)) continue;
      if (!forModel(item)) {
        this.userOnlyResults++;
        continue;
      }
      const type = str(item, 'type');
      if (type === 'text') parts.addText(str(item, 'text'));
      else if (type === 'image') parts.images++;
      else if (type === 'resource') {
        const resource = rec(item, 'resource');
        parts.addText(resource ? (str(resource, 'text') ?? str(resource, 'blob')) : undefined);
      }
    }
    return makeMessage({
      id,
      role: 'tool',
      content: parts.content(),
      images: parts.images,
      toolCallId,
      source,
    });
  }

  finish(): Imported {
    if (this.hidden > 0)
      this.log.note(
        'agent-invisible',
        `${counted(this.hidden, 'message')} marked agentVisible: false ${this.hidden === 1 ? 'was' : 'were'} left out: Goose keeps ${this.hidden === 1 ? 'it' : 'them'} for the user and does not send ${this.hidden === 1 ? 'it' : 'them'}`,
      );
    if (this.userOnlyResults > 0)
      this.log.note(
        'user-only-content',
        `${counted(this.userOnlyResults, 'tool result part')} meant for the user alone (audience without "assistant") ${this.userOnlyResults === 1 ? 'was' : 'were'} left out: Goose does not send ${this.userOnlyResults === 1 ? 'it' : 'them'} to the model`,
      );
    return { messages: this.messages, title: this.title };
  }
}

/** A content part the model receives: no audience, or one that names the assistant. */
function forModel(item: JsonRecord): boolean {
  const annotations = rec(item, 'annotations');
  const audience = annotations ? arr(annotations, 'audience') : undefined;
  return !audience || audience.includes('assistant');
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error)) return str(error, 'message') ?? safeStringify(error);
  return 'unknown error';
}
