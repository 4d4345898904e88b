/**
 * One summarization call with the guarantees the rest of compaction relies
 * on: a stall timeout that starts at dispatch, two attempts, an abort that is
 * reported as an abort, and no summary accepted that is empty or cut short.
 */
import { CompactionAbortedError, InvalidSummaryError, StallError, errorText } from './errors';
import { finishCategory } from './finishReason';
import {
  isFatalSummarizerError,
  type SummaryChunk,
  type SummaryPart,
  type SummaryRequest,
  type Summarizer,
  type Usage,
} from './summarizer';

export const SUMMARY_ATTEMPTS = 2;
export const SUMMARY_TEMPERATURE = 0.3;

/** Progress of a compaction, for a UI that streams it. */
export type CompactionEvent =
  | { type: 'request'; part: SummaryPart; attempt: number; system: string; prompt: string; maxTokens: number }
  | { type: 'chunk'; part: SummaryPart; attempt: number; chunk: SummaryChunk }
  | { type: 'attempt-failed'; part: SummaryPart; attempt: number; error: string }
  | { type: 'fallback'; part: SummaryPart; error: string };

export interface SummaryOutcome {
  text: string;
  finishReason?: string;
  usage?: Usage;
  model?: string;
  responseId?: string;
}

export interface SummarizeCall {
  part: SummaryPart;
  system: string;
  prompt: string;
  maxTokens: number;
  stallTimeoutMs: number;
  signal?: AbortSignal;
  onEvent?: (event: CompactionEvent) => void;
}

function abortedBy(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/**
 * Streams one attempt. The stall clock starts when the request is sent and
 * only streamed content resets it: response headers prove nothing, and a
 * server that never answers must stall too.
 */
async function streamOnce(
  summarizer: Summarizer,
  call: SummarizeCall,
  attempt: number,
): Promise<SummaryOutcome> {
  const controller = new AbortController();
  let fail!: (error: unknown) => void;
  const interrupted = new Promise<never>((_, reject) => (fail = reject));
  interrupted.catch(() => {});
  const stop = (error: Error) => {
    fail(error);
    controller.abort(error);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new StallError(call.stallTimeoutMs)), call.stallTimeoutMs);
  };
  const onUserAbort = () => stop(new CompactionAbortedError());
  call.signal?.addEventListener('abort', onUserAbort, { once: true });

  const request: SummaryRequest = {
    part: call.part,
    system: call.system,
    prompt: call.prompt,
    maxTokens: call.maxTokens,
    temperature: SUMMARY_TEMPERATURE,
    signal: controller.signal,
  };
  const outcome: SummaryOutcome = { text: '' };
  let iterator: AsyncIterator<SummaryChunk> | undefined;
  let finished = false;
  arm();
  try {
    iterator = summarizer.stream(request)[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      next.catch(() => {});
      const step = await Promise.race([next, interrupted]);
      if (step.done) break;
      const chunk = step.value;
      call.onEvent?.({ type: 'chunk', part: call.part, attempt, chunk });
      switch (chunk.type) {
        case 'text':
          outcome.text += chunk.text;
          arm();
          break;
        case 'reasoning':
          arm();
          break;
        case 'finish':
          outcome.finishReason = chunk.reason;
          break;
        case 'usage':
          outcome.usage = chunk.usage;
          break;
        case 'response':
          outcome.model = chunk.model ?? outcome.model;
          outcome.responseId = chunk.responseId ?? outcome.responseId;
          break;
      }
    }
    finished = true;
  } catch (error) {
    // After a stall or an abort the adapter throws its own abort error; ours says why.
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onUserAbort);
    if (!finished) {
      controller.abort();
      iterator?.return?.()?.catch(() => {});
    }
  }
  return outcome;
}

/**
 * A summary cut off at its cap would end mid-section and become the only
 * memory of the history; one stopped by a content filter or a safety check is
 * cut off too, at a point nobody chose, or is a refusal instead of a summary.
 */
function validate(outcome: SummaryOutcome, maxTokens: number): void {
  if (!outcome.text.trim()) throw new InvalidSummaryError('the summarizer returned an empty summary');
  const reason = outcome.finishReason;
  const category = reason === undefined ? undefined : finishCategory(reason);
  if (category === 'length') {
    // A length stop short of the cap was the context window's, as the preview's flag says:
    // one stop, one cause (`responseHitContextLimit` reads the same numbers).
    const completion = outcome.usage?.completionTokens;
    if (completion !== undefined && completion < maxTokens) {
      throw new InvalidSummaryError(
        `the summary stopped at ${completion} of its ${maxTokens} tokens (finish reason "${reason}"): the context window was full, not the cap reached, and it is incomplete`,
      );
    }
    throw new InvalidSummaryError(
      `the summary hit its token cap (finish reason "${reason}") and is incomplete`,
    );
  }
  if (category === 'filter') {
    throw new InvalidSummaryError(
      `the provider stopped the summary for a content filter or safety reason (finish reason "${reason}")`,
    );
  }
}

export type SummarizeResult = { ok: true; outcome: SummaryOutcome } | { ok: false; error: string };

/**
 * Up to two attempts. A user abort and authentication, quota, billing and
 * unreachable-server errors are thrown at once: no retry can fix them, and an
 * archive would hide them.
 */
export async function summarizeWithRetry(
  summarizer: Summarizer,
  call: SummarizeCall,
): Promise<SummarizeResult> {
  let lastError = '';
  for (let attempt = 1; attempt <= SUMMARY_ATTEMPTS; attempt++) {
    if (abortedBy(call.signal)) throw new CompactionAbortedError();
    call.onEvent?.({
      type: 'request',
      part: call.part,
      attempt,
      system: call.system,
      prompt: call.prompt,
      maxTokens: call.maxTokens,
    });
    try {
      const outcome = await streamOnce(summarizer, call, attempt);
      validate(outcome, call.maxTokens);
      outcome.text = outcome.text.trim();
      return { ok: true, outcome };
    } catch (error) {
      if (error instanceof CompactionAbortedError || abortedBy(call.signal))
        throw new CompactionAbortedError();
      if (isFatalSummarizerError(error)) throw error;
      lastError = errorText(error);
      call.onEvent?.({ type: 'attempt-failed', part: call.part, attempt, error: lastError });
    }
  }
  return { ok: false, error: `summarization failed after ${SUMMARY_ATTEMPTS} attempts: ${lastError}` };
}
