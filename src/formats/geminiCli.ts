/**
 * Gemini CLI chat files: the JSONL log (a metadata line, message records,
 * `{"$set": …}` metadata patches and `{"$rewindTo": id}` records) and the
 * older single JSON `{sessionId, projectHash, messages}`. Tool calls and their
 * results are stored together on the `gemini` record, like OpenCode parts.
 */
import { appendAll } from '../core/arrays';
import type { Message, ToolCall } from '../core/message';
import { elapsedMs } from '../core/session/history';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { CallLedger, convertContent, responseText } from './gemini';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import type { ImportUsage } from './types';
import { ImportError } from './types';
import type { CallUsage } from './sessionRecorder';
import { callUsage, SessionRecorder } from './sessionRecorder';

/** `model` with `parts` is a reply as some Gemini CLI builds wrote it: the API's role and field names. */
const RECORD_TYPES = new Set(['user', 'gemini', 'model', 'info', 'error', 'warning']);

interface StoredRecord {
  id: string;
  record: JsonRecord;
  line?: number;
  path?: string;
}

/** Where a compression replaced the history: the next `size` records are what it left. */
interface CompressionMark {
  compressedAt: number;
  size: number;
}

type Entry = StoredRecord | CompressionMark;

function isHeader(value: unknown): value is JsonRecord {
  return (
    isRecord(value) &&
    typeof field(value, 'sessionId') === 'string' &&
    typeof field(value, 'projectHash') === 'string'
  );
}

function isChatRecord(value: unknown): boolean {
  return (
    isRecord(value) &&
    RECORD_TYPES.has(str(value, 'type') ?? '') &&
    typeof field(value, 'id') === 'string' &&
    ('content' in value || 'parts' in value)
  );
}

/** A record's parts: `content` as Gemini CLI writes it, or `parts` as the API names them. */
function recordParts(record: JsonRecord): unknown[] {
  return partList(field(record, 'content') ?? field(record, 'parts'));
}

/** A PartListUnion: a string, one part, or a list of strings and parts. */
function partList(content: unknown): unknown[] {
  if (content === undefined || content === null) return [];
  return Array.isArray(content) ? content : [content];
}

/** Holds records in order, replacing a record written again under the same id. */
class ChatLog {
  private readonly records: Entry[] = [];
  private readonly index = new Map<string, number>();
  /** Every id any record ever had, so a compression's new records can be told from a reload. */
  private readonly seen = new Set<string>();
  /** Where the records after the newest compression start. */
  private segment = 0;
  /** The ids of the user records a compression wrote: its summary. */
  private readonly summaries = new Set<string>();
  title: string | undefined;

  constructor(private readonly log: IssueLog) {}

  /**
   * `{"$set": {"messages": [...]}}`: Gemini CLI (0.61) writes the whole
   * history again when it resumes a session and when it compresses one. A
   * list whose records were all seen before is a reload and replaces the
   * records since the newest compression; one that brings records never seen
   * (the summary and the model's "Got it") is a compression, and the records
   * before it are the history it replaced.
   */
  replaceAll(list: unknown[], line: number): void {
    const records = list.filter(isChatRecord) as JsonRecord[];
    const ids = new Set(records.map((r) => str(r, 'id')!));
    const fresh = records.filter((r) => !this.seen.has(str(r, 'id')!));
    const dropsSome = this.records.slice(this.segment).some((e) => 'id' in e && !ids.has(e.id));
    if (fresh.length > 0 && dropsSome) {
      for (const id of ids) this.index.delete(id);
      this.records.push({ compressedAt: line, size: records.length });
      this.segment = this.records.length;
      for (const r of fresh) if (str(r, 'type') === 'user') this.summaries.add(str(r, 'id')!);
    } else {
      for (const dropped of this.records.splice(this.segment))
        if ('id' in dropped) this.index.delete(dropped.id);
    }
    for (const record of records) this.upsert({ id: str(record, 'id')!, record, line });
  }

  upsert(stored: StoredRecord): void {
    this.seen.add(stored.id);
    const at = this.index.get(stored.id);
    if (at !== undefined) this.records[at] = stored;
    else {
      this.index.set(stored.id, this.records.length);
      this.records.push(stored);
    }
  }

