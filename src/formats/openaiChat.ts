/**
 * OpenAI Chat Completions: a bare message array, `{messages}`, a request body,
 * or a response body (`choices[].message`). Also the many OpenAI-compatible
 * servers, whose extras (`reasoning_content`, `reasoning_details`) are kept.
 */
import type { Message, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { argumentsString, arr, field, isRecord, num, rec, str } from './json';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';
import { contextHistory } from './sessionRecorder';

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const CHAT_PART_TYPES = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);

interface Located {
  items: unknown[];
  base: string;
  response?: JsonRecord;
}

/** Where the message list sits in each accepted container. */
function locate(value: unknown): Located | null {
  if (Array.isArray(value)) return { items: value, base: '$' };
  if (!isRecord(value)) return null;
  const choices = arr(value, 'choices');
  if (choices && choices.length > 0) {
    const items = choices.map((choice) => (isRecord(choice) ? field(choice, 'message') : undefined));
    if (items.some(isRecord)) return { items: items.slice(0, 1), base: '$.choices', response: value };
  }
  const messages = arr(value, 'messages');
  if (messages) return { items: messages, base: '$.messages' };
  return null;
}

function best(candidates: (Detection | null)[]): Detection | null {
  let top: Detection | null = null;
  for (const c of candidates) if (c && (!top || c.confidence > top.confidence)) top = c;
  return top;
}

/** The strongest Chat-only trait one message shows. */
function messageSignal(m: JsonRecord, where: string): Detection | null {
  if (str(m, 'role') === 'tool' && typeof field(m, 'tool_call_id') === 'string') {
    return detection('openai-chat', 0.95, `${where} with a role "tool" message carrying tool_call_id`);
  }
  const calls = arr(m, 'tool_calls');
  if (calls?.some((c) => isRecord(c) && isRecord(field(c, 'function')))) {
    return detection('openai-chat', 0.95, `${where} with tool_calls[].function`);
  }
  if (isRecord(field(m, 'function_call')))
    return detection('openai-chat', 0.9, `${where} with a legacy function_call`);
  const role = str(m, 'role');
  if (role === 'developer' || role === 'function')
    return detection('openai-chat', 0.85, `${where} with a "${role}" role message`);
  if (Array.isArray(field(m, 'content')))
    return detection('openai-chat', 0.8, `${where} with Chat content parts`);
  if (role === 'system') return detection('openai-chat', 0.7, `${where} with a "system" role message`);
  return null;
}

/** A part type that only another format uses (Anthropic blocks, Responses parts) rules this format out. */
function hasForeignParts(message: JsonRecord): boolean {
  const content = field(message, 'content');
  if (!Array.isArray(content)) return false;
  return content.some(
    (part) =>
      isRecord(part) && typeof field(part, 'type') === 'string' && !CHAT_PART_TYPES.has(str(part, 'type')!),
  );
}

export const openaiChat: JsonImporter = {
  id: 'openai-chat',
  fixtures: ['openai-chat.json'],
  detect(value) {
    const located = locate(value);
    if (!located) return null;
    if (located.response) {
      const object = str(located.response, 'object');
      return detection(
        'openai-chat',
        0.95,
        object ? `"object": "${object}" with choices[].message` : 'a response body with choices[].message',
      );
    }
    const records = located.items.filter(isRecord);
    if (records.length === 0 || records.length !== located.items.length) return null;
    if (!records.every((m) => CHAT_ROLES.has(str(m, 'role') ?? ''))) return null;
    if (records.some(hasForeignParts)) return null;
    const where = located.base === '$' ? 'an array of messages' : '"messages"';
    return (
      best(records.map((m) => messageSignal(m, where))) ??
      detection(
        'openai-chat',
        0.6,
        `${where} with only role and string content (shared by several formats; Chat Completions assumed)`,
      )
    );
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located) {
      throw new ImportError(
        'not-a-transcript',
        'Expected a message array, {"messages": [...]}, or a response with choices[].message',
      );
    }
    const pathOf = located.response
      ? (i: number) => `$.choices[${i}].message`
      : (i: number) => childPath(located.base, i);
    const messages = readChatMessages(
      located.items,
      pathOf,
      log,
      located.response ? str(located.response, 'id') : undefined,
    );
    if (located.response) {
      const choices = arr(located.response, 'choices') ?? [];
      if (choices.length > 1) {
        log.warn('extra-choices', `The response has ${choices.length} choices; only the first was imported`, {
          path: '$.choices',
        });
      }
      return { messages, usage: chatUsage(located.response), history: contextHistory(messages) };
    }
    const model = isRecord(value) ? str(value, 'model') : undefined;
    return { messages, usage: model ? { model } : undefined, history: contextHistory(messages) };
  },
};

function chatUsage(response: JsonRecord): ImportUsage | undefined {
  const usage = rec(response, 'usage');
  const model = str(response, 'model');
  if (!usage) return model ? { model } : undefined;
  const input = num(usage, 'prompt_tokens');
  return {
    contextTokens: input,
    inputTokens: input,
    cachedInputTokens: num(rec(usage, 'prompt_tokens_details') ?? {}, 'cached_tokens'),
    outputTokens: num(usage, 'completion_tokens'),
    reasoningTokens: num(rec(usage, 'completion_tokens_details') ?? {}, 'reasoning_tokens'),
    totalTokens: num(usage, 'total_tokens'),
    model,
  };
}

