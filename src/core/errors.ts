/** Errors the compaction core reports, as values a caller can tell apart and show. */

/**
 * Everything outside the keep-recent budget is already gone. A stop signal:
 * retrying reproduces the every-round summarization loop compaction exists to prevent.
 */
export class NothingToCompactError extends Error {
  constructor(message = 'Nothing to compact: every message is inside the keep-recent budget.') {
    super(message);
    this.name = 'NothingToCompactError';
  }
}

/** The user stopped the compaction. Not a failure, and never turned into an archive. */
export class CompactionAbortedError extends Error {
  constructor(message = 'Compaction was stopped.') {
    super(message);
    this.name = 'CompactionAbortedError';
  }
}

/** A wait as a person reads it: `120 s`, `250 ms`. */
function waited(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * A provider call went quiet for longer than the stall timeout: a summary
 * stream that sent nothing new, or, given the `address` called, an answer
 * that never came at all (a count's is one JSON document, so nothing arrives
 * before the whole of it).
 */
export class StallError extends Error {
  readonly timeoutMs: number;
  /** The address that did not answer, when no answer came at all. */
  readonly address?: string;
  constructor(timeoutMs: number, address?: string) {
    super(
      address === undefined
        ? `summarization stalled: no output for ${timeoutMs} ms`
        : `${address} did not answer within ${waited(timeoutMs)}`,
    );
    this.name = 'StallError';
    this.timeoutMs = timeoutMs;
    this.address = address;
  }
}

/** The summarizer answered, but with something that cannot serve as a summary. */
export class InvalidSummaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSummaryError';
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
