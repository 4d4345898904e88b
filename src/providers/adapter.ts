/**
 * What each provider family implements, and the small pieces they share.
 * The HTTP call itself, and what happens when it fails, live in `stream.ts`.
 */
import type { Usage } from '../core/summarizer';
import type { ProviderConfig } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asNumber, asObject, asString, pick, type JsonObject } from './json';
import { classifyStreamError } from './classify';
import { parseJson, type WireMessage } from './wire';

export interface ProviderAdapter {
  /** The exact request; pure, so the UI can show it before anything is sent. */
  buildRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest;
  /**
   * Maps a successful response body to events. Ends with a `finish` (and
   * usage when the provider reports it) or with an `error` event.
   */
  readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent>;
}

/** Content-Type, the provider's own headers, then whatever the user added. */
export function requestHeaders(
  config: ProviderConfig,
  own: Record<string, string | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(own)) if (value !== undefined) headers[name] = value;
  return { ...headers, ...config.extraHeaders };
}

/**
 * A POST of `body` as JSON with the key as a Bearer token, as the OpenAI
 * families (summaries and counts) and Ollama take it. No key, no header: a
 * local server needs none.
 */
export function bearerRequest(config: ProviderConfig, url: string, body: unknown): ProviderHttpRequest {
  return {
    url,
    method: 'POST',
    headers: requestHeaders(config, { authorization: config.apiKey ? `Bearer ${config.apiKey}` : undefined }),
    body: JSON.stringify(body),
  };
}

/**
 * What a protocol makes of one parsed stream message: its events, and
 * `'over'` when the message is the protocol's own end of the response.
 */
export type MessageReader = (
  json: JsonObject,
  message: WireMessage,
) => Generator<ProviderEvent, 'over' | void>;

/**
 * The reading every protocol shares. Each message is passed on raw first (the
 * preview's raw stream shows exactly what came), then parsed: a message that
 * is not JSON, or any `error` event, ends the stream there. A stream that
 * ends, or reaches the protocol's end, without a finish reason was cut off
 * and says so. `isDone` recognizes a marker that ends the stream as it is
 * (Chat Completions' `[DONE]`); `atEnd` gives what the protocol held back
 * until the stream closed.
 */
export async function* readJsonStream(
  messages: AsyncIterable<WireMessage>,
  read: MessageReader,
  options: { isDone?: (data: string) => boolean; atEnd?: () => ProviderEvent | undefined } = {},
): AsyncGenerator<ProviderEvent> {
  let finished = false;
  for await (const message of messages) {
    yield rawEvent(message);
    if (options.isDone?.(message.data)) return;
    const json = parseObject(message.data);
    if (!json) {
      yield notJsonEvent(message.data);
      return;
    }
    const events = read(json, message);
    let step = events.next();
    for (; !step.done; step = events.next()) {
      yield step.value;
      if (step.value.type === 'error') return;
      if (step.value.type === 'finish') finished = true;
    }
    if (step.value === 'over') break;
  }
  const held = options.atEnd?.();
  if (held) yield held;
  if (!finished) yield cutOffEvent();
}

export function rawEvent(message: WireMessage): ProviderEvent {
  return message.event === undefined
    ? { type: 'raw', data: message.data }
    : { type: 'raw', event: message.event, data: message.data };
}

/** The connection closed without the provider's end-of-response marker. */
export function cutOffEvent(): ProviderEvent {
  return {
    type: 'error',
    kind: 'protocol',
    message: 'The stream ended before the provider finished its response (the connection closed early).',
  };
}

export function notJsonEvent(data: string): ProviderEvent {
  return {
    type: 'error',
    kind: 'protocol',
    message: `The provider sent a stream message that is not JSON: ${data.slice(0, 200)}`,
  };
}

/** Parses one message as a JSON object, or undefined. */
export function parseObject(data: string): Record<string, unknown> | undefined {
  return asObject(parseJson(data));
}

/**
 * The human part of an error body in any provider's shape: `{error: {message}}`
 * (OpenAI, Anthropic, Gemini), `{error: "…"}` (Ollama), `{message}` or
 * `{detail}` (assorted compatible servers); else the body itself.
 */
export function providerErrorMessage(body: string): string | undefined {
  const parsed = parseJson(body);
  const found =
    asString(pick(parsed, 'error', 'message')) ??
    asString(pick(parsed, 'error')) ??
    asString(pick(parsed, 'message')) ??
    asString(pick(parsed, 'detail'));
  if (found !== undefined) return found;
  const text = body.trim();
  return text ? text.slice(0, 1000) : undefined;
}

/** Builds a `Usage`, leaving out the breakdowns a provider did not report. */
export function usage(
  promptTokens: number,
  completionTokens: number,
  cachedTokens?: number,
  reasoningTokens?: number,
): Usage {
  const result: Usage = { promptTokens, completionTokens };
  if (cachedTokens !== undefined) result.cachedTokens = cachedTokens;
  if (reasoningTokens !== undefined) result.reasoningTokens = reasoningTokens;
  return result;
}

/**
 * OpenAI's two APIs report usage in the same shape under different names:
 * `prompt_tokens`/`completion_tokens` (Chat Completions) or
 * `input_tokens`/`output_tokens` (Responses), each with a details object.
 */
export function openAiUsageEvent(raw: unknown, input: string, output: string): ProviderEvent | undefined {
  const prompt = asNumber(pick(raw, `${input}_tokens`));
  const completion = asNumber(pick(raw, `${output}_tokens`));
  if (prompt === undefined && completion === undefined) return undefined;
  return {
    type: 'usage',
    usage: usage(
      prompt ?? 0,
      completion ?? 0,
      asNumber(pick(raw, `${input}_tokens_details`, 'cached_tokens')),
      asNumber(pick(raw, `${output}_tokens_details`, 'reasoning_tokens')),
    ),
  };
}

/**
 * An error the provider reported inside a stream that had started fine.
 * `code` (an error type such as `overloaded_error`) helps classify it.
 */
export function streamErrorEvent(providerMessage: string, code?: string): ProviderEvent {
  return {
    type: 'error',
    kind: classifyStreamError(code ? `${code}: ${providerMessage}` : providerMessage),
    message: `The provider reported an error in the middle of the stream: ${providerMessage}`,
    providerMessage,
  };
}