/** Reasoning under the names different servers use for it. */
function chatReasoning(m: JsonRecord): string | undefined {
  const direct = str(m, 'reasoning_content') ?? str(m, 'reasoning');
  if (direct) return direct;
  const details = arr(m, 'reasoning_details');
  if (!details) return undefined;
  const texts = details
    .filter(isRecord)
    .map((d) => str(d, 'text') ?? str(d, 'summary') ?? '')
    .filter(Boolean);
  return texts.length ? texts.join('\n\n') : undefined;
}

export function readChatMessages(
  items: readonly unknown[],
  pathOf: (index: number) => string,
  log: IssueLog,
  idPrefix?: string,
): Message[] {
  const messages: Message[] = [];
  // Legacy function_call has no id: results pair with the oldest open call of the same name.
  const legacyCalls = new Map<string, string[]>();
  items.forEach((item, index) => {
    const path = pathOf(index);
    if (!isRecord(item)) {
      log.tally('invalid-message', '', 'Entries that are not message objects were skipped', { path }, item);
      return;
    }
    const role = str(item, 'role');
    const id = str(item, 'id') ?? (idPrefix && items.length === 1 ? idPrefix : `m${index}`);
    const parts = new Parts();
    const content = field(item, 'content');
    if (typeof content === 'string') parts.addText(content);
    else if (Array.isArray(content)) {
      content.forEach((part, k) => {
        if (typeof part === 'string') return parts.addText(part);
        if (!isRecord(part)) return;
        const type = str(part, 'type');
        if (type === 'text') parts.addText(str(part, 'text'));
        else if (type === 'refusal') parts.addText(str(part, 'refusal'));
        else if (type === 'image_url') parts.images++;
        else if (type === 'input_audio' || type === 'file') return;
        else
          log.tally(
            'unknown-part-type',
            type ?? '',
            `Unknown content part type "${type ?? '(none)'}" skipped`,
            { path: childPath(childPath(path, 'content'), k) },
            part,
          );
      });
    }
    const refusal = str(item, 'refusal');
    if (refusal && parts.text.length === 0) parts.addText(refusal);
    const name = str(item, 'name');

    switch (role) {
      case 'system':
      case 'developer':
        messages.push(
          makeMessage({
            id,
            role: 'system',
            content: parts.content(),
            name,
            images: parts.images,
            source: { path },
          }),
        );
        return;
      case 'user':
        messages.push(
          makeMessage({
            id,
            role: 'user',
            content: parts.content(),
            name,
            images: parts.images,
            source: { path },
          }),
        );
        return;
      case 'assistant': {
        const toolCalls: ToolCall[] = [];
        (arr(item, 'tool_calls') ?? []).forEach((call, k) => {
          if (!isRecord(call)) return;
          const fn = rec(call, 'function') ?? rec(call, 'custom');
          const callName = (fn && str(fn, 'name')) ?? str(call, 'name') ?? 'unknown';
          const rawArgs = fn ? (field(fn, 'arguments') ?? field(fn, 'input')) : field(call, 'arguments');
          toolCalls.push({
            id: str(call, 'id') ?? `${id}:call${k}`,
            name: callName,
            arguments: checkedArguments(rawArgs, log, path),
          });
        });
        const legacy = rec(item, 'function_call');
        if (legacy) {
          const callName = str(legacy, 'name') ?? 'unknown';
          const callId = `${id}:function_call`;
          toolCalls.push({
            id: callId,
            name: callName,
            arguments: checkedArguments(field(legacy, 'arguments'), log, path),
          });
          legacyCalls.set(callName, [...(legacyCalls.get(callName) ?? []), callId]);
        }
        messages.push(
          makeMessage({
            id,
            role: 'assistant',
            content: parts.content(),
            reasoning: chatReasoning(item),
            toolCalls,
            name,
            images: parts.images,
            source: { path },
          }),
        );
        return;
      }
      case 'tool':
        messages.push(
          makeMessage({
            id,
            role: 'tool',
            content: parts.content(),
            toolCallId: str(item, 'tool_call_id'),
            toolName: name,
            images: parts.images,
            source: { path },
          }),
        );
        return;
      case 'function': {
        const queue = name ? legacyCalls.get(name) : undefined;
        const callId = queue?.shift();
        messages.push(
          makeMessage({
            id,
            role: 'tool',
            content: parts.content(),
            toolCallId: callId,
            toolName: name,
            source: { path },
          }),
        );
        return;
      }
      default:
        log.tally(
          'unknown-role',
          role ?? '',
          `Messages with unknown role "${role ?? '(none)'}" skipped`,
          { path },
          item,
        );
    }
  });
  return messages;
}

/** Arguments as a JSON string; an invalid string (often a truncated stream) is kept and reported. */
export function checkedArguments(raw: unknown, log: IssueLog, path: string): string {
  const { text, valid } = argumentsString(raw);
  if (!valid)
    log.tally(
      'invalid-arguments',
      '',
      'Tool-call arguments that are not valid JSON (kept as written)',
      { path },
      text,
    );
  return text;
}

/** Chat Completions request body `{messages}`; reasoning goes in `reasoning_content`, the common extension. */
export function exportOpenAIChat(messages: readonly Message[]): string {
  const out = messages.map((m) => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return m.name
          ? { role: 'user', content: m.content, name: m.name }
          : { role: 'user', content: m.content };
      case 'assistant': {
        const message: JsonRecord = {
          role: 'assistant',
          content: m.content === '' && m.toolCalls?.length ? null : m.content,
        };
        if (m.name) message.name = m.name;
        if (m.reasoning) message.reasoning_content = m.reasoning;
        if (m.toolCalls?.length) {
          message.tool_calls = m.toolCalls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          }));
        }
        return message;
      }
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content };
    }
  });
  return JSON.stringify({ messages: out }, null, 2);
}
