/**
 * OpenCode `export` JSON: `{info, messages: [{info, parts}]}`. A tool part is
 * both the call and its result, so it becomes a call on the assistant message
 * plus a tool message. A user message with a `compaction` part followed by a
 * `summary: true` assistant marks a compaction: what came before is no longer
 * sent; the model sees the request, as a question, then the summary text.
 * The history keeps every message, each compaction, and a call per model step.
 */
import { appendAll } from '../core/arrays';
import type { Message, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import { counted, IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import type { CallUsage } from './sessionRecorder';
import { callUsage, SessionRecorder } from './sessionRecorder';
import type { ImportUsage } from './types';
import { ImportError } from './types';

const BOOKKEEPING_PARTS = new Set([
  'step-start',
  'step-finish',
  'snapshot',
  'patch',
  'agent',
  'subtask',
  'retry',
  'compaction',
]);
const PRUNED_OUTPUT = '[tool output pruned by compaction]';
/** What OpenCode sends the model for a `compaction` part: the summary then reads as its answer. */
const COMPACTION_REQUEST = 'What did we do so far?';
const INTERRUPTED_OUTPUT = '[tool execution was interrupted]';

function locate(value: unknown): { items: unknown[]; base: string; session?: JsonRecord } | null {
  if (Array.isArray(value)) return { items: value, base: '$' };
  if (!isRecord(value)) return null;
  const messages = arr(value, 'messages');
  return messages ? { items: messages, base: '$.messages', session: rec(value, 'info') } : null;
}

function isOpenCodeMessage(item: unknown): boolean {
  return isRecord(item) && isRecord(field(item, 'info')) && Array.isArray(field(item, 'parts'));
}

export const opencode: JsonImporter = {
  id: 'opencode',
  fixtures: ['opencode.json'],
  detect(value) {
    const located = locate(value);
    if (!located || located.items.length === 0 || !located.items.every(isOpenCodeMessage)) return null;
    const sessionId = located.session ? str(located.session, 'id') : undefined;
    return detection(
      'opencode',
      0.97,
      `messages as {info, parts} pairs${sessionId?.startsWith('ses_') ? ' in a ses_ session' : ''}`,
    );
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located)
      throw new ImportError(
        'not-a-transcript',
        'Expected an OpenCode export: {"info": …, "messages": [{"info", "parts"}]}',
      );
    // The newest completed compaction hides what precedes its request message, but the tail it kept.
    let start = 0;
    let summaryAt = -1;
    located.items.forEach((item, i) => {
      if (!isSummaryItem(item)) return;
      start = requestOf(located.items, i);
      summaryAt = i;
    });
    const tail = tailStart(located.items, start);
    // OpenCode itself does not send these to the model: a note, not a problem.
    if (tail > 0)
      log.note(
        'hidden-by-compaction',
        `${counted(tail, 'message')} before the last compaction ${tail === 1 ? 'is' : 'are'} not sent to the model and ${tail === 1 ? 'was' : 'were'} left out`,
        { path: childPath(located.base, tail) },
      );
    const recorder = new SessionRecorder();
    const messages: Message[] = [];
    const itemMessages: Message[][] = [];
    let usage: ImportUsage | undefined;
    for (let i = 0; i < located.items.length; i++) {
      const item = located.items[i];
      const path = childPath(located.base, i);
      // What is no longer sent is kept for the history; only the context now is checked.
      const itemLog = i >= tail ? log : new IssueLog();
      const out: Message[] = [];
      itemMessages.push(out);
      if (!isOpenCodeMessage(item)) {
        itemLog.tally(
          'invalid-message',
          '',
          'Entries that are not {info, parts} messages were skipped',
          { path },
          item,
        );
        continue;
      }
      const record = item as JsonRecord;
      const info = rec(record, 'info')!;
      const parts = arr(record, 'parts')!;
      const role = str(info, 'role');
      const id = str(info, 'id') ?? `m${i}`;
      const summary = field(info, 'summary') === true;
      let stepCalls: StepCall[] = [];
      if (role === 'user') {
        readUser(parts, id, path, out, itemLog);
      } else if (role === 'assistant') {
        if (summary) readSummary(parts, id, path, out);
        else stepCalls = readAssistant(parts, id, str(info, 'parentID'), path, out, itemLog);
        if (i >= start) usage = assistantUsage(info) ?? usage;
      } else {
        itemLog.tally(
          'unknown-role',
          role ?? '',
          `Messages with role "${role ?? '(none)'}" were skipped`,
          { path },
          info,
        );
      }
      recorder.recordAll(out);
      if (role === 'assistant' && out[0]) {
        // Each step is one model call; without step usage, the message's own tokens stand for one.
        const tokens = summary || stepCalls.length > 0 ? undefined : stepUsage(rec(info, 'tokens'));
        const model = str(info, 'modelID');
        for (const step of stepCalls) recorder.call(step.at, withModel(step.usage, model));
        if (tokens) recorder.call(out[0], withModel(tokens, model));
        if (summary) recordCompaction(located.items, i, itemMessages, recorder);
      }
      if (i >= start) appendAll(messages, out);
      // The kept tail follows the summary, as OpenCode sends it.
      if (i === summaryAt) for (const kept of itemMessages.slice(tail, start)) appendAll(messages, kept);
    }
    // The session's `version` is the OpenCode that made it (Kilo's CLI, a fork, writes its own).
    const version = located.session ? str(located.session, 'version') : undefined;
    return {
      messages,
      title: located.session ? str(located.session, 'title') : undefined,
      usage: version ? { ...usage, agentVersion: version } : usage,
      history: recorder.history(messages),
    };
  },
};

/** A call's usage with the model that answered it (the message's `modelID`), when it names one. */
function withModel(usage: CallUsage, model: string | undefined): CallUsage {
  return model ? { ...usage, model } : usage;
}

/** A model step's usage and the assistant message the step wrote. */
interface StepCall {
  at: Message;
  usage: CallUsage;
}

function isSummaryItem(item: unknown): boolean {
  const info = isRecord(item) ? rec(item, 'info') : undefined;
  return info !== undefined && field(info, 'summary') === true && str(info, 'role') === 'assistant';
}

/** The index of the user message that asked for the summary at `at`, or `at` when it is not before it. */
function requestOf(items: readonly unknown[], at: number): number {
  const parentId = str(rec(items[at] as JsonRecord, 'info') ?? {}, 'parentID');
  const request = items.findIndex((m) => isRecord(m) && str(rec(m, 'info') ?? {}, 'id') === parentId);
  return request >= 0 && request < at ? request : at;
}

/**
 * Where the tail a compaction kept starts: the message its `compaction` part
 * names as `tail_start_id` (OpenCode 1.18), sent again after the summary; the
 * request itself when it names none.
 */
function tailStart(items: readonly unknown[], request: number): number {
  if (request === 0) return 0;
  const part = (arr(items[request] as JsonRecord, 'parts') ?? []).find(
    (p) => isRecord(p) && str(p, 'type') === 'compaction',
  );
  const id = isRecord(part) ? str(part, 'tail_start_id') : undefined;
  if (id === undefined) return request;
  const at = items.findIndex((m) => isRecord(m) && str(rec(m, 'info') ?? {}, 'id') === id);
  return at >= 0 && at < request ? at : request;
}

/**
 * A summary message is a compaction: from its request on, the model sees the
 * request (as a question), the summary, the tail it kept, and what follows. The request's
 * `compaction` part says whether OpenCode started it on its own; the summary
 * call's prompt, when its tokens are stored, is the size of the history then.
 */
function recordCompaction(
  items: readonly unknown[],
  at: number,
  itemMessages: readonly Message[][],
  recorder: SessionRecorder,
): void {
  const request = requestOf(items, at);
  const context = [
    ...itemMessages.slice(request, at + 1).flat(),
    ...itemMessages.slice(tailStart(items, request), request).flat(),
  ];
  const part = (arr(items[request] as JsonRecord, 'parts') ?? []).find(
    (p) => isRecord(p) && str(p, 'type') === 'compaction',
  );
  const auto = isRecord(part) ? field(part, 'auto') : undefined;
  const info = rec(items[at] as JsonRecord, 'info') ?? {};
  // The summary call was sent the whole history: its prompt is the context size before.
  const summaryCall = stepUsage(rec(info, 'tokens'));
  const durationMs = summaryDuration(rec(info, 'time'));
  recorder.compaction(
    context,
    {
      trigger: auto === true ? 'auto' : auto === false ? 'manual' : null,
      tokensBefore: summaryCall?.contextTokens ?? null,
      tokensAfter: null,
      source: 'summary message',
      ...(durationMs === null ? {} : { durationMs, durationSource: 'timestamps' as const }),
    },
    itemMessages[at]![0],
  );
}

/**
 * The summary call's time, from its message's `time.created` to
 * `time.completed` (milliseconds since the epoch); null when either is
 * missing or they run backwards.
 */
function summaryDuration(time: JsonRecord | undefined): number | null {
  const created = time ? num(time, 'created') : undefined;
  const completed = time ? num(time, 'completed') : undefined;
  if (created === undefined || completed === undefined || completed < created) return null;
  return completed - created;
}

function readUser(parts: unknown[], id: string, path: string, out: Message[], log: IssueLog): void {
  const collected = new Parts();
  parts.forEach((part, k) => {
    if (!isRecord(part)) return;
    const type = str(part, 'type') ?? '';
    if (field(part, 'ignored') === true) return;
    if (type === 'text') collected.addText(str(part, 'text'));
    else if (type === 'compaction') collected.addText(COMPACTION_REQUEST);
    else if (type === 'file') {
      if ((str(part, 'mime') ?? '').startsWith('image/')) collected.images++;
    } else if (!BOOKKEEPING_PARTS.has(type)) {
      log.tally(
        'unknown-part-type',
        type,
        `Unknown part type "${type || '(none)'}" skipped`,
        { path: childPath(childPath(path, 'parts'), k) },
        part,
      );
    }
  });
  out.push(
    makeMessage({
      id,
      role: 'user',
      content: collected.content(),
      images: collected.images,
      turnId: id,
      source: { path },
    }),
  );
}

/**
 * The summary, as OpenCode sends it: an assistant message answering the
 * compaction's question ("What did we do so far?"), as the lab recorded
 * OpenCode 1.18.33's requests.
 */
function readSummary(parts: unknown[], id: string, path: string, out: Message[]): void {
  const collected = new Parts();
  for (const part of parts)
    if (isRecord(part) && str(part, 'type') === 'text') collected.addText(str(part, 'text'));
  out.push(
    makeMessage({ id, role: 'assistant', kind: 'summary', content: collected.content(), source: { path } }),
  );
}

/**
 * One stored assistant message can hold several model steps: text, calls,
 * then (after the results) more text. Each step becomes an assistant message
 * followed by the results of its calls, which is what the model saw.
 */
function readAssistant(
  parts: unknown[],
  id: string,
  turnId: string | undefined,
  path: string,
  out: Message[],
  log: IssueLog,
): StepCall[] {
  let step = new Parts();
  let calls: ToolCall[] = [];
  let results: Message[] = [];
  let steps = 0;
  const stepCalls: StepCall[] = [];
  let finished: CallUsage[] = [];
  let last: Message | undefined;
  const flush = (): void => {
    if (step.empty && calls.length === 0) return;
    const message = makeMessage({
      id: steps === 0 ? id : `${id}:${steps}`,
      role: 'assistant',
      content: step.content(),
      reasoning: step.reasoningText(),
      toolCalls: calls,
      images: step.images,
      turnId,
      source: { path },
    });
    out.push(message);
    appendAll(out, results);
    last = message;
    for (const usage of finished) stepCalls.push({ at: message, usage });
    finished = [];
    steps++;
    step = new Parts();
    calls = [];
    results = [];
  };
  parts.forEach((part, k) => {
    if (!isRecord(part)) return;
    const partPath = childPath(childPath(path, 'parts'), k);
    const type = str(part, 'type') ?? '';
    switch (type) {
      case 'step-start':
        if (calls.length > 0) flush();
        return;
      case 'step-finish': {
        const usage = stepUsage(rec(part, 'tokens'));
        if (usage) finished.push(usage);
        return;
      }
      case 'text':
        if (field(part, 'ignored') !== true) step.addText(str(part, 'text'));
        return;
      case 'reasoning':
        step.addReasoning(str(part, 'text'));
        return;
      case 'file':
        if ((str(part, 'mime') ?? '').startsWith('image/')) step.images++;
        return;
      case 'tool': {
        const callId = str(part, 'callID') ?? str(part, 'id') ?? `${id}:tool${k}`;
        const name = str(part, 'tool') ?? 'unknown';
        const state = rec(part, 'state') ?? {};
        calls.push({ id: callId, name, arguments: safeStringify(field(state, 'input') ?? {}) });
        const status = str(state, 'status');
        const compacted = num(rec(state, 'time') ?? {}, 'compacted') !== undefined;
        const output =
          status === 'completed'
            ? compacted
              ? PRUNED_OUTPUT
              : (str(state, 'output') ?? '')
            : status === 'error'
              ? (str(state, 'error') ?? 'error')
              : INTERRUPTED_OUTPUT;
        results.push(
          makeMessage({
            id: str(part, 'id') ?? `${callId}:result`,
            role: 'tool',
            content: output,
            toolCallId: callId,
            toolName: name,
            turnId,
            source: { path: partPath },
          }),
        );
        return;
      }
      default:
        if (!BOOKKEEPING_PARTS.has(type))
          log.tally(
            'unknown-part-type',
            type,
            `Unknown part type "${type || '(none)'}" skipped`,
            { path: partPath },
            part,
          );
    }
  });
  flush();
  if (steps === 0) {
    last = makeMessage({ id, role: 'assistant', turnId, source: { path } });
    out.push(last);
  }
  // A step that wrote nothing visible was still a call; it counts with the message before it.
  for (const usage of finished) stepCalls.push({ at: last!, usage });
  return stepCalls;
}

/** The usage of one model step, from the `tokens` of a step-finish part or of a message. */
function stepUsage(tokens: JsonRecord | undefined): CallUsage | undefined {
  if (!tokens) return undefined;
  const input = num(tokens, 'input');
  const cache = rec(tokens, 'cache') ?? {};
  const read = num(cache, 'read');
  const write = num(cache, 'write');
  const total = (input ?? 0) + (read ?? 0) + (write ?? 0);
  if (total === 0) return undefined;
  return callUsage({
    total,
    uncached: input,
    cacheRead: read,
    cacheWrite: write,
    output: num(tokens, 'output'),
  });
}

function assistantUsage(info: JsonRecord): ImportUsage | undefined {
  const tokens = rec(info, 'tokens');
  if (!tokens) return undefined;
  const input = num(tokens, 'input') ?? 0;
  const cache = rec(tokens, 'cache') ?? {};
  const read = num(cache, 'read') ?? 0;
  const write = num(cache, 'write') ?? 0;
  if (input + read + write === 0) return undefined;
  return {
    contextTokens: input + read + write,
    inputTokens: input,
    cachedInputTokens: read || undefined,
    outputTokens: num(tokens, 'output'),
    reasoningTokens: num(tokens, 'reasoning') || undefined,
    model: str(info, 'modelID'),
  };
}
