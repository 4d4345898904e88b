/**
 * The plain-text transcript a summarizer reads. A model handed real messages
 * tends to continue them; handed a transcript, it summarizes.
 */
import type { Message, ToolCall } from './message';

export const TEXT_MAX_CHARS = 4000;
export const TOOL_RESULT_MAX_CHARS = 2000;
export const TOOL_ARG_MAX_CHARS = 400;

/** Trims, then cuts to `max` characters with a note of how much was left out. */
export function truncate(text: string, max: number): string {
  const trimmed = text.trim();
  // Characters are code points, never more than UTF-16 units: a short text needs no count.
  if (trimmed.length <= max) return trimmed;
  // Counted in place rather than spread into an array: tool outputs run to megabytes.
  let points = 0;
  let end = trimmed.length;
  for (let i = 0; i < trimmed.length; i++) {
    if (points === max) end = i;
    if (isHighSurrogate(trimmed.charCodeAt(i)) && isLowSurrogate(trimmed.charCodeAt(i + 1))) i++;
    points++;
  }
  if (points <= max) return trimmed;
  return `${trimmed.slice(0, end)}\n\n[... ${points - max} more characters truncated]`;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * A call's arguments as `key=value` pairs, keys sorted, each value cut short:
 * a file write carries a whole file body, but the summary needs only the path
 * and the fact of the write.
 */
export function renderToolArgs(args: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return truncate(args, TOOL_ARG_MAX_CHARS);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return truncate(args, TOOL_ARG_MAX_CHARS);
  }
  const record = parsed as Record<string, unknown>;
  try {
    return Object.keys(record)
      .sort()
      .map((key) => `${key}=${truncate(JSON.stringify(record[key]) ?? 'null', TOOL_ARG_MAX_CHARS)}`)
      .join(', ');
  } catch {
    // A value nested deeper than JSON.stringify can recurse (JSON.parse has no such limit).
    return truncate(args, TOOL_ARG_MAX_CHARS);
  }
}

export function renderToolCalls(calls: readonly ToolCall[]): string {
  return calls.map((call) => `${call.name}(${renderToolArgs(call.arguments)})`).join('; ');
}

/**
 * The transcript parts of one message. System messages have none: a
 * compaction keeps them verbatim in the result, so summarizing them too would
 * only repeat them.
 */
export function serializeMessage(message: Message): string[] {
  const parts: string[] = [];
  switch (message.role) {
    case 'user':
      if (message.content.trim()) parts.push(`[User]: ${truncate(message.content, TEXT_MAX_CHARS)}`);
      break;
    case 'assistant':
      if (message.reasoning?.trim()) {
        parts.push(`[Assistant thinking]: ${truncate(message.reasoning, TEXT_MAX_CHARS)}`);
      }
      if (message.content.trim()) parts.push(`[Assistant]: ${truncate(message.content, TEXT_MAX_CHARS)}`);
      if (message.toolCalls?.length)
        parts.push(`[Assistant tool calls]: ${renderToolCalls(message.toolCalls)}`);
      break;
    case 'tool':
      if (message.content.trim()) {
        parts.push(
          `[Tool result ${message.toolName ?? 'tool'}]: ${truncate(message.content, TOOL_RESULT_MAX_CHARS)}`,
        );
      }
      break;
    case 'system':
      break;
  }
  return parts;
}

/**
 * Each message's parts, made once: every strategy compared at a recorded
 * compaction serializes the same messages, and a message never changes (a
 * cleared one is a new object).
 */
const serialized = new WeakMap<Message, readonly string[]>();

function partsOf(message: Message): readonly string[] {
  let parts = serialized.get(message);
  if (!parts) serialized.set(message, (parts = serializeMessage(message)));
  return parts;
}

/**
 * The last transcripts made, with the messages they were made of: every
 * strategy compared at a recorded compaction summarizes a run of the same
 * messages, many of them the same run. Looked up by the messages
 * themselves, each the same object, so a transcript is never taken for
 * another's.
 */
const recent: { messages: readonly Message[]; text: string }[] = [];
const RECENT = 8;

function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

export function serializeConversation(messages: readonly Message[]): string {
  const known = recent.find((r) => sameMessages(r.messages, messages));
  if (known) return known.text;
  const out: string[] = [];
  for (const message of messages) for (const part of partsOf(message)) out.push(part);
  const text = out.join('\n\n');
  // Short runs are quick to make again; only the long ones are kept.
  if (messages.length >= 64) {
    recent.unshift({ messages: [...messages], text });
    recent.length = Math.min(recent.length, RECENT);
  }
  return text;
}
