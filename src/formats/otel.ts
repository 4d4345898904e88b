/**
 * OpenTelemetry GenAI spans as OTLP JSON: an export request
 * `{resourceSpans: [{scopeSpans: [{spans}]}]}` (the JSON a collector's file
 * exporter writes, one request per line, or a single request saved whole).
 * Attribute values arrive wrapped (`{stringValue}`, `{intValue}` as a decimal
 * string, `{arrayValue: {values}}`, …) and message lists as JSON strings.
 *
 * A trace holds one span per model call, each with that call's whole input,
 * so the conversation is the last call's input followed by its output. The
 * instrumentations write messages in five ways, read here in this order:
 * - `gen_ai.input.messages` / `gen_ai.output.messages` (current conventions:
 *   `{role, parts: [{type: "text" | "tool_call" | "tool_call_response" | …}]}`,
 *   with `gen_ai.system_instructions` beside them), on the span or on its
 *   `gen_ai.client.inference.operation.details` event;
 * - the Vercel AI SDK's `ai.prompt.messages` with `ai.response.text`,
 *   `ai.response.reasoning` and `ai.response.toolCalls`;
 * - OpenLLMetry's flattened `gen_ai.prompt.{i}.role|content|tool_calls.{j}.*`
 *   and `gen_ai.completion.{i}.*`;
 * - the older `gen_ai.prompt` / `gen_ai.completion` JSON strings, on the span
 *   or on its `gen_ai.content.prompt` / `gen_ai.content.completion` events;
 * - the older per-message events (`gen_ai.user.message`, …, `gen_ai.choice`).
 * Every form is rewritten as Chat Completions records and read by that reader.
 */
import { appendAll } from '../core/arrays';
import type { Imported, JsonImporter, JsonlImporter, JsonlSession } from './format';
import { detection } from './format';
import { counted, type IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, safeStringify, str } from './json';
import { readChatMessages } from './openaiChat';
import { callUsage, contextHistory } from './sessionRecorder';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';

type Attributes = Map<string, unknown>;

interface Span {
  id: string;
  name: string;
  attributes: Attributes;
  events: { name: string; attributes: Attributes }[];
  end: bigint;
  /** Where the span sits in the file: `line` for JSONL, a JSON path for JSON. */
  path: string;
  line?: number;
}

/** One message as Chat Completions writes it, and where it came from. */
interface ChatRecord {
  record: JsonRecord;
  path: string;
}

const CONTENT_EVENTS = new Set([
  'gen_ai.system.message',
  'gen_ai.user.message',
  'gen_ai.assistant.message',
  'gen_ai.tool.message',
  'gen_ai.choice',
]);

// ---- OTLP JSON ----

/** An OTLP `AnyValue` as a plain value; 64-bit integers arrive as decimal strings. */
function anyValue(value: unknown, depth = 0): unknown {
  if (!isRecord(value) || depth > 32) return undefined;
  if ('stringValue' in value) return field(value, 'stringValue');
  if ('boolValue' in value) return field(value, 'boolValue');
  if ('intValue' in value) {
    const raw = field(value, 'intValue');
    const n = typeof raw === 'string' ? Number(raw) : raw;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  }
  if ('doubleValue' in value) return field(value, 'doubleValue');
  const array = rec(value, 'arrayValue');
  if (array) return (arr(array, 'values') ?? []).map((v) => anyValue(v, depth + 1));
  const list = rec(value, 'kvlistValue');
  if (list) return Object.fromEntries(attributeMap(arr(list, 'values') ?? [], depth + 1));
  return field(value, 'bytesValue');
}

function attributeMap(list: readonly unknown[], depth = 0): Attributes {
  const map: Attributes = new Map();
  for (const kv of list) {
    if (!isRecord(kv)) continue;
    const key = str(kv, 'key');
    if (key !== undefined) map.set(key, anyValue(field(kv, 'value'), depth));
  }
  return map;
}

function nanos(value: unknown): bigint {
  if (typeof value !== 'string' && typeof value !== 'number') return 0n;
  try {
    return BigInt(typeof value === 'number' ? Math.trunc(value) : value);
  } catch {
    return 0n;
  }
}

