/**
 * Messages of a session read again after it grew, given back as the objects
 * of the previous reading wherever nothing about them changed. An estimator
 * keeps each message's counts by object (`estimate.ts`), so a message that is
 * the same object is never tokenized again: following a 20 MB session costs
 * the new messages' counting, not the whole file's.
 *
 * Sameness is decided on every field a count, a cut or the list can read,
 * never on the id alone: an agent that streams a reply writes the same id
 * again with more text.
 */
import type { Message, ToolCall, UnsentEntry } from './message';
import type { SessionHistory } from './session/history';

export class StableMessages {
  private byId = new Map<string, Message>();

  /** `messages` with each unchanged message replaced by the object seen before. */
  settle(messages: readonly Message[]): Message[] {
    return this.settleLists([messages])[0]!;
  }

  /**
   * A session read again, its context and its history settled together: a
   * message both hold is one object in both, as the importer made it, and a
   * message a compaction hid is the object of the previous reading too, so
   * measuring the history against its recorded usage counts only what is new.
   */
  settleSession<S extends { messages: readonly Message[]; history?: SessionHistory }>(
    session: S,
  ): S & { messages: Message[] } {
    const history = session.history;
    if (!history) return { ...session, messages: this.settle(session.messages) };
    const [all, now] = this.settleLists([history.messages, session.messages]);
    return { ...session, messages: now!, history: { ...history, messages: all! } };
  }

  private settleLists(lists: readonly (readonly Message[])[]): Message[][] {
    const next = new Map<string, Message>();
    const settled = new Map<Message, Message>();
    const out = lists.map((list) =>
      list.map((m) => {
        const seen = settled.get(m);
        if (seen) return seen;
        const before = this.byId.get(m.id);
        const kept = before && sameMessage(before, m) ? before : m;
        settled.set(m, kept);
        next.set(m.id, kept);
        return kept;
      }),
    );
    this.byId = next;
    return out;
  }

  /** Forget every message: the file was replaced, its ids mean other messages now. */
  clear(): void {
    this.byId = new Map();
  }
}

export function sameMessage(a: Message, b: Message): boolean {
  return (
    a.id === b.id &&
    a.role === b.role &&
    a.content === b.content &&
    a.reasoning === b.reasoning &&
    a.toolCallId === b.toolCallId &&
    a.toolName === b.toolName &&
    a.name === b.name &&
    a.images === b.images &&
    a.kind === b.kind &&
    a.turnId === b.turnId &&
    a.carried === b.carried &&
    a.keptAfter === b.keptAfter &&
    sameUnsent(a.unsentBefore, b.unsentBefore) &&
    sameUnsent(a.unsentAfter, b.unsentAfter) &&
    a.source?.line === b.source?.line &&
    a.source?.path === b.source?.path &&
    sameCalls(a.toolCalls, b.toolCalls)
  );
}

function sameCalls(a: readonly ToolCall[] | undefined, b: readonly ToolCall[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((c, i) => c.id === b[i]!.id && c.name === b[i]!.name && c.arguments === b[i]!.arguments);
}

function sameUnsent(a: readonly UnsentEntry[] | undefined, b: readonly UnsentEntry[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((e, i) => e.kind === b[i]!.kind && e.chars === b[i]!.chars);
}
