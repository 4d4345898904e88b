/**
 * The five ways the instrumentations write a call's messages on a span
 * (listed in `otel.ts`), each rewritten as Chat Completions records, and
 * `readCall`, which tries them in order.
 */
import { appendAll } from '../core/arrays';
import type { JsonRecord } from './json';
import { arr, field, isRecord, rec, safeStringify, str } from './json';
import { type Attributes, type Span } from './otelSpans';
/** One message as Chat Completions writes it, and where it came from. */
export interface ChatRecord {
  record: JsonRecord;
  path: string;
}

export const CONTENT_EVENTS = new Set([
  'gen_ai.system.message',
  'gen_ai.user.message',
  'gen_ai.assistant.message',
  'gen_ai.tool.message',
  'gen_ai.choice',
]);

// ---- Reading the message forms ----

export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A JSON-string attribute (the conventions' encoding), or a value already structured. */
export function jsonAttribute(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

export function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : safeStringify(value ?? {});
}

export function chatToolCall(id: unknown, name: unknown, args: unknown): JsonRecord {
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
export function fromPartsMessages(value: unknown, path: string, out: ChatRecord[], role: string): boolean {
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
export function fromSystemInstructions(value: unknown, path: string, out: ChatRecord[]): void {
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
export function fromVercelPrompt(value: unknown, path: string, out: ChatRecord[]): boolean {
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
export function vercelResult(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isRecord(output) && 'value' in output) {
    const value = field(output, 'value');
    return typeof value === 'string' ? value : safeStringify(value);
  }
  return safeStringify(output ?? '');
}

export function fromVercelResponse(attributes: Attributes, path: string, out: ChatRecord[]): void {
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
export function fromFlattened(
  attributes: Attributes,
  prefix: string,
  path: string,
  out: ChatRecord[],
): boolean {
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
export function flattenedContent(value: unknown): unknown {
  const parsed = jsonAttribute(value);
  if (Array.isArray(parsed) && parsed.every((p) => isRecord(p) && typeof field(p, 'type') === 'string'))
    return parsed.map((p) =>
      str(p as JsonRecord, 'type') === 'text' ? p : { type: 'text', text: safeStringify(p) },
    );
  return typeof value === 'string' ? value : safeStringify(value ?? '');
}

/** `gen_ai.prompt` / `gen_ai.completion` as one JSON string: Chat Completions messages, or plain text. */
export function fromJsonString(value: unknown, role: string, path: string, out: ChatRecord[]): boolean {
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
export function fromMessageEvents(span: Span, out: ChatRecord[], output: boolean): boolean {
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
export function spanOrEventAttribute(span: Span, key: string): unknown {
  if (span.attributes.has(key)) return span.attributes.get(key);
  for (const event of span.events) if (event.attributes.has(key)) return event.attributes.get(key);
  return undefined;
}

export interface Call {
  input: ChatRecord[];
  output: ChatRecord[];
}

/** The input and output one span recorded, or null when it records no messages. */
export function readCall(span: Span): Call | null {
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
export function isGenAiSpan(span: Span): boolean {
  for (const key of span.attributes.keys())
    if (key.startsWith('gen_ai.') || key.startsWith('ai.prompt') || key.startsWith('ai.response'))
      return true;
  return span.events.some((e) => e.name.startsWith('gen_ai.'));
}
