/**
 * Gemini API `contents` (REST camelCase or Python snake_case): user/model
 * turns of parts, `systemInstruction` beside them, or a response with
 * `candidates`. There is no tool role: function responses ride in user turns
 * and pair with calls by `id` when present, else by name in call order.
 * A `<state_snapshot>` user turn is Gemini CLI's compression summary.
 */
import { appendAll } from '../core/arrays';
import type { Message, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';
import { recordSummaryMessages, SessionRecorder } from './sessionRecorder';

const STATE_SNAPSHOT = '<state_snapshot>';

/** Either spelling of a part field: REST uses camelCase, Python dumps snake_case. */
function either(part: JsonRecord, camel: string, snake: string): unknown {
  return field(part, camel) ?? field(part, snake);
}

export function isSnapshot(text: string): boolean {
  return text.trimStart().startsWith(STATE_SNAPSHOT);
}

/**
 * Pairs function responses with calls: by id when both have one, else the
 * oldest unanswered call of the same name.
 */
export class CallLedger {
  private readonly byName = new Map<string, string[]>();
  private readonly byId = new Set<string>();

  call(name: string, id: string): void {
    this.byId.add(id);
    const queue = this.byName.get(name);
    if (queue) queue.push(id);
    else this.byName.set(name, [id]);
  }

  answer(name: string, id: string | undefined): string | undefined {
    const queue = this.byName.get(name);
    if (id !== undefined && this.byId.has(id)) {
      const at = queue?.indexOf(id) ?? -1;
      if (queue && at >= 0) queue.splice(at, 1);
      return id;
    }
    return queue?.shift() ?? id;
  }
}

/** The model-readable text of a function response: its `output`/`content` string, else the JSON. */
export function responseText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (isRecord(response)) {
    const output = field(response, 'output') ?? field(response, 'content') ?? field(response, 'result');
    if (typeof output === 'string') return output;
  }
  return safeStringify(response ?? null);
}

interface Converted {
  messages: Message[];
  snapshot: boolean;
}

/** One Content (`{role, parts}`) as our messages. */
export function convertContent(
  role: string,
  parts: readonly unknown[],
  id: string,
  path: string | undefined,
  line: number | undefined,
  ledger: CallLedger,
  log: IssueLog,
): Converted {
  const source = path !== undefined ? { path } : { line };
  const collected = new Parts();
  const calls: ToolCall[] = [];
  const results: Message[] = [];
  parts.forEach((part, k) => {
    if (typeof part === 'string') return collected.addText(part);
    if (!isRecord(part)) return;
    const text = str(part, 'text');
    if (text !== undefined) {
      if (field(part, 'thought') === true) collected.addReasoning(text);
      else collected.addText(text);
      return;
    }
    const call = either(part, 'functionCall', 'function_call');
    if (isRecord(call)) {
      const name = str(call, 'name') ?? 'unknown';
      const callId = str(call, 'id') ?? `${id}:fc${k}`;
      ledger.call(name, callId);
      calls.push({ id: callId, name, arguments: safeStringify(field(call, 'args') ?? {}) });
      return;
    }
    const response = either(part, 'functionResponse', 'function_response');
    if (isRecord(response)) {
      const name = str(response, 'name') ?? 'unknown';
      results.push(
        makeMessage({
          id: `${id}:${k}`,
          role: 'tool',
          content: responseText(field(response, 'response')),
          toolCallId: ledger.answer(name, str(response, 'id')),
          toolName: name,
          source: path !== undefined ? { path: childPath(childPath(path, 'parts'), k) } : { line },
        }),
      );
      return;
    }
    const inline = either(part, 'inlineData', 'inline_data') ?? either(part, 'fileData', 'file_data');
    if (isRecord(inline)) {
      const mime = str(inline, 'mimeType') ?? str(inline, 'mime_type') ?? '';
      if (mime.startsWith('image/')) collected.images++;
      return;
    }
    const code = either(part, 'executableCode', 'executable_code');
    if (isRecord(code)) return collected.addText(str(code, 'code'));
    const codeResult = either(part, 'codeExecutionResult', 'code_execution_result');
    if (isRecord(codeResult)) return collected.addText(str(codeResult, 'output'));
    if (str(part, 'thoughtSignature') !== undefined || str(part, 'thought_signature') !== undefined) return;
    log.tally(
      'unknown-part-type',
      Object.keys(part)[0] ?? '',
      `Unknown part "${Object.keys(part)[0] ?? '(empty)'}" skipped`,
      source,
      part,
    );
  });

  const messages: Message[] = [];
  if (role === 'model') {
    messages.push(
      makeMessage({
        id,
        role: 'assistant',
        content: collected.content(),
        reasoning: collected.reasoningText(),
        toolCalls: calls,
        images: collected.images,
        source,
      }),
    );
    return { messages, snapshot: false };
  }
  // Responses come first: they answer the calls of the previous model turn.
  appendAll(messages, results);
  const content = collected.content();
  const snapshot = isSnapshot(content);
  if (!collected.empty || results.length === 0) {
    messages.push(
      makeMessage({
        id,
        role: 'user',
        content,
        images: collected.images,
        kind: snapshot ? 'summary' : undefined,
        source,
      }),
    );
  }
  return { messages, snapshot };
}

