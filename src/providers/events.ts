/**
 * The one stream every provider adapter produces, whatever its wire format.
 * The summarizer adapter turns it into the core's `SummaryChunk`s; the UI
 * keeps the `raw` events for its raw-stream tab.
 */
import type { SummarizerErrorKind, Usage } from '../core/summarizer';

export type ProviderEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  /** Totals for the call so far; a later usage event replaces an earlier one. */
  | { type: 'usage'; usage: Usage }
  /** The provider's own reason, unmodified: `stop`, `length`, `end_turn`, `MAX_TOKENS`, … */
  | { type: 'finish'; reason: string }
  /** Which model answered and the provider's id for the response, when it says. */
  | { type: 'response'; model?: string; responseId?: string }
  /**
   * The call failed: an HTTP error, a refused connection, an error event in the
   * middle of a stream, or a stream that was cut off. Always the last event.
   */
  | {
      type: 'error';
      kind: SummarizerErrorKind;
      message: string;
      status?: number;
      /** The provider's own error text, unmodified. */
      providerMessage?: string;
    }
  /**
   * One unit of the wire stream as received: an SSE event's data (with its
   * event name), one NDJSON line, or an HTTP error body.
   */
  | { type: 'raw'; event?: string; data: string };

export type ProviderErrorEvent = Extract<ProviderEvent, { type: 'error' }>;

/** The exact HTTP request an adapter sends, so the UI can show it (redacted). */
export interface ProviderHttpRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  /** The JSON body, serialized exactly as sent. */
  body: string;
}

/** What one summarization call asks of a provider. */
export interface ProviderCall {
  system: string;
  prompt: string;
  maxTokens: number;
  temperature: number;
}

/** The finish-reason table lives in the core, which rejects a summary by it. */
export { finishCategory, type FinishCategory } from '../core/finishReason';
