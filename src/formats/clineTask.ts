/**
 * Cline, Roo Code and Kilo Code task folders: `tasks/<id>/api_conversation_history.json`,
 * the list of Anthropic messages the extension sends, each with a few fields of
 * its own (`ts`; Cline's `modelInfo` and `metrics`; Roo's and Kilo's condense
 * and truncation tags). Roo Code and Kilo Code (a fork of Roo) keep every
 * message after a condense or a sliding-window truncation and tag the hidden
 * ones, so the file holds more than the next request: the request is what
 * their `getEffectiveApiHistory` keeps, and this importer keeps the same.
 *
 * The `<environment_details>` block each user turn carries (open tabs, the
 * working folder's files, time, mode) is text the extension appends to the
 * user message it sends, so it is part of what the model reads and is counted
 * with that message, as is the `<task>` wrapper of the first prompt.
 */
import type { Message, ToolCall } from '../core/message';
import { convertAnthropicMessage } from './anthropicBlocks';
import { childPath, makeMessage } from './build';
import { callsOf, textResultsAsToolResults } from './clineResults';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, str } from './json';
import { encryptedTokens } from './opaque';
import { SessionRecorder } from './sessionRecorder';
import type { Detection } from './types';
import { ImportError } from './types';

/** Fields the extensions add to each stored message; none of them is sent. */
const TASK_FIELDS = [
  'ts',
  'modelInfo',
  'metrics',
  'isSummary',
  'condenseId',
  'condenseParent',
  'truncationId',
  'truncationParent',
  'isTruncationMarker',
] as const;

/** Text only these extensions write into a user turn. */
const TASK_TEXT = /<environment_details>|^<task>|^<feedback>|^<user_message>/m;

/** Roo Code stores OpenAI reasoning as its own entry: `{type: "reasoning", encrypted_content, summary}`, no role. */
function isReasoningItem(item: unknown): item is JsonRecord {
  return isRecord(item) && str(item, 'type') === 'reasoning' && field(item, 'role') === undefined;
}

function isMessage(item: unknown): item is JsonRecord {
  if (!isRecord(item)) return false;
  const role = str(item, 'role');
  const content = field(item, 'content');
  return (role === 'user' || role === 'assistant') && (typeof content === 'string' || Array.isArray(content));
}

function userText(message: JsonRecord): string {
  const content = field(message, 'content');
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((b) => str(b, 'text') ?? '')
    .join('\n');
}

/** What marks the list as a task history, in words a user can check, or null for a plain Anthropic list. */
function taskSignal(items: readonly unknown[]): string | null {
  for (const item of items.slice(0, 50)) {
    if (isReasoningItem(item)) return 'a role-less "reasoning" entry';
    if (!isRecord(item)) continue;
    const own = TASK_FIELDS.find((key) => field(item, key) !== undefined);
    if (own) return `"${own}" on the messages`;
    if (str(item, 'role') === 'user' && TASK_TEXT.test(userText(item)))
      return 'user turns with <environment_details> or <task> blocks';
  }
  return null;
}

export const clineTask: JsonImporter = {
  id: 'cline',
  fixtures: [
    'cline-task.json',
    'cline-task-native.json',
    'cline-task-followup.json',
    'roo-code-task.json',
    'kilo-code-task.json',
  ],
  detect(value): Detection | null {
    if (!Array.isArray(value) || value.length === 0) return null;
    const signal = taskSignal(value);
    if (!signal) return null;
    const malformed = value.filter((item) => !isMessage(item) && !isReasoningItem(item)).length;
    // The marks without the message shape: something else that quotes them.
    if (malformed > 0)
      return detection(
        'cline',
        0.3,
        `${signal}, but ${malformed} of the entries without a user/assistant role and content`,
      );
    return detection('cline', 0.97, `user/assistant messages, ${signal}`);
  },
  importValue(value, log): Imported {
    if (!Array.isArray(value))
      throw new ImportError(
        'not-a-transcript',
        'Expected a task history: the JSON array of api_conversation_history.json',
      );
    return importTask(value, log);
  },
};

/** One entry of the file read into our messages, with where it stands. */
interface Entry {
  index: number;
  item: JsonRecord;
  messages: Message[];
}

function importTask(items: readonly unknown[], log: IssueLog): Imported {
  const entries: Entry[] = [];
  let pending: JsonRecord | null = null;
  /** The calls of the newest reply, which the next user turn may answer in text. */
  let calls: ToolCall[] = [];
  items.forEach((item, index) => {
    const path = childPath('$', index);
    if (isReasoningItem(item)) {
      pending = item;
      return;
    }
    if (!isMessage(item)) {
      log.tally(
        'invalid-message',
        '',
        'Entries that are not user/assistant messages were skipped',
        { path },
        item,
      );
      return;
    }
    const role = str(item, 'role')!;
    const id = str(item, 'id') ?? `m${index}`;
    const content =
      role === 'user' ? textResultsAsToolResults(calls, field(item, 'content')) : field(item, 'content');
    const { messages } = convertAnthropicMessage(role, content, { id, path }, log);
    calls = role === 'assistant' ? callsOf(messages) : [];
    if (role === 'assistant') addReasoning(messages, item, pending);
    else if (pending) entries.push({ index, item: pending, messages: [reasoningMessage(pending, index)] });
    pending = null;
    if (field(item, 'isSummary') === true) {
      const summary = messages.findLast((m) => m.role === 'user');
      if (summary) summary.kind = 'summary';
    }
    entries.push({ index, item, messages });
  });
  if (pending)
    entries.push({ index: items.length, item: pending, messages: [reasoningMessage(pending, items.length)] });

  const sent = effectiveEntries(entries, log);
  const messages = sent.flatMap((e) => e.messages);
  return { messages, history: taskHistory(entries, messages) };
}