  /** A rewind drops the named message and everything after it (its text goes back to the prompt). */
  rewindTo(id: string, line: number): void {
    const at = this.index.get(id);
    if (at === undefined) {
      this.log.warn(
        'broken-rewind',
        'A $rewindTo names a message that is not in the file; it was ignored',
        { line },
        id,
      );
      return;
    }
    for (const dropped of this.records.splice(at)) if ('id' in dropped) this.index.delete(dropped.id);
    this.segment = Math.min(this.segment, this.records.length);
  }

  build(): Imported {
    const ledger = new CallLedger();
    let messages: Message[] = [];
    let usage: ImportUsage | undefined;
    const recorder = new SessionRecorder();
    // The record before: a snapshot's duration is its time less that record's (the compression call and the wait for it).
    let previousTime: unknown;
    let compression: { mark: CompressionMark; left: number } | undefined;
    // A record a compression kept (Gemini CLI's session context) is the message it was before.
    const built = new Map<string, Message[]>();
    for (const stored of this.records) {
      if (!('id' in stored)) {
        recorder.recordAll(messages);
        messages = [];
        compression = { mark: stored, left: stored.size };
        continue;
      }
      const { record, id, path, line } = stored;
      const type = str(record, 'type');
      const time = field(record, 'timestamp');
      const durationMs = elapsedMs(previousTime, time);
      previousTime = time;
      const kept = compression ? built.get(id) : undefined;
      if (kept) {
        appendAll(messages, kept);
      } else if (type === 'user') {
        const converted = convertContent('user', recordParts(record), id, path, line, ledger, this.log);
        if (this.summaries.has(id))
          for (const m of converted.messages) if (m.role === 'user') m.kind = 'summary';
        built.set(id, converted.messages);
        if (converted.snapshot && !compression) {
          // Compression: the snapshot replaces the history before it.
          recorder.recordAll(messages);
          messages = [...converted.messages];
          recorder.compaction(
            messages,
            {
              trigger: null,
              tokensBefore: null,
              tokensAfter: null,
              source: 'state_snapshot',
              ...(line !== undefined ? { line } : {}),
              ...(durationMs === null ? {} : { durationMs, durationSource: 'timestamps' as const }),
            },
            converted.messages.find((m) => m.kind === 'summary'),
          );
        } else {
          appendAll(messages, converted.messages);
          recorder.recordAll(converted.messages);
        }
      } else if (type === 'gemini' || type === 'model') {
        const reply = this.reply(stored, ledger);
        built.set(id, reply);
        appendAll(messages, reply);
        recorder.recordAll(reply);
        usage = recordUsage(record) ?? usage;
        const call = recordCall(record);
        if (call) recorder.call(reply[0]!, call);
      }
      // info, error and warning records are shown to the user, never sent to the model.
      if (compression && --compression.left === 0) {
        recorder.compaction(
          messages,
          {
            trigger: null,
            tokensBefore: null,
            tokensAfter: null,
            source: '$set messages',
            line: compression.mark.compressedAt,
          },
          messages.find((m) => m.kind === 'summary'),
        );
        compression = undefined;
      }
    }
    return { messages, title: this.title, usage, history: recorder.history(messages) };
  }

  private reply(stored: StoredRecord, ledger: CallLedger): Message[] {
    const { record, id, path, line } = stored;
    const source = path !== undefined ? { path } : { line };
    const converted = convertContent('model', recordParts(record), id, path, line, ledger, this.log);
    const message = converted.messages[0]!;
    const thoughts = new Parts();
    for (const thought of arr(record, 'thoughts') ?? []) {
      if (!isRecord(thought)) continue;
      const subject = str(thought, 'subject');
      const description = str(thought, 'description') ?? '';
      thoughts.addReasoning(subject ? `${subject}: ${description}` : description);
    }
    const reasoning = [message.reasoning, thoughts.reasoningText()].filter(Boolean).join('\n\n');
    if (reasoning) message.reasoning = reasoning;
    const calls: ToolCall[] = [...(message.toolCalls ?? [])];
    const results: Message[] = [];
    (arr(record, 'toolCalls') ?? []).forEach((call, k) => {
      if (!isRecord(call)) return;
      const callId = str(call, 'id') ?? `${id}:call${k}`;
      const name = str(call, 'name') ?? 'unknown';
      calls.push({ id: callId, name, arguments: safeStringify(field(call, 'args') ?? {}) });
      results.push(
        makeMessage({
          id: `${id}:${callId}`,
          role: 'tool',
          content: callResult(call),
          toolCallId: callId,
          toolName: name,
          source,
        }),
      );
    });
    if (calls.length) message.toolCalls = calls;
    return [message, ...results];
  }
}