/** Every span of one export request, in file order. */
function spansOf(request: JsonRecord, base: string, line?: number): Span[] {
  const spans: Span[] = [];
  (arr(request, 'resourceSpans') ?? []).forEach((resource, r) => {
    if (!isRecord(resource)) return;
    // `instrumentationLibrarySpans` is the name before OTLP 0.15.
    const scopes = arr(resource, 'scopeSpans') ?? arr(resource, 'instrumentationLibrarySpans') ?? [];
    const scopeKey = arr(resource, 'scopeSpans') ? 'scopeSpans' : 'instrumentationLibrarySpans';
    scopes.forEach((scope, s) => {
      if (!isRecord(scope)) return;
      (arr(scope, 'spans') ?? []).forEach((span, k) => {
        if (!isRecord(span)) return;
        spans.push({
          id: str(span, 'spanId') || `span${spans.length}`,
          name: str(span, 'name') ?? '',
          attributes: attributeMap(arr(span, 'attributes') ?? []),
          events: (arr(span, 'events') ?? []).filter(isRecord).map((event) => ({
            name: str(event, 'name') ?? '',
            attributes: attributeMap(arr(event, 'attributes') ?? []),
          })),
          end: nanos(field(span, 'endTimeUnixNano') ?? field(span, 'startTimeUnixNano')),
          path: `${base}.resourceSpans[${r}].${scopeKey}[${s}].spans[${k}]`,
          line,
        });
      });
    });
  });
  return spans;
}

// ---- Reading the message forms ----

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A JSON-string attribute (the conventions' encoding), or a value already structured. */
function jsonAttribute(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : safeStringify(value ?? {});
}

function chatToolCall(id: unknown, name: unknown, args: unknown): JsonRecord {
  return {
    id: typeof id === 'string' ? id : undefined,
    type: 'function',
    function: { name: typeof name === 'string' ? name : 'unknown', arguments: argumentsText(args) },
  };
}

/**
 * Current conventions: `{role, parts}`. Text, reasoning and tool calls stay in
 * the message; each `tool_call_response` part is a tool result of its own.
 */
function fromPartsMessages(value: unknown, path: string, out: ChatRecord[], role: string): boolean {
  // Some instrumentations write plain text here, others Chat Completions messages without parts.
  if (typeof value === 'string') {
    if (value !== '') out.push({ record: { role, content: value }, path });
    return true;
  }
  if (!Array.isArray(value)) return false;
  value.forEach((message, i) => {
    if (!isRecord(message)) return;
    const at = `${path}[${i}]`;
    if (!Array.isArray(field(message, 'parts'))) {
      out.push({ record: { role, ...message }, path: at });
      return;
    }
    const messageRole = str(message, 'role') ?? role;
    const texts: string[] = [];
    const reasoning: string[] = [];
    const calls: JsonRecord[] = [];
    let images = 0;
    const results: ChatRecord[] = [];
    for (const part of arr(message, 'parts') ?? []) {
      if (!isRecord(part)) continue;
      switch (str(part, 'type')) {
        case 'text':
          texts.push(textOf(field(part, 'content')) ?? '');
          break;
        case 'reasoning':
          reasoning.push(textOf(field(part, 'content')) ?? '');
          break;
        case 'tool_call':
          calls.push(chatToolCall(field(part, 'id'), field(part, 'name'), field(part, 'arguments')));
          break;
        case 'tool_call_response': {
          const response = field(part, 'response');
          results.push({
            record: {
              role: 'tool',
              tool_call_id: str(part, 'id'),
              content: typeof response === 'string' ? response : safeStringify(response ?? ''),
            },
            path: at,
          });
          break;
        }
        case 'blob':
        case 'uri':
        case 'file':
          if (str(part, 'modality') === 'image') images++;
          break;
        default:
          // server_tool_call and its response, and vendor parts: the model read them as written.
          texts.push(safeStringify(part));
      }
    }
    if (messageRole === 'tool' && texts.length === 0 && calls.length === 0) {
      appendAll(out, results);
      return;
    }
    const record: JsonRecord = {
      role: messageRole,
      content: [
        ...texts.map((text) => ({ type: 'text', text })),
        ...Array.from({ length: images }, () => ({ type: 'image_url' })),
      ],
    };
    if (reasoning.length) record.reasoning_content = reasoning.join('\n\n');
    if (calls.length) record.tool_calls = calls;
    if (messageRole === 'tool') record.tool_call_id = str(message, 'tool_call_id');
    out.push({ record, path: at });
    appendAll(out, results);
  });
  return true;
}

/** `gen_ai.system_instructions`: parts, or a plain string. */
function fromSystemInstructions(value: unknown, path: string, out: ChatRecord[]): void {
  const parsed = jsonAttribute(value);
  if (typeof parsed === 'string' && parsed !== '') {
    out.push({ record: { role: 'system', content: parsed }, path });
    return;
  }
  if (!Array.isArray(parsed)) return;
  const text = parsed
    .filter(isRecord)
    .map((part) => textOf(field(part, 'content')) ?? '')
    .join('\n');
  if (text) out.push({ record: { role: 'system', content: text }, path });
}

/** The Vercel AI SDK's prompt: `{role, content}` with content a string or typed parts. */
function fromVercelPrompt(value: unknown, path: string, out: ChatRecord[]): boolean {
  if (!Array.isArray(value)) return false;
  value.forEach((message, i) => {
    if (!isRecord(message)) return;
    const at = `${path}[${i}]`;
    const role = str(message, 'role') ?? 'user';
    const content = field(message, 'content');
    if (typeof content === 'string') {
      out.push({ record: { role, content }, path: at });
      return;
    }
    const texts: string[] = [];
    const reasoning: string[] = [];
    const calls: JsonRecord[] = [];
    const results: ChatRecord[] = [];
    let images = 0;
    for (const part of Array.isArray(content) ? content : []) {
      if (!isRecord(part)) continue;
      switch (str(part, 'type')) {
        case 'text':
          texts.push(str(part, 'text') ?? '');
          break;
        case 'reasoning':
          reasoning.push(str(part, 'text') ?? '');
          break;
        case 'image':
          images++;
          break;
        case 'file':
          if ((str(part, 'mediaType') ?? str(part, 'mimeType') ?? '').startsWith('image/')) images++;
          break;
        case 'tool-call':
          calls.push(
            chatToolCall(
              field(part, 'toolCallId'),
              field(part, 'toolName'),
              field(part, 'input') ?? field(part, 'args'),
            ),
          );
          break;
        case 'tool-result':
          results.push({
            record: {
              role: 'tool',
              tool_call_id: str(part, 'toolCallId'),
              name: str(part, 'toolName'),
              content: vercelResult(field(part, 'output') ?? field(part, 'result')),
            },
            path: at,
          });
          break;
      }
    }
    if (texts.length || reasoning.length || calls.length || images || results.length === 0) {
      const record: JsonRecord = {
        role: role === 'tool' ? 'user' : role,
        content: [
          ...texts.map((text) => ({ type: 'text', text })),
          ...Array.from({ length: images }, () => ({ type: 'image_url' })),
        ],
      };
      if (reasoning.length) record.reasoning_content = reasoning.join('\n\n');
      if (calls.length) record.tool_calls = calls;
      out.push({ record, path: at });
    }
    appendAll(out, results);
  });
  return true;
}

/** A tool result as the SDK sends it: `{type: "text" | "json" | …, value}` since v5, the raw value before. */
function vercelResult(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isRecord(output) && 'value' in output) {
    const value = field(output, 'value');
    return typeof value === 'string' ? value : safeStringify(value);
  }
  return safeStringify(output ?? '');
}

