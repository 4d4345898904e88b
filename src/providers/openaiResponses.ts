/**
 * OpenAI Responses: typed SSE events, no `[DONE]`. The stream ends with
 * `response.completed`, `response.incomplete` (e.g. the output cap) or
 * `response.failed`, each carrying the whole response with its usage.
 */
import type { ProviderConfig } from './config';
import { joinUrl } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asObject, asString, pick, type JsonObject } from './json';
import { presetFor } from './presets';
import {
  bearerRequest,
  openAiUsageEvent,
  readJsonStream,
  streamErrorEvent,
  type ProviderAdapter,
} from './adapter';
import { readSse } from './wire';

function buildRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest {
  const preset = presetFor(config);
  const body: JsonObject = {
    model: config.model,
    instructions: call.system,
    input: [{ role: 'user', content: call.prompt }],
    max_output_tokens: call.maxTokens,
  };
  if (!preset.noTemperature?.test(config.model)) body.temperature = call.temperature;
  // A preview is a throwaway call: keep it out of the account's stored responses.
  body.store = false;
  body.stream = true;
  return bearerRequest(config, joinUrl(config.baseUrl, '/responses'), body);
}

function usageOf(response: unknown): ProviderEvent | undefined {
  return openAiUsageEvent(pick(response, 'usage'), 'input', 'output');
}

function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  let identified = false;
  return readJsonStream(readSse(body, signal), function* (event, message) {
    const type = asString(event.type) ?? message.event;
    const response = asObject(event.response);
    if (!identified && response && (typeof response.id === 'string' || typeof response.model === 'string')) {
      identified = true;
      yield { type: 'response', model: asString(response.model), responseId: asString(response.id) };
    }
    switch (type) {
      case 'response.output_text.delta': {
        const delta = asString(event.delta);
        if (delta) yield { type: 'text', delta };
        break;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const delta = asString(event.delta);
        if (delta) yield { type: 'reasoning', delta };
        break;
      }
      case 'response.completed':
      case 'response.incomplete': {
        const reported = usageOf(response);
        if (reported) yield reported;
        const reason =
          type === 'response.incomplete'
            ? (asString(pick(response, 'incomplete_details', 'reason')) ?? 'incomplete')
            : (asString(pick(response, 'status')) ?? 'completed');
        yield { type: 'finish', reason };
        return 'over';
      }
      case 'response.failed': {
        const error = pick(response, 'error');
        yield streamErrorEvent(
          asString(pick(error, 'message')) ?? 'the response failed',
          asString(pick(error, 'code')),
        );
        return 'over';
      }
      case 'error': {
        // Older streams put the fields on the event, newer ones under `error`.
        const error = asObject(event.error) ?? event;
        yield streamErrorEvent(
          asString(error.message) ?? 'unknown error',
          asString(error.code) ?? asString(error.type),
        );
        return 'over';
      }
    }
  });
}

export const openAiResponsesAdapter: ProviderAdapter = { buildRequest, readStream };
