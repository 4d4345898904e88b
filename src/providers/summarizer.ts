/**
 * A provider as the compaction core's `Summarizer`: provider events become
 * summary chunks, and an `error` event becomes a thrown `ProviderError`, so
 * the core can decide between retrying and stopping.
 */
import {
  SummarizerError,
  type SummarizerErrorKind,
  type Summarizer,
  type SummaryChunk,
  type SummaryPart,
  type SummaryRequest,
} from '../core/summarizer';
import type { PresetId, ProviderConfig } from './config';
import type { ProviderEvent, ProviderHttpRequest } from './events';
import { presetFor } from './presets';
import { redactRequest } from './keyRedaction';
import { buildProviderRequest, streamProviderEvents, type FetchLike } from './stream';

/**
 * A `SummarizerError` that remembers which service failed and where, so its
 * description names the address that was called and the fix that fits it.
 */
export class ProviderError extends SummarizerError {
  readonly preset: PresetId;
  readonly baseUrl: string;
  /** The URL the failed request went to. */
  readonly url: string;

  constructor(
    kind: SummarizerErrorKind,
    message: string,
    options: { status?: number; providerMessage?: string; preset: PresetId; baseUrl: string; url?: string },
  ) {
    super(kind, message, { status: options.status, providerMessage: options.providerMessage });
    this.name = 'ProviderError';
    this.preset = options.preset;
    this.baseUrl = options.baseUrl;
    this.url = options.url ?? options.baseUrl;
  }
}

export interface ProviderSummarizerOptions {
  fetch?: FetchLike;
  /** Every event of every call, raw ones included, for the request and raw-stream tabs. */
  onEvent?: (event: ProviderEvent, part: SummaryPart) => void;
  /** The request about to be sent, already redacted. */
  onRequest?: (request: ProviderHttpRequest, part: SummaryPart) => void;
}

function toChunk(event: ProviderEvent): SummaryChunk | undefined {
  switch (event.type) {
    case 'text':
      return { type: 'text', text: event.delta };
    case 'reasoning':
      return { type: 'reasoning', text: event.delta };
    case 'usage':
      return { type: 'usage', usage: event.usage };
    case 'finish':
      return { type: 'finish', reason: event.reason };
    case 'response':
      return { type: 'response', model: event.model, responseId: event.responseId };
    case 'error':
    case 'raw':
      return undefined;
  }
}

export function createProviderSummarizer(
  config: ProviderConfig,
  options: ProviderSummarizerOptions = {},
): Summarizer {
  const preset = presetFor(config);
  return {
    label: `${preset.id}:${config.model}`,
    async *stream(request: SummaryRequest): AsyncIterable<SummaryChunk> {
      const call = {
        system: request.system,
        prompt: request.prompt,
        maxTokens: request.maxTokens,
        temperature: request.temperature,
      };
      const http = buildProviderRequest(config, call);
      options.onRequest?.(redactRequest(http, config.apiKey), request.part);
      const events = streamProviderEvents(config, call, { signal: request.signal, fetch: options.fetch });
      for await (const event of events) {
        options.onEvent?.(event, request.part);
        if (event.type === 'error') {
          throw new ProviderError(event.kind, event.message, {
            status: event.status,
            providerMessage: event.providerMessage,
            preset: preset.id,
            baseUrl: config.baseUrl,
            url: http.url,
          });
        }
        const chunk = toChunk(event);
        if (chunk) yield chunk;
      }
    },
  };
}
