/**
 * The contract between the compaction core and whatever writes summaries: a
 * provider adapter, the offline summarizer, or a test double.
 */

/** Token usage as a provider reported it, in one common shape. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Cached prompt tokens, when the provider reports them separately. */
  cachedTokens?: number;
  /** Reasoning tokens, when the provider reports them separately. */
  reasoningTokens?: number;
}

/** Which range a summarization request covers. */
export type SummaryPart = 'history' | 'turn-prefix';

export interface SummaryRequest {
  part: SummaryPart;
  /** The system prompt: the model is a summarizer, not a participant. */
  system: string;
  /** The one user message: transcript, previous summary, instructions. */
  prompt: string;
  /** The completion budget for this part. */
  maxTokens: number;
  temperature: number;
  /** Aborted on a user abort and on a stall; adapters pass it to `fetch`. */
  signal: AbortSignal;
}

/** One streamed piece of a summary. */
export type SummaryChunk =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** The provider's own finish reason, unmodified (`stop`, `length`, `max_tokens`, …). */
  | { type: 'finish'; reason: string }
  | { type: 'usage'; usage: Usage }
  | { type: 'response'; model?: string; responseId?: string };

export interface Summarizer {
  /** Shown in results and the UI, e.g. `offline` or `openai:gpt-4o-mini`. */
  readonly label: string;
  /**
   * Streams one summary. Failures are thrown; a thrown `SummarizerError` with
   * kind `auth`, `quota`, `billing`, `unreachable` or `redirect` stops the compaction
   * without a retry.
   */
  stream(request: SummaryRequest): AsyncIterable<SummaryChunk>;
}

/**
 * Why a summarizer call failed, in the categories the user needs to act on.
 * `unreachable`: no server answered at all (refused, unknown host, blocked by
 * the browser); `network`: a server answered, then the connection broke;
 * `redirect`: the server sent the call to another address, which a call
 * carrying the key does not follow.
 * `too-long`: the answer went on far past any real summary and was stopped.
 */
export type SummarizerErrorKind =
  | 'auth'
  | 'quota'
  | 'billing'
  | 'rate-limit'
  | 'overflow'
  | 'unreachable'
  | 'network'
  | 'redirect'
  | 'http'
  | 'protocol'
  | 'too-long';

export class SummarizerError extends Error {
  readonly kind: SummarizerErrorKind;
  readonly status?: number;
  /** The provider's own error text, unmodified. */
  readonly providerMessage?: string;

  constructor(
    kind: SummarizerErrorKind,
    message: string,
    options: { status?: number; providerMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'SummarizerError';
    this.kind = kind;
    this.status = options.status;
    this.providerMessage = options.providerMessage;
  }
}

/**
 * Errors that no retry can fix and that must not be papered over with an
 * archive. A server that never answered is one: an archive would look like a
 * result, token counts and all, of a call that reached nobody. A refused
 * redirect is another: the same call gets the same redirect. An answer that
 * would not end is a third: a server that ignores the token cap ignores it
 * again, and a retry would only stream as much once more.
 */
export function isFatalSummarizerError(error: unknown): error is SummarizerError {
  return (
    error instanceof SummarizerError &&
    (error.kind === 'auth' ||
      error.kind === 'quota' ||
      error.kind === 'billing' ||
      error.kind === 'unreachable' ||
      error.kind === 'redirect' ||
      error.kind === 'too-long')
  );
}
