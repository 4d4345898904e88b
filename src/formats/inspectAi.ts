/**
 * Inspect AI eval logs in JSON (`inspect eval --log-format json`, or
 * `inspect log convert --to json` for a `.eval` archive): `{version, status,
 * eval, plan, results, stats, samples}`. Each sample is one conversation in
 * `messages` (Chat-like: `tool_calls[].function` is the name and `arguments`
 * an object; a tool message names its `function` and may carry an `error`).
 *
 * A log holds one sample per dataset item and epoch, and the playground reads
 * one conversation: the first sample is imported, and a note says how many
 * the log holds and which one is shown.
 */
import type { Imported, JsonImporter } from './format';
import { detection } from './format';
import { counted } from './issues';
import type { JsonRecord } from './json';
import { arr, field, isRecord, num, rec, safeStringify, str } from './json';
import { readChatMessages } from './openaiChat';
import { callUsage, contextHistory } from './sessionRecorder';
import type { ImportUsage } from './types';
import { ImportError } from './types';

function isEvalLog(value: unknown): value is JsonRecord {
  if (!isRecord(value)) return false;
  const spec = rec(value, 'eval');
  return (
    spec !== undefined && typeof field(spec, 'task') === 'string' && typeof field(spec, 'model') === 'string'
  );
}

function samplesOf(log: JsonRecord): JsonRecord[] {
  return (arr(log, 'samples') ?? []).filter(isRecord);
}

export const inspectAi: JsonImporter = {
  id: 'inspect-ai',
  fixtures: ['inspect-ai.json'],
  detect(value) {
    if (!isEvalLog(value)) return null;
    const samples = samplesOf(value);
    if (samples.length > 0 && samples.every((s) => Array.isArray(field(s, 'messages'))))
      return detection(
        'inspect-ai',
        0.98,
        `"eval" with task and model, and ${counted(samples.length, 'sample')} with messages`,
      );
    // A header-only log (samples not written, or the run still going) has no conversation to read.
    return detection('inspect-ai', 0.5, '"eval" with task and model, but no samples with messages');
  },
  importValue(value, log): Imported {
    if (!isEvalLog(value))
      throw new ImportError(
        'not-a-transcript',
        'Expected an Inspect eval log: {"eval": {task, model}, "samples": [...]}',
      );
    const samples = samplesOf(value);
    const sample = samples[0];
    if (!sample) {
      log.warn(
        'no-samples',
        'The eval log holds no samples (written without them, or the run had not finished)',
        {
          path: '$.samples',
        },
      );
      return { messages: [] };
    }
    const path = '$.samples[0].messages';
    if (samples.length > 1)
      log.note(
        'first-sample',
        `The log holds ${counted(samples.length, 'sample')}; the first (id ${sampleName(sample)}) is shown`,
        { path: '$.samples[0]' },
      );
    const items = (arr(sample, 'messages') ?? []).map(chatRecord);
    const messages = readChatMessages(items, (i) => `${path}[${i}]`, log);
    const usage = sampleUsage(sample, str(rec(value, 'eval')!, 'model'));
    const last = messages[messages.length - 1];
    const calls =
      last?.role === 'assistant' && usage?.contextTokens !== undefined
        ? [
            {
              at: last,
              usage: callUsage({
                total: usage.contextTokens,
                cacheRead: usage.cachedInputTokens,
                output: usage.outputTokens,
              }),
            },
          ]
        : [];
    return {
      messages,
      usage,
      title: str(rec(value, 'eval')!, 'task'),
      history: contextHistory(messages, calls),
    };
  },
};

function sampleName(sample: JsonRecord): string {
  const id = field(sample, 'id');
  const epoch = num(sample, 'epoch');
  return `${typeof id === 'string' || typeof id === 'number' ? String(id) : '?'}${epoch !== undefined ? `, epoch ${epoch}` : ''}`;
}

/** An Inspect message as Chat Completions writes it, so one reader handles both. */
function chatRecord(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const record: JsonRecord = { ...item, content: contentParts(field(item, 'content'), item) };
  const reasoning = reasoningOf(field(item, 'content'));
  if (reasoning) record.reasoning_content = reasoning;
  const calls = arr(item, 'tool_calls');
  if (calls)
    record.tool_calls = calls.filter(isRecord).map((call) => ({
      id: str(call, 'id'),
      type: 'function',
      function: {
        name: str(call, 'function') ?? 'unknown',
        arguments: argumentsOf(field(call, 'arguments')),
      },
    }));
  if (str(item, 'role') === 'tool') record.name = str(item, 'function');
  return record;
}

function argumentsOf(value: unknown): string {
  return typeof value === 'string' ? value : safeStringify(value ?? {});
}

/**
 * Text the model reads: text parts, images counted, a server tool's call and
 * result written out; a tool message whose content is empty says its error.
 */
function contentParts(content: unknown, message: JsonRecord): unknown {
  const error = rec(message, 'error');
  const errorText = error ? `Error: ${str(error, 'message') ?? str(error, 'type') ?? 'failed'}` : undefined;
  if (typeof content === 'string') return content === '' && errorText ? errorText : content;
  if (!Array.isArray(content)) return errorText ?? '';
  const parts: JsonRecord[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    switch (str(part, 'type')) {
      case 'text':
        parts.push({ type: 'text', text: str(part, 'text') ?? '' });
        break;
      case 'image':
        parts.push({ type: 'image_url' });
        break;
      case 'reasoning':
        break;
      case 'tool_use':
      case 'data':
      case 'document':
        parts.push({ type: 'text', text: safeStringify(part) });
        break;
    }
  }
  if (parts.length === 0 && errorText) parts.push({ type: 'text', text: errorText });
  return parts;
}

/** Reasoning parts; a redacted one has only its summary to show. */
function reasoningOf(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter((p): p is JsonRecord => isRecord(p) && str(p, 'type') === 'reasoning')
    .map((p) => (field(p, 'redacted') === true ? (str(p, 'summary') ?? '') : (str(p, 'reasoning') ?? '')))
    .filter(Boolean);
  return texts.length ? texts.join('\n\n') : undefined;
}

/**
 * The last call's usage, from the sample's `output`. Whether `input_tokens`
 * includes cached tokens changed between Inspect versions; `total_tokens`
 * minus `output_tokens` is the whole prompt in both.
 */
function sampleUsage(sample: JsonRecord, evalModel: string | undefined): ImportUsage | undefined {
  const output = rec(sample, 'output');
  const usage = output ? rec(output, 'usage') : undefined;
  const model = (output && str(output, 'model')) || evalModel;
  if (!usage) return model ? { model } : undefined;
  const total = num(usage, 'total_tokens');
  const out = num(usage, 'output_tokens');
  const read = num(usage, 'input_tokens_cache_read');
  const write = num(usage, 'input_tokens_cache_write');
  const input = num(usage, 'input_tokens');
  const context =
    total !== undefined && out !== undefined
      ? total - out
      : input !== undefined
        ? input + (read ?? 0) + (write ?? 0)
        : undefined;
  return {
    contextTokens: context,
    inputTokens: input,
    cachedInputTokens: read,
    outputTokens: out,
    reasoningTokens: num(usage, 'reasoning_tokens'),
    totalTokens: total,
    model,
  };
}
