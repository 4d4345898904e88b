/**
 * One call to a provider, as a stream of `ProviderEvent`s. Every failure the
 * user can act on (a refused connection, an HTTP error, a broken stream)
 * arrives as an `error` event; only an abort is thrown, so it stays an abort.
 */
import type { ProviderAdapter } from './adapter';
import { providerErrorMessage } from './adapter';
import { anthropicAdapter } from './anthropic';
import { classifyHttpError } from './classify';
import type { ProviderConfig, ProviderKind } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { geminiAdapter } from './gemini';
import { ollamaAdapter } from './ollama';
import { openAiChatAdapter } from './openaiChat';
import { openAiResponsesAdapter } from './openaiResponses';
import { capAnswer } from './answerCap';
import { cutNote, readBodyText } from './readBody';
import { scrubKeyFromEvents } from './scrubStream';
import { RedirectRefusedError, sendProviderRequest, type FetchLike } from './send';
import { MAX_MESSAGE_CHARS, MessageTooLongError, StreamFormatError } from './wire';

export type { FetchLike } from './send';

const ADAPTERS: Readonly<Record<ProviderKind, ProviderAdapter>> = {
  openai: openAiChatAdapter,
  'openai-compatible': openAiChatAdapter,
  'openai-responses': openAiResponsesAdapter,
  anthropic: anthropicAdapter,
  gemini: geminiAdapter,
  ollama: ollamaAdapter,
};

/** The exact request a call would send, key included; pass it through `redactRequest` before showing it. */
export function buildProviderRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest {
  return ADAPTERS[config.kind].buildRequest(config, call);
}

export interface StreamOptions {
  signal: AbortSignal;
  fetch?: FetchLike;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    // Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, …) is its cause.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return error.message + cause;
  }
  return String(error);
}

/**
 * One call, as events. Whatever the service sends back is untrusted and may
 * quote the key it was given (an "incorrect API key" error does, and a model
 * may write it out a few characters per delta): the key is scrubbed from every
 * event here, also across deltas, so no caller (the page, the CLI's stdout,
 * stderr and `--json`) can show it.
 */
export async function* streamProviderEvents(
  config: ProviderConfig,
  call: ProviderCall,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent> {
  yield* scrubKeyFromEvents(unscrubbedEvents(config, call, options), config.apiKey);
}

async function* unscrubbedEvents(
  config: ProviderConfig,
  call: ProviderCall,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent> {
  const { signal } = options;
  const adapter = ADAPTERS[config.kind];
  const request = adapter.buildRequest(config, call);
  // Messages name the address actually called, path included: a base URL with
  // one /v1 too many, or a proxy in front of a known service, shows at once.
  const address = request.url;
  let response: Response;
  try {
    signal.throwIfAborted();
    response = await sendProviderRequest(request, { fetch: options.fetch, signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof RedirectRefusedError) {
      yield {
        type: 'error',
        kind: 'redirect',
        ...(error.status ? { status: error.status } : {}),
        message: error.message,
      };
      return;
    }
    // No response at all. A browser reports a CORS refusal exactly like an
    // unreachable server: a bare TypeError, with nothing to read.
    yield {
      type: 'error',
      kind: 'unreachable',
      message:
        `Could not reach ${address} (${messageOf(error)}). The server may be down or at another address, ` +
        'or it may not allow requests from this page (CORS).',
    };
    return;
  }

  if (!response.ok) {
    let body = { text: '', cut: false };
    try {
      body = await readBodyText(response);
    } catch {
      if (signal.aborted) throw signal.reason;
    }
    const { text } = body;
    yield { type: 'raw', event: `http ${response.status}`, data: text };
    const providerMessage = providerErrorMessage(text);
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    yield {
      type: 'error',
      kind: classifyHttpError(response.status, text),
      status: response.status,
      message: `${address} answered ${status}${providerMessage ? `: ${providerMessage}` : ''}${cutNote(body)}`,
      providerMessage,
    };
    return;
  }
  if (!response.body) {
    yield { type: 'error', kind: 'protocol', message: `${address} answered with an empty body.` };
    return;
  }

  try {
    yield* capAnswer(adapter.readStream(response.body, signal), address);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof MessageTooLongError) {
      yield {
        type: 'error',
        kind: 'too-long',
        message: `One message of the stream from ${address} passed ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters without ending; it was stopped there.`,
      };
      return;
    }
    if (error instanceof StreamFormatError) {
      yield { type: 'raw', data: error.head };
      yield {
        type: 'error',
        kind: 'protocol',
        message: `${address} did not answer with a stream (is the base URL right?). It sent: ${error.head.slice(0, 200)}`,
      };
      return;
    }
    yield {
      type: 'error',
      kind: 'network',
      message: `The connection to ${address} broke while the response was streaming (${messageOf(error)}).`,
    };
  }
}
