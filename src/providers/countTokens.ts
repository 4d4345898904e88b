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
import { StallError } from '../core/errors';
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { DEFAULT_STALL_TIMEOUT_MS, MAX_STALL_TIMEOUT_MS } from '../core/settings';
import { classifyHttpError } from './classify';
import { joinUrl, originOf, type ProviderConfig, type ProviderKind } from './config';
import { anthropicCountBody, geminiCountBody, openAiInputBody } from './countBodies';
import type { ProviderHttpRequest } from './events';
import { asNumber, pick } from './json';
import { bearerRequest, providerErrorMessage, requestHeaders } from './adapter';
import { anthropicHeaders } from './anthropic';
import { presetFor } from './presets';
import { cutNote, readBodyText } from './readBody';
import { keyScrubber } from './keyRedaction';
import { RedirectRefusedError, sendProviderRequest, type FetchLike } from './send';
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
        headers: anthropicHeaders(config),
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
      return bearerRequest(
        config,
        joinUrl(config.baseUrl, '/responses/input_tokens'),
        openAiInputBody(config.model, messages),
      );
    default:
      throw new Error(`${config.kind} has no token-counting endpoint`);
  }
}

/** The count in a successful answer: `input_tokens` (Anthropic, OpenAI) or `totalTokens` (Gemini). */
export function countOf(kind: ProviderKind, body: unknown): number | undefined {
  const value = asNumber(pick(body, kind === 'gemini' ? 'totalTokens' : 'input_tokens'));
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export interface CountOptions {
  /** The user's Cancel. */
  signal?: AbortSignal;
  fetch?: FetchLike;
  /**
   * How long the whole answer may take: the stall timeout of the settings
   * (120 s by default), as for a preview. A count streams nothing, so the
   * clock runs from the moment the request is sent until the answer is read.
   */
  timeoutMs?: number;
}

/** The timeout as the settings would take it: none or 0 is the default, and a timer cannot wait past 2³¹ − 1 ms. */
function timeoutOf(ms: number | undefined): number {
  if (ms === undefined || !(ms > 0)) return DEFAULT_STALL_TIMEOUT_MS;
  return Math.min(ms, MAX_STALL_TIMEOUT_MS);
}

/**
 * `promise`, or the signal's reason as soon as it aborts: a fetch (or a body)
 * that ignores its signal must not keep a count waiting after its deadline.
 */
function orAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The provider's count of `messages`. Failures are `ProviderError`s, so the
 * page and the CLI describe them as they do a failed summary, except a server
 * that does not answer within the timeout: a `StallError` naming the address,
 * like a preview's stall. The key is scrubbed from every text a failure carries.
 */
export async function countProviderTokens(
  config: ProviderConfig,
  messages: readonly Message[],
  options: CountOptions = {},
): Promise<number> {
  const request = buildCountRequest(config, messages);
  const timeoutMs = timeoutOf(options.timeoutMs);
  // One signal for both ways a count ends early; its reason says which.
  const controller = new AbortController();
  const onCancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const timer = setTimeout(() => controller.abort(new StallError(timeoutMs, request.url)), timeoutMs);
  try {
    return await countWithin(config, request, controller.signal, options.fetch);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}

async function countWithin(
  config: ProviderConfig,
  request: ProviderHttpRequest,
  signal: AbortSignal,
  fetch: FetchLike | undefined,
): Promise<number> {
  const scrub = keyScrubber(config.apiKey);
  const origin = originOf(config.baseUrl);
  const where = { preset: config.preset ?? presetFor({ kind: config.kind }).id, baseUrl: config.baseUrl };
  let response: Response;
  try {
    response = await orAbort(sendProviderRequest(request, { fetch, signal }), signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof RedirectRefusedError) {
      throw new ProviderError('redirect', scrub(error.message), {
        ...where,
        ...(error.status ? { status: error.status } : {}),
      });
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new ProviderError(
      'network',
      `Could not reach ${origin} (${scrub(why)}). The server may be down or at another address, or it may not allow requests from this page (CORS).`,
      where,
    );
  }
  let read: Awaited<ReturnType<typeof readBodyText>>;
  try {
    // At most 1 MB is read of any answer: a count is a few bytes, and an error body can be anything.
    read = await orAbort(readBodyText(response), signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const why = error instanceof Error ? error.message : String(error);
    throw new ProviderError(
      'network',
      `The connection to ${origin} broke during the answer (${scrub(why)}).`,
      where,
    );
  }
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
  options: CountOptions = {},
): Promise<Calibration> {
  const providerTokens = await countProviderTokens(config, messages, options);
  return calibrate(providerTokens, estimator.withScale(1).countMessages(messages));
}
