/**
 * Ollama's native `/api/chat`: newline-delimited JSON, not SSE. The last
 * object has `done: true`, the stop reason and the token counts.
 */
import type { ProviderConfig } from './config';
import { joinUrl } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asNumber, asString, pick } from './json';
import { bearerRequest, readJsonStream, streamErrorEvent, usage, type ProviderAdapter } from './adapter';
import { readNdjson } from './wire';

function chatUrl(baseUrl: string): string {
  // Accept the origin, or a base URL copied from the OpenAI-compatible setup.
  return joinUrl(baseUrl.replace(/\/+$/, '').replace(/\/(api|v1)$/, ''), '/api/chat');
}

function buildRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest {
  // A local Ollama needs no key; one behind a proxy or Ollama's cloud takes a bearer token.
  return bearerRequest(config, chatUrl(config.baseUrl), {
    model: config.model,
    messages: [
      { role: 'system', content: call.system },
      { role: 'user', content: call.prompt },
    ],
    stream: true,
    options: { temperature: call.temperature, num_predict: call.maxTokens },
  });
}

function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  let identified = false;
  return readJsonStream(readNdjson(body, signal), function* (line) {
    const error = asString(line.error);
    if (error !== undefined) {
      yield streamErrorEvent(error);
      return 'over';
    }
    if (!identified && typeof line.model === 'string') {
      identified = true;
      yield { type: 'response', model: line.model };
    }
    const thinking = asString(pick(line, 'message', 'thinking'));
    if (thinking) yield { type: 'reasoning', delta: thinking };
    const text = asString(pick(line, 'message', 'content'));
    if (text) yield { type: 'text', delta: text };
    if (line.done === true) {
      const prompt = asNumber(line.prompt_eval_count);
      const completion = asNumber(line.eval_count);
      if (prompt !== undefined || completion !== undefined) {
        yield { type: 'usage', usage: usage(prompt ?? 0, completion ?? 0) };
      }
      yield { type: 'finish', reason: asString(line.done_reason) ?? 'stop' };
      return 'over';
    }
  });
}

export const ollamaAdapter: ProviderAdapter = { buildRequest, readStream };