interface Located {
  items: unknown[];
  base: string;
  container?: JsonRecord;
  response?: boolean;
}

function locate(value: unknown): Located | null {
  if (Array.isArray(value)) return { items: value, base: '$' };
  if (!isRecord(value)) return null;
  const contents = arr(value, 'contents');
  if (contents) return { items: contents, base: '$.contents', container: value };
  const candidates = arr(value, 'candidates');
  if (candidates) {
    const first: unknown = candidates[0];
    const content = isRecord(first) ? field(first, 'content') : undefined;
    return {
      items: content === undefined ? [] : [content],
      base: '$.candidates[0].content',
      container: value,
      response: true,
    };
  }
  return null;
}

function isContent(item: unknown): boolean {
  if (!isRecord(item) || !Array.isArray(field(item, 'parts'))) return false;
  const role = field(item, 'role');
  return role === undefined || role === 'user' || role === 'model' || role === 'function' || role === 'tool';
}

export const gemini: JsonImporter = {
  id: 'gemini',
  fixtures: ['gemini.json'],
  detect(value): Detection | null {
    const located = locate(value);
    if (!located || located.items.length === 0 || !located.items.every(isContent)) return null;
    if (located.response) return detection('gemini', 0.95, '"candidates" with a content of parts');
    if (located.container) return detection('gemini', 0.95, '"contents" of {role, parts} turns');
    const model = located.items.some((item) => isRecord(item) && field(item, 'role') === 'model');
    return detection(
      'gemini',
      model ? 0.95 : 0.8,
      model ? 'turns of {role, parts} with role "model"' : 'turns of {role, parts}',
    );
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located)
      throw new ImportError(
        'not-a-transcript',
        'Expected Gemini contents: an array of {role, parts}, {"contents": [...]}, or a response with candidates',
      );
    let messages: Message[] = [];
    const system = located.container
      ? (field(located.container, 'systemInstruction') ?? field(located.container, 'system_instruction'))
      : undefined;
    const systemMessage = systemInstruction(system);
    if (systemMessage !== undefined)
      messages.push(
        makeMessage({
          id: 'system',
          role: 'system',
          content: systemMessage,
          source: { path: '$.systemInstruction' },
        }),
      );
    const ledger = new CallLedger();
    const recorder = new SessionRecorder();
    recorder.recordAll(messages);
    located.items.forEach((item, index) => {
      const path = located.response ? located.base : childPath(located.base, index);
      if (!isContent(item)) {
        log.tally(
          'invalid-message',
          '',
          'Entries that are not {role, parts} turns were skipped',
          { path },
          item,
        );
        return;
      }
      const record = item as JsonRecord;
      const converted = convertContent(
        str(record, 'role') ?? 'user',
        arr(record, 'parts')!,
        `m${index}`,
        path,
        undefined,
        ledger,
        log,
      );
      // A state snapshot replaces the history before it.
      if (converted.snapshot) {
        recorder.recordAll(messages);
        messages = messages.filter((m) => m.role === 'system');
        appendAll(messages, converted.messages);
        recorder.compaction(
          messages,
          { trigger: null, tokensBefore: null, tokensAfter: null, source: 'state_snapshot' },
          converted.messages.find((m) => m.kind === 'summary'),
        );
      } else appendAll(messages, converted.messages);
      recorder.recordAll(converted.messages);
    });
    recordSummaryMessages(recorder, messages);
    return {
      messages,
      usage: located.container ? geminiUsage(located.container) : undefined,
      history: recorder.history(messages),
    };
  },
};

function systemInstruction(system: unknown): string | undefined {
  if (typeof system === 'string') return system;
  if (!isRecord(system)) return undefined;
  const parts = arr(system, 'parts') ?? [];
  return parts
    .filter(isRecord)
    .map((p) => str(p, 'text') ?? '')
    .join('\n');
}

function geminiUsage(container: JsonRecord): ImportUsage | undefined {
  const usage = rec(container, 'usageMetadata') ?? rec(container, 'usage_metadata');
  const model = str(container, 'modelVersion') ?? str(container, 'model');
  if (!usage) return model ? { model } : undefined;
  const input = num(usage, 'promptTokenCount') ?? num(usage, 'prompt_token_count');
  return {
    contextTokens: input,
    inputTokens: input,
    cachedInputTokens: num(usage, 'cachedContentTokenCount') ?? num(usage, 'cached_content_token_count'),
    outputTokens: num(usage, 'candidatesTokenCount') ?? num(usage, 'candidates_token_count'),
    reasoningTokens: num(usage, 'thoughtsTokenCount') ?? num(usage, 'thoughts_token_count'),
    totalTokens: num(usage, 'totalTokenCount') ?? num(usage, 'total_token_count'),
    model,
  };
}
