/**
 * Anthropic Messages: request bodies (`system` at the top level, `messages`),
 * a bare message list, or one response message. The block conversion here is
 * shared with Claude Code, whose lines carry Anthropic messages.
 */
import type { Message, SourceRef, ToolCall } from '../core/message';
import { childPath, makeMessage, Parts } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { IssueLog } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';

const ANTHROPIC_ONLY_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'web_search_tool_result',
  'document',
  'compaction',
]);

/** Where one source message sits, so each produced message can point back at it. */
export interface Origin {
  id: string;
  /** For JSON sources: the message's path; blocks get `.content[k]`. */
  path?: string;
  line?: number;
  turnId?: string;
}

function sourceOf(origin: Origin, block?: number): SourceRef {
  if (origin.path !== undefined) {
    return { path: block === undefined ? origin.path : childPath(childPath(origin.path, 'content'), block) };
  }
  return { line: origin.line };
}

export interface Converted {
  messages: Message[];
  /** A compaction block was found: everything before `messages` is hidden from the model. */
  compacted: boolean;
}

/** Text of a tool_result's content (a string or text and image blocks) and its image count. */
function toolResultContent(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  const parts = new Parts();
  if (Array.isArray(content)) {
    for (const block of content) {
      if (!isRecord(block)) continue;
      const type = str(block, 'type');
      if (type === 'text') parts.addText(str(block, 'text'));
      else if (type === 'image') parts.images++;
    }
  }
  return { text: parts.content(), images: parts.images };
}

/** The readable text of a compaction block, under the field names seen so far. */
function compactionText(block: JsonRecord): string {
  return str(block, 'content') ?? str(block, 'summary') ?? str(block, 'text') ?? '';
}

/**
 * One Anthropic message as our messages. A user message yields its tool
 * results first (as `tool` messages), then its own text; an assistant message
 * yields one message with text, thinking and tool calls.
 */
export function convertAnthropicMessage(
  role: string,
  content: unknown,
  origin: Origin,
  log: IssueLog,
): Converted {
  const out: Message[] = [];
  let compacted = false;
  const where = (block?: number): SourceRef => sourceOf(origin, block);
  if (typeof content === 'string' || content === null || content === undefined) {
    const text = typeof content === 'string' ? content : '';
    out.push(
      makeMessage({
        id: origin.id,
        role: role === 'assistant' ? 'assistant' : 'user',
        content: text,
        turnId: origin.turnId,
        source: where(),
      }),
    );
    return { messages: out, compacted };
  }
  if (!Array.isArray(content)) {
    log.tally(
      'invalid-content',
      '',
      'Message content that is neither a string nor a block list was read as empty',
      { ...where() },
      content,
    );
    out.push(
      makeMessage({
        id: origin.id,
        role: role === 'assistant' ? 'assistant' : 'user',
        turnId: origin.turnId,
        source: where(),
      }),
    );
    return { messages: out, compacted };
  }

  let parts = new Parts();
  let calls: ToolCall[] = [];
  content.forEach((block, k) => {
    if (typeof block === 'string') return parts.addText(block);
    if (!isRecord(block)) return;
    const type = str(block, 'type') ?? '';
    switch (type) {
      case 'text':
        parts.addText(str(block, 'text'));
        return;
      case 'image':
        parts.images++;
        return;
      case 'document': {
        // Plain-text documents are read by the model as text; PDFs and files are opaque here.
        const source = rec(block, 'source');
        if (source && str(source, 'type') === 'text') parts.addText(str(source, 'data'));
        return;
      }
      case 'thinking':
        parts.addReasoning(str(block, 'thinking'));
        return;
      case 'redacted_thinking':
        // Opaque to us and to the user; only the provider can read it.
        return;
      case 'tool_use':
        calls.push({
          id: str(block, 'id') ?? `${origin.id}:call${k}`,
          name: str(block, 'name') ?? 'unknown',
          arguments: safeStringify(field(block, 'input') ?? {}),
        });
        return;
      case 'server_tool_use':
      case 'mcp_tool_use':
        // Run by the provider inside this same reply: context the model saw, not a call we must pair.
        parts.addText(`[${str(block, 'name') ?? type}] ${safeStringify(field(block, 'input') ?? {})}`);
        return;
      case 'tool_result': {
        const result = toolResultContent(field(block, 'content'));
        out.push(
          makeMessage({
            id: `${origin.id}:${k}`,
            role: 'tool',
            content: result.text,
            images: result.images,
            toolCallId: str(block, 'tool_use_id'),
            turnId: origin.turnId,
            source: where(k),
          }),
        );
        return;
      }
      case 'compaction': {
        // Everything before this block is dropped by the API; the summary stands in for it.
        compacted = true;
        out.length = 0;
        parts = new Parts();
        calls = [];
        out.push(
          makeMessage({
            id: `${origin.id}:${k}`,
            role: 'user',
            kind: 'summary',
            content: compactionText(block),
            turnId: origin.turnId,
            source: where(k),
          }),
        );
        return;
      }
      default:
        if (type.endsWith('_tool_result')) {
          parts.addText(safeStringify(field(block, 'content') ?? null));
          return;
        }
        log.tally(
          'unknown-block-type',
          type,
          `Unknown content block type "${type || '(none)'}" skipped`,
          { ...where(k) },
          block,
        );
    }
  });

  if (role === 'assistant') {
    if (!parts.empty || calls.length > 0 || out.length === 0) {
      out.push(
        makeMessage({
          id: origin.id,
          role: 'assistant',
          content: parts.content(),
          reasoning: parts.reasoningText(),
          toolCalls: calls,
          images: parts.images,
          turnId: origin.turnId,
          source: where(),
        }),
      );
    }
  } else if (parts.text.length > 0 || parts.images > 0 || out.length === 0) {
    out.push(
      makeMessage({
        id: origin.id,
        role: 'user',
        content: parts.content(),
        images: parts.images,
        turnId: origin.turnId,
        source: where(),
      }),
    );
  }
  return { messages: out, compacted };
}

