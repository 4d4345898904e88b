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

/** A summary stream went quiet for longer than the stall timeout. */
export class StallError extends Error {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`summarization stalled: no output for ${timeoutMs} ms`);
    this.name = 'StallError';
    this.timeoutMs = timeoutMs;
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
