/**
 * Anthropic Messages: request bodies (`system` at the top level, `messages`),
 * a bare message list, or one response message, read and written. Each
 * message's blocks are read by `anthropicBlocks.ts`, which Claude Code shares.
 */
import { appendAll } from '../core/arrays';
import type { Message } from '../core/message';
import { anthropicUsage, convertAnthropicMessage } from './anthropicBlocks';
import { childPath, makeMessage } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, str } from './json';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';
import type { CallUsage } from './sessionRecorder';
import { callUsage, recordSummaryMessages, SessionRecorder } from './sessionRecorder';

/** Block types no other chat format uses: one of them settles detection. */
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
  fixtures: ['anthropic.json'],
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
    const recorder = new SessionRecorder();
    const system = located.request ? systemText(field(located.request, 'system')) : undefined;
    if (system !== undefined)
      messages.push(
        makeMessage({ id: 'system', role: 'system', content: system, source: { path: '$.system' } }),
      );
    recorder.recordAll(messages);
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
      if (converted.compacted) {
        recorder.recordAll(messages);
        messages = messages.filter((m) => m.role === 'system');
        appendAll(messages, converted.messages);
        // The API drops everything before a compaction block; its summary stands in for it.
        const summary = converted.messages.find((m) => m.kind === 'summary');
        recorder.compaction(
          messages,
          { trigger: null, tokensBefore: null, tokensAfter: null, source: 'compaction block' },
          summary,
        );
      } else {
        appendAll(messages, converted.messages);
      }
      recorder.recordAll(converted.messages);
      // Messages saved from responses keep their usage: one call each.
      const reply = converted.messages.find((m) => m.role === 'assistant');
      const usage = role === 'assistant' && !located.response ? anthropicCall(item) : undefined;
      if (reply && usage) recorder.call(reply, usage);
    });
    recordSummaryMessages(recorder, messages);
    return {
      messages,
      usage: located.response ? anthropicUsage(located.response) : modelOnly(located.request),
      history: recorder.history(messages),
    };
  },
};

/** Anthropic `input_tokens` are the uncached part; both cache counts complete the prompt. */
function anthropicCall(message: JsonRecord): CallUsage | undefined {
  const usage = rec(message, 'usage');
  if (!usage) return undefined;
  const input = num(usage, 'input_tokens');
  const cacheWrite = num(usage, 'cache_creation_input_tokens');
  const cacheRead = num(usage, 'cache_read_input_tokens');
  return callUsage({
    total: input === undefined ? undefined : input + (cacheWrite ?? 0) + (cacheRead ?? 0),
    uncached: input,
    cacheRead,
    cacheWrite,
    output: num(usage, 'output_tokens'),
  });
}

function modelOnly(request: JsonRecord | undefined): ImportUsage | undefined {
  const model = request ? str(request, 'model') : undefined;
  return model ? { model } : undefined;
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
