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
  const chars = Array.from(trimmed);
  if (chars.length <= max) return trimmed;
  return `${chars.slice(0, max).join('')}\n\n[... ${chars.length - max} more characters truncated]`;
}

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

export function serializeConversation(messages: readonly Message[]): string {
  return messages.flatMap(serializeMessage).join('\n\n');
}