/** Reasoning the reply carries (DeepSeek's `reasoning_content`) and the reasoning entry before it. */
function addReasoning(messages: Message[], item: JsonRecord, before: JsonRecord | null): void {
  const reply = messages.find((m) => m.role === 'assistant');
  if (!reply) return;
  const texts = [
    before ? summaryText(before) : '',
    str(item, 'reasoning_content') ?? '',
    reply.reasoning ?? '',
  ];
  const reasoning = texts.filter(Boolean).join('\n\n');
  if (reasoning) reply.reasoning = reasoning;
  const opaque = before ? encryptedTokens(str(before, 'encrypted_content')) : 0;
  if (opaque) reply.opaqueTokens = (reply.opaqueTokens ?? 0) + opaque;
}

function summaryText(item: JsonRecord): string {
  return (arr(item, 'summary') ?? [])
    .filter(isRecord)
    .map((part) => str(part, 'text') ?? '')
    .filter(Boolean)
    .join('\n\n');
}

/** A reasoning entry with no reply after it: sent on its own. */
function reasoningMessage(item: JsonRecord, index: number): Message {
  return makeMessage({
    id: str(item, 'id') ?? `m${index}`,
    role: 'assistant',
    reasoning: summaryText(item),
    opaqueTokens: encryptedTokens(str(item, 'encrypted_content')),
    source: { path: childPath('$', index) },
  });
}

/**
 * The entries Roo Code and Kilo Code send: from the newest condense summary on
 * (the summary is a fresh start), without results whose call stayed behind
 * the summary, and without what a truncation marker or a summary still in the
 * file hides. Cline writes none of these tags, so its whole file is sent.
 */
function effectiveEntries(entries: readonly Entry[], log: IssueLog): Entry[] {
  const summaries = new Set<string>();
  const markers = new Set<string>();
  for (const { item } of entries) {
    const condenseId = str(item, 'condenseId');
    if (field(item, 'isSummary') === true && condenseId) summaries.add(condenseId);
    const truncationId = str(item, 'truncationId');
    if (field(item, 'isTruncationMarker') === true && truncationId) markers.add(truncationId);
  }
  const lastSummary = entries.findLastIndex((e) => field(e.item, 'isSummary') === true);
  let kept = lastSummary === -1 ? [...entries] : entries.slice(lastSummary);
  const condensed =
    lastSummary === -1
      ? kept.filter((e) => summaries.has(str(e.item, 'condenseParent') ?? '')).length
      : lastSummary;
  if (lastSummary === -1) kept = kept.filter((e) => !summaries.has(str(e.item, 'condenseParent') ?? ''));
  const truncated = kept.filter((e) => markers.has(str(e.item, 'truncationParent') ?? ''));
  kept = kept.filter((e) => !markers.has(str(e.item, 'truncationParent') ?? ''));
  let orphans = 0;
  if (lastSummary !== -1) {
    const calls = new Set(
      kept.flatMap((e) => e.messages.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id))),
    );
    kept = kept
      .map((e) => {
        const messages = e.messages.filter((m) => m.role !== 'tool' || calls.has(m.toolCallId ?? ''));
        orphans += e.messages.length - messages.length;
        return { ...e, messages };
      })
      .filter((e) => e.messages.length > 0);
  }
  if (condensed > 0)
    log.note(
      'condensed-messages',
      `${counted(condensed, 'stored message')} before the newest condense summary ${condensed === 1 ? 'was' : 'were'} left out: Roo Code and Kilo Code send the conversation from the summary on`,
    );
  if (orphans > 0)
    log.note(
      'condensed-results',
      `${counted(orphans, 'tool result')} whose call is before the summary ${orphans === 1 ? 'was' : 'were'} left out, as Roo Code leaves them out`,
    );
  if (truncated.length > 0)
    log.note(
      'truncated-messages',
      `${counted(truncated.length, 'stored message')} hidden by a sliding-window truncation marker ${truncated.length === 1 ? 'was' : 'were'} left out: the extension no longer sends them`,
    );
  return kept;
}

/** Every entry in file order; each condense summary is a compaction whose context starts afresh at it. */
function taskHistory(entries: readonly Entry[], context: readonly Message[]) {
  const recorder = new SessionRecorder();
  for (const entry of entries) {
    if (field(entry.item, 'isSummary') === true) {
      const summary = entry.messages.find((m) => m.kind === 'summary');
      recorder.compaction(
        entry.messages,
        { trigger: null, tokensBefore: null, tokensAfter: null, source: 'condense summary' },
        summary,
      );
    }
    recorder.recordAll(entry.messages);
  }
  return recorder.history(context);
}
