/**
 * The model calls of a session. A call is what produced an assistant
 * message: the agent sent the context and got the reply. Consecutive
 * assistant messages without anything between them come from one call
 * (formats that split a response into several messages), so a call sits
 * before each assistant message that follows something else, and before
 * every assistant message the file records usage for.
 */
import { shapeOf, type CountedShape } from '../analysis';
import type { Estimator } from '../estimate';
import type { Message } from '../message';
import type { RecordedCall, SessionHistory } from './history';

/** A file with no history of its own: its context is the whole session, every size estimated. */
export function historyOf(messages: Message[], history: SessionHistory | undefined): SessionHistory {
  return history ?? { messages, compactions: [], calls: [] };
}

export interface SessionCall {
  /** Index in the history's messages of the first assistant message the call produced. */
  atMessage: number;
  /** What the file records of the call, or null (every size is then our estimate). */
  recorded: RecordedCall | null;
}

/** The calls of `history`, in the order of their messages (ascending `atMessage`). */
export function sessionCalls(history: SessionHistory): SessionCall[] {
  const recorded = new Map<number, RecordedCall>();
  for (const call of history.calls) if (!recorded.has(call.atMessage)) recorded.set(call.atMessage, call);
  const calls: SessionCall[] = [];
  // A summary written as the assistant's answer (OpenCode's) is the compaction's own call, not a
  // call with the context: like a summary in a user message, it opens none, and the reply after it does.
  const replies = (m: Message) => m.role === 'assistant' && m.kind !== 'summary';
  history.messages.forEach((m, i) => {
    const call = recorded.get(i);
    if (!replies(m) && !call) return;
    const opens = i === 0 || !replies(history.messages[i - 1]!);
    if (opens || call) calls.push({ atMessage: i, recorded: call ?? null });
  });
  return calls;
}

/** What a replay reads of a session: the shape of every message and where the calls are. */
export interface SessionShape extends CountedShape {
  /** `atMessage` of each call, ascending. */
  calls: number[];
  /**
   * Messages the agent's own compactions wrote (their summaries): a replay
   * walks the session as if those compactions never happened, so it leaves
   * them out and writes its own.
   */
  recordedSummary: boolean[];
}

export function sessionShapeOf(history: SessionHistory, estimator: Estimator): SessionShape {
  const shape = shapeOf(history.messages, estimator);
  return withSession(shape, history);
}

/** The same from a shape counted elsewhere (the worker counts in slices). */
export function withSession(shape: CountedShape, history: SessionHistory): SessionShape {
  const recordedSummary = new Array<boolean>(history.messages.length).fill(false);
  for (const c of history.compactions)
    for (const i of c.contextAfter) if (i >= c.atMessage && shape.isSummary[i]) recordedSummary[i] = true;
  return { ...shape, calls: sessionCalls(history).map((c) => c.atMessage), recordedSummary };
}
