/**
 * OpenAI Chat Completions, which most hosted and local servers also speak.
 * Usage arrives only when asked for (`stream_options.include_usage`), in one
 * extra chunk with empty `choices` just before `[DONE]`.
 */
import type { ProviderConfig } from './config';
import { joinUrl } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asArray, asObject, asString, pick, type JsonObject } from './json';
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
    messages: [
      { role: 'system', content: call.system },
      { role: 'user', content: call.prompt },
    ],
    [preset.maxTokensField ?? 'max_tokens']: call.maxTokens,
  };
  if (!preset.noTemperature?.test(config.model)) body.temperature = call.temperature;
  body.stream = true;
  body.stream_options = { include_usage: true };
  return bearerRequest(config, joinUrl(config.baseUrl, '/chat/completions'), body);
}

function usageOf(raw: unknown): ProviderEvent | undefined {
  return openAiUsageEvent(raw, 'prompt', 'completion');
}

function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  let identified = false;
  return readJsonStream(
    readSse(body, signal),
    function* (chunk) {
      // OpenRouter and some proxies report upstream failures as a chunk with `error`.
      const error = asObject(chunk.error);
      if (error) {
        yield streamErrorEvent(
          asString(error.message) ?? JSON.stringify(error),
          asString(error.code) ?? asString(error.type),
        );
      }
      if (!identified && (typeof chunk.id === 'string' || typeof chunk.model === 'string')) {
        identified = true;
        yield { type: 'response', model: asString(chunk.model), responseId: asString(chunk.id) };
      }
      const choice = asArray(chunk.choices)[0];
      // DeepSeek, vLLM and LM Studio stream reasoning as `reasoning_content`; OpenRouter as `reasoning`.
      const reasoning =
        asString(pick(choice, 'delta', 'reasoning_content')) ?? asString(pick(choice, 'delta', 'reasoning'));
      if (reasoning) yield { type: 'reasoning', delta: reasoning };
      const text = asString(pick(choice, 'delta', 'content'));
      if (text) yield { type: 'text', delta: text };
      const reason = asString(pick(choice, 'finish_reason'));
      if (reason) yield { type: 'finish', reason };
      const reported = usageOf(chunk.usage);
      if (reported) yield reported;
      // Usage comes in a chunk after the finish reason, so only `[DONE]` ends the stream.
    },
    { isDone: (data) => data.trim() === '[DONE]' },
  );
}

export const openAiChatAdapter: ProviderAdapter = { buildRequest, readStream };
