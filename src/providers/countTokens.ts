/**
 * Exact counts from the provider itself: Anthropic's
 * `POST /v1/messages/count_tokens`, Gemini's `models/{model}:countTokens`
 * and OpenAI's `POST /v1/responses/input_tokens`. Claude and Gemini models do
 * not use o200k, so only their own endpoint knows what a transcript costs
 * them; the ratio to our estimate is the scale that calibrates the page.
 * Counting is free with these providers and sends the transcript, with the
 * user's key, to the provider the user chose, nowhere else.
 */
import { calibrate, type Calibration } from '../core/calibration';
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { classifyHttpError } from './classify';
import { joinUrl, originOf, type ProviderConfig, type ProviderKind } from './config';
import { anthropicCountBody, geminiCountBody, openAiInputBody } from './countBodies';
import type { ProviderHttpRequest } from './events';
import { asNumber, pick } from './json';
import { providerErrorMessage, requestHeaders } from './adapter';
import { ANTHROPIC_VERSION } from './anthropic';
import { presetFor } from './presets';
import { cutNote, readBodyText } from './readBody';
import { keyScrubber } from './redact';
import type { FetchLike } from './stream';
import { ProviderError } from './summarizer';

/** The protocols with a counting endpoint. OpenAI's is part of the Responses API, at the same base URL as Chat. */
export const COUNTING_KINDS: readonly ProviderKind[] = ['anthropic', 'gemini', 'openai', 'openai-responses'];

export function canCount(kind: ProviderKind): boolean {
  return COUNTING_KINDS.includes(kind);
}

function anthropicUrl(baseUrl: string): string {
  const base = /\/v1\/*$/.test(baseUrl) ? baseUrl : joinUrl(baseUrl, '/v1');
  return joinUrl(base, '/messages/count_tokens');
}

function geminiUrl(baseUrl: string, model: string): string {
  const versioned = /\/v1(alpha|beta)?\/*$/.test(baseUrl) ? baseUrl : joinUrl(baseUrl, '/v1beta');
  const id = model.replace(/^models\//, '');
  return joinUrl(versioned, `/models/${encodeURIComponent(id)}:countTokens`);
}

/** The exact request a count sends, key included; pass it through `redactRequest` before showing it. */
export function buildCountRequest(config: ProviderConfig, messages: readonly Message[]): ProviderHttpRequest {
  switch (config.kind) {
    case 'anthropic':
      return {
        url: anthropicUrl(config.baseUrl),
        method: 'POST',
        headers: requestHeaders(config, {
          'x-api-key': config.apiKey || undefined,
          'anthropic-version': ANTHROPIC_VERSION,
          // As for messages: without it the API refuses any call from a web page.
          'anthropic-dangerous-direct-browser-access': 'true',
        }),
        body: JSON.stringify(anthropicCountBody(config.model, messages)),
      };
    case 'gemini':
      return {
        url: geminiUrl(config.baseUrl, config.model),
        method: 'POST',
        headers: requestHeaders(config, { 'x-goog-api-key': config.apiKey || undefined }),
        body: JSON.stringify(geminiCountBody(config.model, messages)),
      };
    case 'openai':
    case 'openai-responses':
      return {
        url: joinUrl(config.baseUrl, '/responses/input_tokens'),
        method: 'POST',
        headers: requestHeaders(config, {
          authorization: config.apiKey ? `Bearer ${config.apiKey}` : undefined,
        }),
        body: JSON.stringify(openAiInputBody(config.model, messages)),
      };
    default:
      throw new Error(`${config.kind} has no token-counting endpoint`);
  }
}

/** The count in a successful answer: `input_tokens` (Anthropic, OpenAI) or `totalTokens` (Gemini). */
export function countOf(kind: ProviderKind, body: unknown): number | undefined {
  const value = asNumber(pick(body, kind === 'gemini' ? 'totalTokens' : 'input_tokens'));
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/**
 * The provider's count of `messages`. Failures are `ProviderError`s, so the
 * page and the CLI describe them as they do a failed summary; the key is
 * scrubbed from every text a failure carries.
 */
export async function countProviderTokens(
  config: ProviderConfig,
  messages: readonly Message[],
  options: { signal?: AbortSignal; fetch?: FetchLike } = {},
): Promise<number> {
  const request = buildCountRequest(config, messages);
  const scrub = keyScrubber(config.apiKey);
  const origin = originOf(config.baseUrl);
  const where = { preset: config.preset ?? presetFor({ kind: config.kind }).id, baseUrl: config.baseUrl };
  let response: Response;
  try {
    response = await (options.fetch ?? globalFetch)(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const why = error instanceof Error ? error.message : String(error);
    throw new ProviderError(
      'network',
      `Could not reach ${origin} (${scrub(why)}). The server may be down or at another address, or it may not allow requests from this page (CORS).`,
      where,
    );
  }
  const read = await readBodyText(response);
  const { text } = read;
  if (!response.ok) {
    const providerMessage = providerErrorMessage(text);
    throw new ProviderError(
      classifyHttpError(response.status, text),
      scrub(
        `${origin} answered HTTP ${response.status}${providerMessage ? `: ${providerMessage}` : ''}${cutNote(read)}`,
      ),
      {
        ...where,
        status: response.status,
        ...(providerMessage ? { providerMessage: scrub(providerMessage) } : {}),
      },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const count = countOf(config.kind, body);
  if (count === undefined) {
    throw new ProviderError(
      'protocol',
      `${origin} answered without a token count: ${scrub(text.slice(0, 200)) || '(empty body)'}${cutNote(read)}`,
      where,
    );
  }
  return count;
}

/**
 * The provider's count beside our estimate of the same messages (at scale 1,
 * with `estimator`'s tokenizer), and the scale between them.
 */
export async function countExactly(
  config: ProviderConfig,
  messages: readonly Message[],
  estimator: Estimator,
  options: { signal?: AbortSignal; fetch?: FetchLike } = {},
): Promise<Calibration> {
  const providerTokens = await countProviderTokens(config, messages, options);
  return calibrate(providerTokens, estimator.withScale(1).countMessages(messages));
}