function fromVercelResponse(attributes: Attributes, path: string, out: ChatRecord[]): void {
  const text = textOf(attributes.get('ai.response.text'));
  const reasoning = textOf(attributes.get('ai.response.reasoning'));
  const toolCalls = jsonAttribute(attributes.get('ai.response.toolCalls'));
  const calls = (Array.isArray(toolCalls) ? toolCalls : [])
    .filter(isRecord)
    .map((call) =>
      chatToolCall(
        field(call, 'toolCallId'),
        field(call, 'toolName'),
        field(call, 'input') ?? field(call, 'args'),
      ),
    );
  if (text === undefined && reasoning === undefined && calls.length === 0) return;
  const record: JsonRecord = { role: 'assistant', content: text ?? '' };
  if (reasoning) record.reasoning_content = reasoning;
  if (calls.length) record.tool_calls = calls;
  out.push({ record, path });
}

/** OpenLLMetry's `gen_ai.prompt.0.role`, `gen_ai.prompt.0.tool_calls.1.name`, … */
function fromFlattened(attributes: Attributes, prefix: string, path: string, out: ChatRecord[]): boolean {
  const indexes = new Set<number>();
  const pattern = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d+)\\.`);
  for (const key of attributes.keys()) {
    const match = pattern.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  if (indexes.size === 0) return false;
  // Several completions are several choices: the conversation goes on with the first.
  const order = [...indexes].sort((a, b) => a - b);
  for (const i of prefix === 'gen_ai.completion' ? order.slice(0, 1) : order) {
    const at = `${prefix}.${i}`;
    const get = (key: string): unknown => attributes.get(`${at}.${key}`);
    const calls: JsonRecord[] = [];
    for (let j = 0; attributes.has(`${at}.tool_calls.${j}.name`); j++)
      calls.push(
        chatToolCall(
          get(`tool_calls.${j}.id`),
          get(`tool_calls.${j}.name`),
          get(`tool_calls.${j}.arguments`),
        ),
      );
    const record: JsonRecord = {
      role: textOf(get('role')) ?? (prefix === 'gen_ai.completion' ? 'assistant' : 'user'),
      content: flattenedContent(get('content')),
    };
    if (calls.length) record.tool_calls = calls;
    const callId = textOf(get('tool_call_id'));
    if (callId !== undefined) record.tool_call_id = callId;
    out.push({ record, path: `${path}.attributes[${JSON.stringify(at)}]` });
  }
  return true;
}

/** Content written as a JSON string of parts when the message had parts; text parts are what is read. */
function flattenedContent(value: unknown): unknown {
  const parsed = jsonAttribute(value);
  if (Array.isArray(parsed) && parsed.every((p) => isRecord(p) && typeof field(p, 'type') === 'string'))
    return parsed.map((p) =>
      str(p as JsonRecord, 'type') === 'text' ? p : { type: 'text', text: safeStringify(p) },
    );
  return typeof value === 'string' ? value : safeStringify(value ?? '');
}

/** `gen_ai.prompt` / `gen_ai.completion` as one JSON string: Chat Completions messages, or plain text. */
function fromJsonString(value: unknown, role: string, path: string, out: ChatRecord[]): boolean {
  if (value === undefined) return false;
  const parsed = jsonAttribute(value);
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) ? [parsed] : null;
  if (list && list.every(isRecord)) {
    list.forEach((record, i) => out.push({ record: { role, ...record }, path: `${path}[${i}]` }));
    return true;
  }
  out.push({ record: { role, content: typeof value === 'string' ? value : safeStringify(value) }, path });
  return true;
}

/** The older per-message events; a body may be spread over attributes or sit in `gen_ai.event.content`. */
function fromMessageEvents(span: Span, out: ChatRecord[], output: boolean): boolean {
  let found = false;
  span.events.forEach((event, e) => {
    if (!CONTENT_EVENTS.has(event.name) || (event.name === 'gen_ai.choice') !== output) return;
    found = true;
    const body = jsonAttribute(event.attributes.get('gen_ai.event.content'));
    const fields: JsonRecord = isRecord(body) ? body : Object.fromEntries(event.attributes);
    const message = event.name === 'gen_ai.choice' ? (rec(fields, 'message') ?? fields) : fields;
    const role =
      str(message, 'role') ??
      (event.name === 'gen_ai.choice' ? 'assistant' : event.name.slice('gen_ai.'.length, -'.message'.length));
    const record: JsonRecord = { role, content: field(message, 'content') ?? '' };
    const calls = jsonAttribute(field(message, 'tool_calls'));
    if (Array.isArray(calls))
      record.tool_calls = calls
        .filter(isRecord)
        .map((c) =>
          chatToolCall(
            field(c, 'id'),
            rec(c, 'function') ? field(rec(c, 'function')!, 'name') : field(c, 'name'),
            rec(c, 'function') ? field(rec(c, 'function')!, 'arguments') : field(c, 'arguments'),
          ),
        );
    if (role === 'tool') record.tool_call_id = str(message, 'id') ?? str(message, 'tool_call_id');
    out.push({ record, path: `${span.path}.events[${e}]` });
  });
  return found;
}

/** The attribute of the span, or of its operation-details event (where content may be captured instead). */
function spanOrEventAttribute(span: Span, key: string): unknown {
  if (span.attributes.has(key)) return span.attributes.get(key);
  for (const event of span.events) if (event.attributes.has(key)) return event.attributes.get(key);
  return undefined;
}

interface Call {
  input: ChatRecord[];
  output: ChatRecord[];
}

/** The input and output one span recorded, or null when it records no messages. */
function readCall(span: Span): Call | null {
  const input: ChatRecord[] = [];
  const output: ChatRecord[] = [];
  const attrs = span.attributes;
  const at = (key: string): string => `${span.path}.attributes[${JSON.stringify(key)}]`;
  const modern = spanOrEventAttribute(span, 'gen_ai.input.messages');
  if (modern !== undefined) {
    const instructions = spanOrEventAttribute(span, 'gen_ai.system_instructions');
    if (instructions !== undefined)
      fromSystemInstructions(instructions, at('gen_ai.system_instructions'), input);
    fromPartsMessages(jsonAttribute(modern), at('gen_ai.input.messages'), input, 'user');
    fromPartsMessages(
      jsonAttribute(spanOrEventAttribute(span, 'gen_ai.output.messages')),
      at('gen_ai.output.messages'),
      output,
      'assistant',
    );
    // Several output messages are several choices: the conversation goes on with the first.
    return { input, output: output.slice(0, 1) };
  }
  if (attrs.has('ai.prompt.messages')) {
    fromVercelPrompt(jsonAttribute(attrs.get('ai.prompt.messages')), at('ai.prompt.messages'), input);
    fromVercelResponse(attrs, at('ai.response.text'), output);
    return { input, output };
  }
  if (fromFlattened(attrs, 'gen_ai.prompt', span.path, input)) {
    fromFlattened(attrs, 'gen_ai.completion', span.path, output);
    return { input, output };
  }
  const promptEvent = span.events.findIndex((e) => e.name === 'gen_ai.content.prompt');
  const prompt = attrs.get('gen_ai.prompt') ?? span.events[promptEvent]?.attributes.get('gen_ai.prompt');
  if (prompt !== undefined) {
    fromJsonString(
      prompt,
      'user',
      attrs.has('gen_ai.prompt') ? at('gen_ai.prompt') : `${span.path}.events[${promptEvent}]`,
      input,
    );
    const completionEvent = span.events.findIndex((e) => e.name === 'gen_ai.content.completion');
    const completion =
      attrs.get('gen_ai.completion') ?? span.events[completionEvent]?.attributes.get('gen_ai.completion');
    fromJsonString(
      completion,
      'assistant',
      attrs.has('gen_ai.completion') ? at('gen_ai.completion') : `${span.path}.events[${completionEvent}]`,
      output,
    );
    return { input, output: output.slice(0, 1) };
  }
  if (fromMessageEvents(span, input, false)) {
    fromMessageEvents(span, output, true);
    return { input, output: output.slice(0, 1) };
  }
  return null;
}

/** A span that records a model call: GenAI attributes, Vercel AI SDK call attributes, or content events. */
function isGenAiSpan(span: Span): boolean {
  for (const key of span.attributes.keys())
    if (key.startsWith('gen_ai.') || key.startsWith('ai.prompt') || key.startsWith('ai.response'))
      return true;
  return span.events.some((e) => e.name.startsWith('gen_ai.'));
}

// ---- Detection ----

function isExportRequest(value: unknown): value is JsonRecord {
  return isRecord(value) && Array.isArray(field(value, 'resourceSpans'));
}

function detectRequests(requests: readonly JsonRecord[], where: string): Detection | null {
  if (requests.length === 0) return null;
  const spans = requests.flatMap((request) => spansOf(request, '$'));
  const genAi = spans.filter(isGenAiSpan);
  const withMessages = genAi.filter((span) => readCall(span) !== null);
  if (withMessages.length > 0)
    return detection(
      'otel',
      0.97,
      `${where} with ${counted(withMessages.length, 'GenAI span')} that record${withMessages.length === 1 ? 's' : ''} messages`,
    );
  // The shape alone, or GenAI spans whose content was not captured: nothing to read, a low bid.
  if (genAi.length > 0) return detection('otel', 0.5, `${where} with GenAI spans but no recorded messages`);
  return detection('otel', 0.3, `${where} with no GenAI span`);
}

// ---- Import ----

/** Collects every span of the trace, then reads the newest call. */
class TraceReader {
  private readonly spans: Span[] = [];

  constructor(private readonly log: IssueLog) {}

  add(request: JsonRecord, base: string, line?: number): void {
    appendAll(this.spans, spansOf(request, base, line));
  }

  finish(): Imported {
    const calls: { span: Span; call: Call }[] = [];
    let genAiWithout = 0;
    for (const span of this.spans) {
      const call = readCall(span);
      if (call) calls.push({ span, call });
      else if (isGenAiSpan(span)) genAiWithout++;
    }
    if (calls.length === 0) {
      if (genAiWithout > 0)
        this.log.warn(
          'content-not-captured',
          `${counted(genAiWithout, 'GenAI span')} record${genAiWithout === 1 ? 's' : ''} calls but no messages: message content capture was off when the trace was recorded`,
        );
      return { messages: [] };
    }
    // The newest call ends last; spans that end together keep file order.
    let newest = calls[0];
    for (const candidate of calls) if (candidate.span.end >= newest.span.end) newest = candidate;
    if (calls.length > 1)
      this.log.note(
        'earlier-calls',
        `The trace records ${counted(calls.length, 'model call')}; the conversation is the newest one's input and output (span "${newest.span.name}")`,
        newest.span.line !== undefined ? { line: newest.span.line } : { path: newest.span.path },
      );
    const records = [...newest.call.input, ...newest.call.output];
    const line = newest.span.line;
    const messages = readChatMessages(
      records.map((r, i) => ({ ...r.record, id: `${newest.span.id}:${i}` })),
      (i) => records[i].path,
      this.log,
    );
    if (line !== undefined) for (const m of messages) m.source = { line };
    const usage = spanUsage(newest.span.attributes);
    const reply = messages.length > newest.call.input.length ? messages[messages.length - 1] : undefined;
    const recorded =
      reply && usage?.contextTokens !== undefined
        ? [
            {
              at: reply,
              usage: callUsage({
                total: usage.contextTokens,
                cacheRead: usage.cachedInputTokens,
                output: usage.outputTokens,
              }),
            },
          ]
        : [];
    return { messages, usage, history: contextHistory(messages, recorded) };
  }
}

