/**
 * OpenAI Responses payloads: request `input` (a string or an item list, with
 * `instructions` beside it), response `output`, or a bare item list. Finding
 * the items and deciding that they are Responses items happens here; reading
 * them is `responsesItems.ts`, which Codex shares.
 */
import { childPath, makeMessage } from './build';
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, str } from './json';
import { ITEM_TYPES, ResponseItems } from './responsesItems';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';
import type { CallUsage } from './sessionRecorder';
import { callUsage, recordSummaryMessages, SessionRecorder } from './sessionRecorder';

const RESPONSES_PART_TYPES = new Set([
  'input_text',
  'output_text',
  'input_image',
  'input_file',
  'summary_text',
]);

interface Located {
  input?: { value: unknown; path: string };
  output?: { value: unknown[]; path: string };
  container?: JsonRecord;
}

function locate(value: unknown): Located | null {
  if (Array.isArray(value)) return { input: { value, path: '$' } };
  if (!isRecord(value)) return null;
  const input = field(value, 'input');
  const output = arr(value, 'output');
  if (input === undefined && !output) return null;
  if (input !== undefined && typeof input !== 'string' && !Array.isArray(input)) return null;
  return {
    input: input === undefined ? undefined : { value: input, path: '$.input' },
    output: output ? { value: output, path: '$.output' } : undefined,
    container: value,
  };
}

function itemSignal(items: readonly unknown[]): string | null {
  for (const item of items) {
    if (!isRecord(item)) continue;
    const type = str(item, 'type');
    if (type && ITEM_TYPES.has(type)) return `an item of type "${type}"`;
    if (typeof field(item, 'call_id') === 'string') return 'an item with call_id';
    const content = field(item, 'content');
    if (Array.isArray(content)) {
      for (const part of content) {
        const partType = isRecord(part) ? str(part, 'type') : undefined;
        if (partType && RESPONSES_PART_TYPES.has(partType)) return `a content part of type "${partType}"`;
      }
    }
  }
  return null;
}

export const openaiResponses: JsonImporter = {
  id: 'openai-responses',
  fixtures: ['openai-responses.json'],
  detect(value): Detection | null {
    const located = locate(value);
    if (!located) return null;
    if (located.container && str(located.container, 'object') === 'response') {
      return detection('openai-responses', 0.95, '"object": "response" with an output item list');
    }
    const items = [
      ...(Array.isArray(located.input?.value) ? located.input.value : []),
      ...(located.output?.value ?? []),
    ];
    const signal = itemSignal(items);
    if (signal)
      return detection(
        'openai-responses',
        0.92,
        `${located.container ? 'input/output' : 'an array'} with ${signal}`,
      );
    if (typeof located.input?.value === 'string')
      return detection('openai-responses', 0.85, 'a string "input" (Responses shorthand)');
    if (located.container && !Array.isArray(value) && items.length)
      return detection('openai-responses', 0.75, 'an "input" item list');
    return null;
  },
  importValue(value, log): Imported {
    const located = locate(value);
    if (!located)
      throw new ImportError(
        'not-a-transcript',
        'Expected a Responses item list, a request with "input", or a response with "output"',
      );
    const items = new ResponseItems(log);
    const recorder = new SessionRecorder();
    items.recorder = recorder;
    const container = located.container;
    const instructions = container ? str(container, 'instructions') : undefined;
    if (instructions)
      items.pin(
        makeMessage({
          id: 'instructions',
          role: 'system',
          content: instructions,
          source: { path: '$.instructions' },
        }),
      );
    if (container && str(container, 'previous_response_id')) {
      log.warn(
        'history-on-server',
        'previous_response_id is set: earlier turns live on the server and are not in this file',
        { path: '$.previous_response_id' },
      );
    }
    const input = located.input;
    if (input && typeof input.value === 'string') items.add(input.value, { id: 'input', path: input.path });
    else if (input && Array.isArray(input.value))
      input.value.forEach((item, i) => items.add(item, { id: `in${i}`, path: childPath(input.path, i) }));
    items.syncHistory();
    const outputFrom = recorder.messages.length;
    const output = located.output;
    output?.value.forEach((item, i) => items.add(item, { id: `out${i}`, path: childPath(output.path, i) }));
    items.syncHistory();
    // A response's usage is that of the call which wrote its output.
    const reply = recorder.messages.slice(outputFrom).find((m) => m.role === 'assistant');
    const call = container ? responseCall(container) : undefined;
    if (reply && call) recorder.call(reply, call);
    recordSummaryMessages(recorder, items.messages);
    return {
      messages: items.messages,
      usage: container ? responsesUsage(container) : undefined,
      history: recorder.history(items.messages),
    };
  },
};

/** Responses `input_tokens` include the cached part. */
function responseCall(response: JsonRecord): CallUsage | undefined {
  const usage = rec(response, 'usage');
  if (!usage) return undefined;
  return callUsage({
    total: num(usage, 'input_tokens'),
    cacheRead: num(rec(usage, 'input_tokens_details') ?? {}, 'cached_tokens'),
    output: num(usage, 'output_tokens'),
  });
}

function responsesUsage(response: JsonRecord): ImportUsage | undefined {
  const usage = rec(response, 'usage');
  const model = str(response, 'model');
  if (!usage) return model ? { model } : undefined;
  const input = num(usage, 'input_tokens');
  return {
    contextTokens: input,
    inputTokens: input,
    cachedInputTokens: num(rec(usage, 'input_tokens_details') ?? {}, 'cached_tokens'),
    outputTokens: num(usage, 'output_tokens'),
    reasoningTokens: num(rec(usage, 'output_tokens_details') ?? {}, 'reasoning_tokens'),
    totalTokens: num(usage, 'total_tokens'),
    model,
  };
}
