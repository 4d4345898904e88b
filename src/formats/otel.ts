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
import { field, isRecord } from './json';
import { readChatMessages } from './openaiChat';
import { callUsage, contextHistory } from './sessionRecorder';
import type { Detection, ImportUsage } from './types';
import { ImportError } from './types';
import { type Call, isGenAiSpan, readCall, textOf } from './otelMessages';
import { type Attributes, type Span, spansOf } from './otelSpans';

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
