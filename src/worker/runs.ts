/**
 * The runs that call a summarizer or a provider: a compaction preview, the
 * judge of its summary, the provider's exact count of the messages. Each
 * answers for the messages the page shows; a preview's list is kept for
 * export, and a count the user stopped reads as stopped, not as the
 * provider's failure.
 */
import { CompactionAbortedError } from '../core';
import { countExactly } from '../providers';
import type { Estimators } from './estimators';
import { runJudge } from './judge';
import { runPreview } from './preview';
import type { PreviewEvent, Replies, WorkerRequest } from './protocol';
import type { Session } from './session';

/** A compaction preview of the messages shown; the list it makes is kept for export unless it was a comparison. */
export async function compact(
  session: Session,
  estimators: Estimators,
  request: Extract<WorkerRequest, { type: 'compact' }>,
  emit: (event: PreviewEvent) => void,
  signal: AbortSignal,
): Promise<Replies['compact']> {
  const { result, compacted } = await runPreview(session.current(), request, estimators.get, emit, signal);
  if (!request.compare) session.lastCompacted = compacted;
  return result;
}

/** The judge's probes of a summary: the facts point into the messages the preview compacted, the context shown. */
export function judge(
  session: Session,
  request: Extract<WorkerRequest, { type: 'judge' }>,
  signal: AbortSignal,
): Promise<Replies['judge']> {
  return runJudge(session.current(), request, signal);
}

/** The provider's own count of the messages shown, beside the local estimate. */
export async function countWithProvider(
  session: Session,
  estimators: Estimators,
  request: Extract<WorkerRequest, { type: 'count' }>,
  signal: AbortSignal,
): Promise<Replies['count']> {
  try {
    const estimator = await estimators.get(request.tokenizer, 1);
    return await countExactly(request.config, session.current(), estimator, {
      signal,
      timeoutMs: request.stallTimeoutMs,
    });
  } catch (error) {
    // Cancel is the user's choice, not the provider's failure: it reads as a stop.
    if (signal.aborted) throw new CompactionAbortedError('Counting was stopped.');
    throw error;
  }
}