/** Top-level `system`: a string or a list of text blocks. */
export function systemText(system: unknown): string | undefined {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  return system
    .filter(isRecord)
    .map((b) => str(b, 'text') ?? '')
    .join('\n');
}

interface Located {
  items: unknown[];
  base: string;
  request?: JsonRecord;
  response?: JsonRecord;
}

function locate(value: unknown): Located | null {
  if (Array.isArray(value)) return { items: value, base: '$' };
  if (!isRecord(value)) return null;
  if (
    str(value, 'type') === 'message' &&
    str(value, 'role') === 'assistant' &&
    Array.isArray(field(value, 'content'))
  ) {
    return { items: [value], base: '$', response: value };
  }
  const messages = arr(value, 'messages');
  return messages ? { items: messages, base: '$.messages', request: value } : null;
}

function hasAnthropicBlocks(message: JsonRecord): string | null {
  const content = field(message, 'content');
  if (!Array.isArray(content)) return null;
  for (const block of content) {
    const type = isRecord(block) ? str(block, 'type') : undefined;
    if (type && ANTHROPIC_ONLY_BLOCKS.has(type)) return type;
    if (type === 'image' && isRecord(block) && isRecord(field(block, 'source'))) return 'image';
  }
  return null;
}

export const anthropic: JsonImporter = {
  id: 'anthropic',
  detect(value): Detection | null {
    const located = locate(value);
    if (!located) return null;
    if (located.response)
      return detection('anthropic', 0.95, '"type": "message" with role "assistant" and a content block list');
    const records = located.items.filter(isRecord);
    if (records.length === 0 || records.length !== located.items.length) return null;
    const roles = records.map((m) => str(m, 'role'));
    if (!roles.every((r) => r === 'user' || r === 'assistant')) return null;
    for (const m of records) {
      const block = hasAnthropicBlocks(m);
      if (block)
        return detection('anthropic', 0.95, `user/assistant messages with "${block}" content blocks`);
    }
    const request = located.request;
    if (request && field(request, 'system') !== undefined)
      return detection('anthropic', 0.9, 'a top-level "system" next to user/assistant "messages"');
    return null;
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located)
      throw new ImportError(
        'not-a-transcript',
        'Expected Anthropic messages: an array, {"messages": [...]}, or a response message',
      );
    let messages: Message[] = [];
    const system = located.request ? systemText(field(located.request, 'system')) : undefined;
    if (system !== undefined)
      messages.push(
        makeMessage({ id: 'system', role: 'system', content: system, source: { path: '$.system' } }),
      );
    located.items.forEach((item, index) => {
      const path = located.response ? '$' : childPath(located.base, index);
      if (!isRecord(item)) {
        log.tally('invalid-message', '', 'Entries that are not message objects were skipped', { path }, item);
        return;
      }
      const role = str(item, 'role');
      if (role !== 'user' && role !== 'assistant') {
        log.tally(
          'unknown-role',
          role ?? '',
          `Messages with role "${role ?? '(none)'}" skipped (Anthropic has only user and assistant)`,
          { path },
          item,
        );
        return;
      }
      const id = str(item, 'id') ?? `m${index}`;
      const converted = convertAnthropicMessage(role, field(item, 'content'), { id, path }, log);
      if (converted.compacted) messages = messages.filter((m) => m.role === 'system');
      messages.push(...converted.messages);
    });
    return {
      messages,
      usage: located.response ? anthropicUsage(located.response) : modelOnly(located.request),
    };
  },
};

