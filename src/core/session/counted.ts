/**
 * A session counted once under one estimator: the history (the messages
 * themselves when the file records none), the shape a replay reads, the
 * recorded run call by call, and what every call sent that the file does not
 * show. The page's worker and the command line both start a timeline here.
 */
import type { Estimator } from '../estimate';
import type { Message } from '../message';
import { historyOf, sessionCalls, sessionShapeOf, type SessionShape } from './calls';
import type { SessionHistory } from './history';
import { lastRecordedPoint, recordedCurve, unrecordedTokens, type RecordedPoint } from './recorded';

export interface CountedSession {
  history: SessionHistory;
  shape: SessionShape;
  points: RecordedPoint[];
  /** Sent with every call but not in the file (system prompt, tools), or null; see `unrecordedTokens`. */
  unrecorded: number | null;
}

export function countSession(
  messages: Message[],
  recorded: SessionHistory | undefined,
  estimator: Estimator,
): CountedSession {
  const history = historyOf(messages, recorded);
  const shape = sessionShapeOf(history, estimator);
  const points = recordedCurve(history, sessionCalls(history), shape.counts, shape.listTail);
  return { history, shape, points, unrecorded: unrecordedTokens(points) };
}

/** What the newest recorded call tells of the part of the request the file does not show. */
export interface UnseenMeasure {
  /** That call's prompt as the file records it: input + cache read + cache creation (`promptTokens`). */
  lastCallTokens: number;
  /** What it sent beyond the messages the file shows for it, never below 0 (`unrecordedTokens`). */
  inferredTokens: number;
}

/**
 * The `unrecorded` figure for the context at hand, reusing its counts, with
 * the recorded prompt it was taken from: the page and `inspect` count the
 * messages anyway, and only the messages a compaction hid are counted
 * again. Null when the file records no usage, so the cost is one look at
 * the calls for every other file.
 */
export function measureUnseen(
  messages: readonly Message[],
  counts: ArrayLike<number>,
  recorded: SessionHistory | undefined,
  estimator: Estimator,
): UnseenMeasure | null {
  if (!recorded || !recorded.calls.some((c) => (c.contextTokens ?? 0) > 0)) return null;
  const known = new Map<Message, number>();
  messages.forEach((m, i) => known.set(m, counts[i]!));
  const historyCounts = recorded.messages.map((m) => known.get(m) ?? estimator.countMessage(m));
  const points = recordedCurve(recorded, sessionCalls(recorded), historyCounts, estimator.countMessages([]));
  const last = lastRecordedPoint(points);
  if (!last) return null;
  return { lastCallTokens: last.recordedTokens!, inferredTokens: unrecordedTokens(points)! };
}

/** `measureUnseen`'s inferred part alone, or null. */
export function measuredUnseen(
  messages: readonly Message[],
  counts: ArrayLike<number>,
  recorded: SessionHistory | undefined,
  estimator: Estimator,
): number | null {
  return measureUnseen(messages, counts, recorded, estimator)?.inferredTokens ?? null;
}