/** What the model got back for a call: the function response text, else the display text or status. */
function callResult(call: JsonRecord): string {
  const texts: string[] = [];
  for (const part of partList(field(call, 'result'))) {
    if (typeof part === 'string') texts.push(part);
    else if (isRecord(part)) {
      const response = rec(part, 'functionResponse') ?? rec(part, 'function_response');
      if (response) texts.push(responseText(field(response, 'response')));
      else if (typeof field(part, 'text') === 'string') texts.push(str(part, 'text')!);
    }
  }
  if (texts.length) return texts.join('\n');
  const display = field(call, 'resultDisplay');
  if (typeof display === 'string') return display;
  return `[${str(call, 'status') ?? 'no result'}]`;
}

/** Gemini's prompt count includes the cached part. */
function recordCall(record: JsonRecord): CallUsage | undefined {
  const tokens = rec(record, 'tokens');
  if (!tokens) return undefined;
  return callUsage({
    total: num(tokens, 'input'),
    cacheRead: num(tokens, 'cached'),
    output: num(tokens, 'output'),
    model: str(record, 'model'),
  });
}

function recordUsage(record: JsonRecord): ImportUsage | undefined {
  const tokens = rec(record, 'tokens');
  if (!tokens) return undefined;
  const input = num(tokens, 'input');
  return {
    contextTokens: input,
    inputTokens: input,
    cachedInputTokens: num(tokens, 'cached'),
    outputTokens: num(tokens, 'output'),
    reasoningTokens: num(tokens, 'thoughts'),
    totalTokens: num(tokens, 'total'),
    model: str(record, 'model'),
  };
}

export const geminiCliJsonl: JsonlImporter = {
  id: 'gemini-cli',
  fixtures: ['gemini-cli.jsonl'],
  detectRecords(records) {
    if (isHeader(records[0]))
      return detection('gemini-cli', 0.97, 'a first line with sessionId and projectHash');
    if (records.some((r) => isRecord(r) && ('$set' in r || '$rewindTo' in r)))
      return detection('gemini-cli', 0.85, '"$set" or "$rewindTo" records');
    if (records.length > 0 && records.every(isChatRecord))
      return detection('gemini-cli', 0.8, 'records {id, type: "user"/"gemini", content}');
    return null;
  },
  start(log): JsonlSession {
    const chat = new ChatLog(log);
    return {
      add(record, line) {
        if (!isRecord(record)) {
          log.notAnObject(line, record);
          return;
        }
        if (isHeader(record)) {
          chat.title = str(record, 'summary') ?? chat.title;
          return;
        }
        const set = rec(record, '$set');
        if (set) {
          chat.title = str(set, 'summary') ?? chat.title;
          const messages = arr(set, 'messages');
          if (messages) chat.replaceAll(messages, line);
          return;
        }
        const rewind = field(record, '$rewindTo');
        if (typeof rewind === 'string') return chat.rewindTo(rewind, line);
        if (!isChatRecord(record)) {
          const type = str(record, 'type') ?? '';
          log.tally(
            'unknown-line-type',
            type,
            `Records of unknown type "${type || '(none)'}" were skipped`,
            { line },
            record,
          );
          return;
        }
        chat.upsert({ id: str(record, 'id')!, record, line });
      },
      finish: () => chat.build(),
    };
  },
};

export const geminiCliJson: JsonImporter = {
  id: 'gemini-cli',
  fixtures: [],
  detect(value) {
    if (isHeader(value) && Array.isArray(field(value, 'messages'))) {
      return detection('gemini-cli', 0.97, 'an object with sessionId, projectHash and a messages array');
    }
    return null;
  },
  importValue(value, log): Imported {
    if (!isRecord(value) || !Array.isArray(field(value, 'messages'))) {
      throw new ImportError(
        'not-a-transcript',
        'Expected a Gemini CLI chat: {"sessionId", "projectHash", "messages": [...]}',
      );
    }
    const chat = new ChatLog(log);
    chat.title = str(value, 'summary');
    arr(value, 'messages')!.forEach((record, i) => {
      const path = childPath('$.messages', i);
      if (!isChatRecord(record)) {
        log.tally('unknown-record', '', 'Records that are not chat messages were skipped', { path }, record);
        return;
      }
      chat.upsert({ id: str(record as JsonRecord, 'id')!, record: record as JsonRecord, path });
    });
    return chat.build();
  },
};