function firstNumber(attributes: Attributes, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = attributes.get(key);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** The call's own usage: input tokens (cached ones included, as the conventions count them) and output. */
function spanUsage(attributes: Attributes): ImportUsage | undefined {
  const input = firstNumber(
    attributes,
    'gen_ai.usage.input_tokens',
    'gen_ai.usage.prompt_tokens',
    'ai.usage.promptTokens',
    'ai.usage.inputTokens',
  );
  const usage: ImportUsage = {
    contextTokens: input,
    inputTokens: input,
    cachedInputTokens: firstNumber(
      attributes,
      'gen_ai.usage.cache_read.input_tokens',
      'gen_ai.usage.cache_read_input_tokens',
    ),
    outputTokens: firstNumber(
      attributes,
      'gen_ai.usage.output_tokens',
      'gen_ai.usage.completion_tokens',
      'ai.usage.completionTokens',
      'ai.usage.outputTokens',
    ),
    model:
      textOf(attributes.get('gen_ai.response.model')) ??
      textOf(attributes.get('gen_ai.request.model')) ??
      textOf(attributes.get('ai.model.id')),
  };
  return Object.values(usage).some((v) => v !== undefined) ? usage : undefined;
}

export const otelJson: JsonImporter = {
  id: 'otel',
  fixtures: ['otel-genai.json'],
  detect(value) {
    return isExportRequest(value) ? detectRequests([value], 'an OTLP export request (resourceSpans)') : null;
  },
  importValue(value, log): Imported {
    if (!isExportRequest(value))
      throw new ImportError('not-a-transcript', 'Expected an OTLP JSON export request with "resourceSpans"');
    const reader = new TraceReader(log);
    reader.add(value, '$');
    return reader.finish();
  },
};

/** A collector's file exporter: one export request a line. */
export const otelJsonl: JsonlImporter = {
  id: 'otel',
  fixtures: ['otel-openllmetry.jsonl'],
  detectRecords(records) {
    const requests = records.filter(isExportRequest);
    if (requests.length === 0 || requests.length < records.length / 2) return null;
    return detectRequests(
      requests,
      requests.length > 1
        ? 'OTLP export requests (resourceSpans), one a line,'
        : 'an OTLP export request (resourceSpans)',
    );
  },
  start(log): JsonlSession {
    const reader = new TraceReader(log);
    return {
      add(record, line) {
        if (!isRecord(record)) return log.notAnObject(line, record);
        if (!isExportRequest(record)) return log.unknownLineType('(no resourceSpans)', line, record);
        reader.add(record, `line ${line}: $`, line);
      },
      finish: () => reader.finish(),
    };
  },
};
