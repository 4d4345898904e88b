/**
 * LangChain serialized messages in their three shapes: `{type, data}`
 * (messages_to_dict), the `dumpd` constructor form (`lc`, `id`, `kwargs`),
 * and the flat form (`{type: "ai", content, tool_calls}`), in a list,
 * `{messages}` or LangGraph's `{values: {messages}}`.
 */
import type { Message, Role, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import { checkedArguments } from './openaiChat';
import type { Detection } from './types';
import { ImportError } from './types';
import type { CallUsage } from './sessionRecorder';
import { callUsage, contextHistory } from './sessionRecorder';

const TYPE_ROLES: Record<string, Role> = {
  human: 'user',
  user: 'user',
  ai: 'assistant',
  AIMessageChunk: 'assistant',
  assistant: 'assistant',
  tool: 'tool',
  function: 'tool',
  system: 'system',
};
const CLASS_ROLES: Record<string, Role> = {
  HumanMessage: 'user',
  HumanMessageChunk: 'user',
  AIMessage: 'assistant',
  AIMessageChunk: 'assistant',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
  FunctionMessage: 'tool',
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
};

/** How langmem's summarization node opens the summary it writes. */
const LANGMEM_SUMMARY = /^\s*Summary of the conversation so far/;

interface Shaped {
  role: Role | null;
  /** The object holding content, tool_calls, id… */
  body: JsonRecord;
  label: string;
  shape: 'data' | 'constructor' | 'flat';
}

function lookup<T>(table: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function chatRole(body: JsonRecord): Role | null {
  const role = str(body, 'role');
  return role === 'user' || role === 'assistant' || role === 'system' || role === 'tool'
    ? role
    : role === 'human'
      ? 'user'
      : role === 'ai'
        ? 'assistant'
        : null;
}

function shape(item: unknown): Shaped | null {
  if (!isRecord(item)) return null;
  const kwargs = rec(item, 'kwargs');
  const id = arr(item, 'id');
  if (field(item, 'lc') !== undefined && kwargs && id) {
    const className = id[id.length - 1];
    const label = typeof className === 'string' ? className : '';
    const role =
      label === 'ChatMessage' || label === 'ChatMessageChunk'
        ? chatRole(kwargs)
        : (lookup(CLASS_ROLES, label) ?? null);
    return { role, body: kwargs, label, shape: 'constructor' };
  }
  const type = str(item, 'type');
  const data = rec(item, 'data');
  if (type && data) {
    const role = type === 'chat' ? chatRole(data) : (lookup(TYPE_ROLES, type) ?? null);
    return { role, body: data, label: type, shape: 'data' };
  }
  if (type && lookup(TYPE_ROLES, type) && 'content' in item)
    return { role: lookup(TYPE_ROLES, type)!, body: item, label: type, shape: 'flat' };
  if (type === 'chat' && 'content' in item)
    return { role: chatRole(item), body: item, label: type, shape: 'flat' };
  if (type === 'remove') return { role: null, body: item, label: type, shape: 'flat' };
  return null;
}

function locate(value: unknown): { items: unknown[]; base: string } | null {
  if (Array.isArray(value)) return { items: value, base: '$' };
  if (!isRecord(value)) return null;
  const messages = arr(value, 'messages');
  if (messages) return { items: messages, base: '$.messages' };
  const values = rec(value, 'values');
  const nested = values ? arr(values, 'messages') : undefined;
  return nested ? { items: nested, base: '$.values.messages' } : null;
}

export const langchain: JsonImporter = {
  id: 'langchain',
  fixtures: ['langchain.json'],
  detect(value): Detection | null {
    const located = locate(value);
    if (!located || located.items.length === 0) return null;
    const shaped = located.items.map(shape);
    if (shaped.some((s) => s === null)) return null;
    // `{type, data}` is a common event shape (Copilot CLI writes it): without a
    // single LangChain message type among them, these are not LangChain messages.
    if (!shaped.some((s) => s!.role !== null)) return null;
    const first = shaped[0]!;
    if (first.shape === 'constructor')
      return detection('langchain', 0.97, `"lc" constructor form (${first.label})`);
    if (first.shape === 'data')
      return detection('langchain', 0.95, `{type, data} messages (type "${first.label}")`);
    return detection('langchain', 0.9, `flat messages with LangChain types ("${first.label}")`);
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located)
      throw new ImportError(
        'not-a-transcript',
        'Expected LangChain messages: an array, {"messages": [...]}, or {"values": {"messages": [...]}}',
      );
    const messages: Message[] = [];
    const calls: { at: Message; usage: CallUsage }[] = [];
    located.items.forEach((item, index) => {
      const path = childPath(located.base, index);
      const shaped = shape(item);
      if (!shaped || !shaped.role) {
        const label = shaped?.label ?? '';
        log.tally(
          'unknown-message-type',
          label,
          `Messages of type "${label || '(unknown)'}" were skipped`,
          { path },
          item,
        );
        return;
      }
      const message = readMessage(shaped.role, shaped.body, `m${index}`, path, log);
      messages.push(message);
      const usage = message.role === 'assistant' ? aiCall(shaped.body) : undefined;
      if (usage) calls.push({ at: message, usage });
    });
    return { messages, history: contextHistory(messages, calls) };
  },
};

function readMessage(role: Role, body: JsonRecord, fallbackId: string, path: string, log: IssueLog): Message {
  const id = str(body, 'id') ?? fallbackId;
  const parts = new Parts();
  const blockCalls: ToolCall[] = [];
  const content = field(body, 'content');
  if (typeof content === 'string') parts.addText(content);
  else if (Array.isArray(content)) {
    content.forEach((block, k) => {
      if (typeof block === 'string') return parts.addText(block);
      if (!isRecord(block)) return;
      const type = str(block, 'type');
      if (type === 'text') parts.addText(str(block, 'text'));
      else if (type === 'image_url' || type === 'image') parts.images++;
      else if (type === 'thinking') parts.addReasoning(str(block, 'thinking'));
      else if (type === 'reasoning') parts.addReasoning(str(block, 'reasoning') ?? str(block, 'text'));
      else if (type === 'tool_use' || type === 'tool_call') {
        blockCalls.push({
          id: str(block, 'id') ?? `${id}:call${k}`,
          name: str(block, 'name') ?? 'unknown',
          arguments: safeStringify(field(block, 'input') ?? field(block, 'args') ?? {}),
        });
      }
    });
  }
  const extra = rec(body, 'additional_kwargs') ?? {};
  parts.addReasoning(str(extra, 'reasoning_content'));
  const name = str(body, 'name') ?? undefined;
  switch (role) {
    case 'assistant': {
      // An Anthropic-backed message repeats its calls in content and in tool_calls: prefer tool_calls.
      let calls = readCalls(arr(body, 'tool_calls'), id, path, log);
      if (calls.length === 0) calls = blockCalls;
      if (calls.length === 0) calls = readLegacyCalls(arr(extra, 'tool_calls'), id, path, log);
      for (const invalid of arr(body, 'invalid_tool_calls') ?? []) {
        if (!isRecord(invalid)) continue;
        calls.push({
          id: str(invalid, 'id') ?? `${id}:invalid${calls.length}`,
          name: str(invalid, 'name') ?? 'unknown',
          arguments: checkedArguments(field(invalid, 'args'), log, path),
        });
      }
      return makeMessage({
        id,
        role,
        content: parts.content(),
        reasoning: parts.reasoningText(),
        toolCalls: calls,
        name,
        images: parts.images,
        source: { path },
      });
    }
    case 'tool':
      return makeMessage({
        id,
        role,
        content: parts.content(),
        toolCallId: str(body, 'tool_call_id'),
        toolName: name,
        images: parts.images,
        source: { path },
      });
    default: {
      // langmem hands its running summary to the model as a system message; it
      // is a previous summary, and a summary travels as a user message.
      const summary = role === 'system' && LANGMEM_SUMMARY.test(parts.content());
      return makeMessage({
        id,
        role: summary ? 'user' : role,
        kind: summary ? 'summary' : undefined,
        content: parts.content(),
        name,
        images: parts.images,
        source: { path },
      });
    }
  }
}

/** `tool_calls` with object `args`. */
function readCalls(list: unknown[] | undefined, id: string, path: string, log: IssueLog): ToolCall[] {
  const calls: ToolCall[] = [];
  (list ?? []).forEach((call, k) => {
    if (!isRecord(call)) return;
    calls.push({
      id: str(call, 'id') ?? `${id}:call${k}`,
      name: str(call, 'name') ?? 'unknown',
      arguments: checkedArguments(field(call, 'args'), log, path),
    });
  });
  return calls;
}

/** OpenAI-format duplicates in `additional_kwargs.tool_calls`, used only when nothing better exists. */
function readLegacyCalls(list: unknown[] | undefined, id: string, path: string, log: IssueLog): ToolCall[] {
  const calls: ToolCall[] = [];
  (list ?? []).forEach((call, k) => {
    if (!isRecord(call)) return;
    const fn = rec(call, 'function') ?? {};
    calls.push({
      id: str(call, 'id') ?? `${id}:call${k}`,
      name: str(fn, 'name') ?? 'unknown',
      arguments: checkedArguments(field(fn, 'arguments'), log, path),
    });
  });
  return calls;
}

/**
 * An AI message's `usage_metadata`: one model call. LangChain's
 * `input_tokens` is the whole prompt; `input_token_details` splits out the
 * cache reads and writes.
 */
function aiCall(body: JsonRecord): CallUsage | undefined {
  const usage = rec(body, 'usage_metadata');
  if (!usage) return undefined;
  const details = rec(usage, 'input_token_details') ?? {};
  return callUsage({
    total: num(usage, 'input_tokens'),
    cacheRead: num(details, 'cache_read'),
    cacheWrite: num(details, 'cache_creation'),
    output: num(usage, 'output_tokens'),
  });
}
