/**
 * Google Gemini, native `streamGenerateContent` with `alt=sse`: every event
 * is a whole `GenerateContentResponse`; the last one has the finish reason,
 * and `usageMetadata` is repeated with running totals. There is no end
 * marker besides the finish reason. The key goes in `x-goog-api-key`, never
 * in the `?key=` query parameter, so it cannot end up in a URL.
 */
import type { ProviderConfig } from './config';
import { joinUrl } from './config';
import type { ProviderCall, ProviderEvent, ProviderHttpRequest } from './events';
import { asArray, asNumber, asObject, asString, pick, type JsonObject } from './json';
import { readJsonStream, requestHeaders, streamErrorEvent, usage, type ProviderAdapter } from './adapter';
import { readSse } from './wire';

function streamUrl(baseUrl: string, model: string): string {
  const versioned = /\/v1(alpha|beta)?\/*$/.test(baseUrl) ? baseUrl : joinUrl(baseUrl, '/v1beta');
  // Model ids are listed as `models/…` by the API itself; accept either spelling.
  const id = model.replace(/^models\//, '');
  return joinUrl(versioned, `/models/${encodeURIComponent(id)}:streamGenerateContent?alt=sse`);
}

function buildRequest(config: ProviderConfig, call: ProviderCall): ProviderHttpRequest {
  return {
    url: streamUrl(config.baseUrl, config.model),
    method: 'POST',
    headers: requestHeaders(config, { 'x-goog-api-key': config.apiKey || undefined }),
    body: JSON.stringify({
      systemInstruction: { parts: [{ text: call.system }] },
      contents: [{ role: 'user', parts: [{ text: call.prompt }] }],
      generationConfig: { temperature: call.temperature, maxOutputTokens: call.maxTokens },
    }),
  };
}

function usageOf(metadata: unknown): ProviderEvent | undefined {
  if (!asObject(metadata)) return undefined;
  const thoughts = asNumber(pick(metadata, 'thoughtsTokenCount'));
  return {
    type: 'usage',
    // Thinking is billed as output, as OpenAI counts reasoning inside completion tokens.
    usage: usage(
      asNumber(pick(metadata, 'promptTokenCount')) ?? 0,
      (asNumber(pick(metadata, 'candidatesTokenCount')) ?? 0) + (thoughts ?? 0),
      asNumber(pick(metadata, 'cachedContentTokenCount')),
      thoughts,
    ),
  };
}

function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
  let identified = false;
  let lastUsage: ProviderEvent | undefined;
  const read = function* (chunk: JsonObject): Generator<ProviderEvent, 'over' | void> {
    const error = asObject(chunk.error);
    if (error) {
      yield streamErrorEvent(asString(error.message) ?? JSON.stringify(error), asString(error.status));
      return 'over';
    }
    if (!identified && (typeof chunk.responseId === 'string' || typeof chunk.modelVersion === 'string')) {
      identified = true;
      yield { type: 'response', model: asString(chunk.modelVersion), responseId: asString(chunk.responseId) };
    }
    const candidate = asArray(chunk.candidates)[0];
    for (const part of asArray(pick(candidate, 'content', 'parts'))) {
      const text = asString(pick(part, 'text'));
      if (!text) continue;
      yield pick(part, 'thought') === true
        ? { type: 'reasoning', delta: text }
        : { type: 'text', delta: text };
    }
    lastUsage = usageOf(chunk.usageMetadata) ?? lastUsage;
    // A blocked prompt has no candidates at all, only the reason it was blocked.
    const reason =
      asString(pick(candidate, 'finishReason')) ?? asString(pick(chunk, 'promptFeedback', 'blockReason'));
    if (reason) {
      if (lastUsage) yield lastUsage;
      yield { type: 'finish', reason };
      lastUsage = undefined;
    }
  };
  // Usage that came after the last finish reason is still reported.
  return readJsonStream(readSse(body, signal), read, { atEnd: () => lastUsage });
}

export const geminiAdapter: ProviderAdapter = { buildRequest, readStream };