function modelOnly(request: JsonRecord | undefined): ImportUsage | undefined {
  const model = request ? str(request, 'model') : undefined;
  return model ? { model } : undefined;
}

/** The context an Anthropic request occupied: fresh input plus both cache counts. */
export function anthropicUsage(message: JsonRecord): ImportUsage | undefined {
  const usage = rec(message, 'usage');
  const model = str(message, 'model');
  if (!usage) return model ? { model } : undefined;
  const input = num(usage, 'input_tokens') ?? 0;
  const created = num(usage, 'cache_creation_input_tokens') ?? 0;
  const read = num(usage, 'cache_read_input_tokens') ?? 0;
  return {
    contextTokens: input + created + read,
    inputTokens: input,
    cachedInputTokens: read || undefined,
    outputTokens: num(usage, 'output_tokens'),
    model,
  };
}

function parsedInput(args: string): unknown {
  try {
    const value: unknown = JSON.parse(args);
    // Nesting JSON.parse reads but JSON.stringify cannot write stays the text it was.
    JSON.stringify(value);
    // tool_use.input must be an object; anything else is wrapped so nothing is lost.
    return isRecord(value) ? value : { input: value };
  } catch {
    return { input: args };
  }
}

/**
 * `{system, messages}`. Tool results join the user message that follows the
 * call (results first, as the API requires); system messages become the
 * top-level `system`. Images are only counted on import, so none are written.
 */
export function exportAnthropic(messages: readonly Message[]): string {
  const system: string[] = [];
  const out: { role: 'user' | 'assistant'; content: JsonRecord[] }[] = [];
  let userSide: { role: 'user'; content: JsonRecord[] } | null = null;
  for (const m of messages) {
    if (m.role === 'system') {
      system.push(m.content);
      continue;
    }
    if (m.role === 'assistant') {
      userSide = null;
      const content: JsonRecord[] = [];
      if (m.reasoning) content.push({ type: 'thinking', thinking: m.reasoning });
      if (m.content) content.push({ type: 'text', text: m.content });
      for (const call of m.toolCalls ?? [])
        content.push({ type: 'tool_use', id: call.id, name: call.name, input: parsedInput(call.arguments) });
      out.push({ role: 'assistant', content });
      continue;
    }
    if (m.role === 'tool') {
      // Results go first in their user message: start a new one if text is already there.
      if (!userSide || userSide.content.some((b) => b.type !== 'tool_result')) {
        userSide = { role: 'user', content: [] };
        out.push(userSide);
      }
      userSide.content.push({ type: 'tool_result', tool_use_id: m.toolCallId ?? '', content: m.content });
      continue;
    }
    if (!userSide) {
      userSide = { role: 'user', content: [] };
      out.push(userSide);
    }
    userSide.content.push({ type: 'text', text: m.content });
    userSide = null;
  }
  const body: JsonRecord = {};
  if (system.length) body.system = system.join('\n\n');
  body.messages = out;
  return JSON.stringify(body, null, 2);
}
