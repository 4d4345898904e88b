/**
 * Anthropic Messages. Named SSE events: `message_start` carries the input
 * usage, `content_block_delta` the text and thinking, `message_delta` the
 * stop reason and the cumulative output count, `message_stop` the end.
 */
import type { ProviderConfig } from './config';
import { joinUrl } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asNumber, asString, pick } from './json';
import { readJsonStream, requestHeaders, streamErrorEvent, usage, type ProviderAdapter } from './adapter';
import { readSse } from './wire';

export const ANTHROPIC_VERSION = '2023-06-01';

function messagesUrl(baseUrl: string): string {
  return /\/v1\/*$/.test(baseUrl) ? joinUrl(baseUrl, '/messages') : joinUrl(baseUrl, '/v1/messages');
}

/** The headers of every Anthropic call, summaries and counts alike. */
export function anthropicHeaders(config: ProviderConfig): Record<string, string> {
  return requestHeaders(config, {
    'x-api-key': config.apiKey || undefined,
    'anthropic-version': ANTHROPIC_VERSION,
    // Without it the API refuses any call that comes from a web page.
    'anthropic-dangerous-direct-browser-access': 'true',
  });
}

function buildRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest {
  return {
    url: messagesUrl(config.baseUrl),
    method: 'POST',
    headers: anthropicHeaders(config),
    body: JSON.stringify({
      model: config.model,
      max_tokens: call.maxTokens,
      system: call.system,
      messages: [{ role: 'user', content: call.prompt }],
      temperature: call.temperature,
      stream: true,
    }),
  };
}

function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  // Input counts come first, output counts with the stop reason; usage is reported once both are known.
  let input = 0;
  let cacheRead: number | undefined;
  let cacheWrite = 0;
  let output = 0;
  return readJsonStream(readSse(body, signal), function* (event, message) {
    switch (asString(event.type) ?? message.event) {
      case 'message_start': {
        const start = event.message;
        yield {
          type: 'response',
          model: asString(pick(start, 'model')),
          responseId: asString(pick(start, 'id')),
        };
        input = asNumber(pick(start, 'usage', 'input_tokens')) ?? 0;
        cacheRead = asNumber(pick(start, 'usage', 'cache_read_input_tokens'));
        cacheWrite = asNumber(pick(start, 'usage', 'cache_creation_input_tokens')) ?? 0;
        output = asNumber(pick(start, 'usage', 'output_tokens')) ?? 0;
        break;
      }
      case 'content_block_start': {
        const text = asString(pick(event, 'content_block', 'text'));
        if (text) yield { type: 'text', delta: text };
        const thinking = asString(pick(event, 'content_block', 'thinking'));
        if (thinking) yield { type: 'reasoning', delta: thinking };
        break;
      }
      case 'content_block_delta': {
        const kind = asString(pick(event, 'delta', 'type'));
        if (kind === 'text_delta') {
          const text = asString(pick(event, 'delta', 'text'));
          if (text) yield { type: 'text', delta: text };
        } else if (kind === 'thinking_delta') {
          const thinking = asString(pick(event, 'delta', 'thinking'));
          if (thinking) yield { type: 'reasoning', delta: thinking };
        }
        break;
      }
      case 'message_delta': {
        output = asNumber(pick(event, 'usage', 'output_tokens')) ?? output;
        input = asNumber(pick(event, 'usage', 'input_tokens')) ?? input;
        // Cached and freshly cached input are billed separately but are all part of the prompt.
        yield { type: 'usage', usage: usage(input + (cacheRead ?? 0) + cacheWrite, output, cacheRead) };
        const reason = asString(pick(event, 'delta', 'stop_reason'));
        if (reason) yield { type: 'finish', reason };
        break;
      }
      case 'message_stop':
        return 'over';
      case 'error':
        yield streamErrorEvent(
          asString(pick(event, 'error', 'message')) ?? 'unknown error',
          asString(pick(event, 'error', 'type')),
        );
        return 'over';
    }
  });
}

export const anthropicAdapter: ProviderAdapter = { buildRequest, readStream };
