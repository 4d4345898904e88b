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
import { recordedCurve, unrecordedTokens, type RecordedPoint } from './recorded';

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
