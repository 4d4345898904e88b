/**
 * pi's request rules (pi-ai's `transformMessages`) applied to the messages
 * a path's entries send, and the messages of a path range in the order pi
 * sends them.
 */
import { appendAll } from '../core/arrays';
import type { Message, ToolCall, UnsentEntry } from '../core/message';
import { makeMessage } from './build';
import { field, rec, str } from './json';
import type { Entry } from './piEntry';
import { framed } from './piEntry';

/** Entries a compaction kept: their system messages gave way to the one on the compaction. */
export const KEPT_RANGE = true;

/**
 * The messages of the path entries from `from` up to (not including) `to`,
 * in order. Compaction entries in between add nothing: pi drops an older
 * summary once a newer compaction keeps the entries around it. With the
 * request rules, the results pi adds follow their entry, and each entry pi
 * weighs but does not send is recorded on the message before it.
 */
export function pushEmitted(
  path: readonly Entry[],
  from: number,
  messageAt: readonly (Message | undefined)[],
  out: Message[],
  to = path.length,
  sent?: RequestRules,
  keptRange = false,
): void {
  let leading: UnsentEntry[] = [];
  for (let i = from; i < to; i++) {
    const message = messageAt[i];
    if (message && path[i]!.type !== 'compaction' && !(keptRange && message.role === 'system'))
      out.push(message);
    appendAll(out, sent?.resultsAfter.get(i) ?? []);
    const unsent = sent?.unsentAt.get(i);
    const before = out[out.length - 1];
    if (before && leading.length) {
      before.unsentBefore = leading;
      leading = [];
    }
    if (unsent && before) before.unsentAfter = [...(before.unsentAfter ?? []), unsent];
    else if (unsent) leading.push(unsent);
  }
}

/** A `!!` command: pi keeps it in the session and weighs it by its command and output, but never sends it. */
export function excludedCommand(entry: Entry): UnsentEntry | undefined {
  const message = entry.type === 'message' ? rec(entry.record, 'message') : undefined;
  if (!message || str(message, 'role') !== 'bashExecution' || field(message, 'excludeFromContext') !== true)
    return undefined;
  return {
    kind: 'command',
    chars: (str(message, 'command') ?? '').length + (str(message, 'output') ?? '').length,
  };
}

/** What pi weighs of a reply: its text and thinking blocks, and each call's name and arguments. */
function replyChars(message: Message): number {
  let chars = message.content.length - (message.framingChars ?? 0) + (message.reasoning?.length ?? 0);
  for (const call of message.toolCalls ?? []) chars += call.name.length + call.arguments.length;
  return chars;
}

/**
 * What pi's request rules changed: the replies left out (their lines), the
 * results added after each path index, and the entries pi weighs but does
 * not send, by path index.
 */
export interface RequestRules {
  dropped: number[];
  resultsAfter: Map<number, Message[]>;
  unsentAt: Map<number, UnsentEntry>;
}

/**
 * pi builds every request through pi-ai's `transformMessages`, so the
 * context is what the file holds after its two rules: an assistant reply
 * that stopped as `aborted` or `error` is left out (a half-written turn the
 * model should retry, not see), and a call left without a result is answered
 * with an error result "No result provided" before the next assistant reply
 * or user message, or at the end. Dropped replies are cleared from
 * `messageAt`; the results to add are returned by the index they follow.
 */
export function piRequestRules(path: readonly Entry[], messageAt: (Message | undefined)[]): RequestRules {
  const dropped: number[] = [];
  const resultsAfter = new Map<number, Message[]>();
  const unsentAt = new Map<number, UnsentEntry>();
  let pending: ToolCall[] = [];
  let answered = new Set<string>();
  let last = -1;
  const close = (): void => {
    const missing = pending.filter((call) => !answered.has(call.id));
    if (missing.length && last >= 0) {
      const results = resultsAfter.get(last) ?? [];
      for (const call of missing) results.push(noResultProvided(call, path[last]!.line));
      resultsAfter.set(last, results);
    }
    pending = [];
    answered = new Set();
  };
  path.forEach((entry, i) => {
    const message = messageAt[i];
    if (entry.type === 'compaction') {
      close();
      last = i;
      return;
    }
    if (!message) return;
    if (message.role === 'assistant' || message.role === 'user') close();
    if (message.role === 'assistant') {
      const stop = str(rec(entry.record, 'message') ?? {}, 'stopReason');
      if (stop === 'aborted' || stop === 'error') {
        messageAt[i] = undefined;
        dropped.push(entry.line);
        unsentAt.set(i, { kind: 'reply', chars: replyChars(message) });
        return;
      }
      pending = message.toolCalls ?? [];
    }
    if (message.role === 'tool' && message.toolCallId !== undefined) answered.add(message.toolCallId);
    last = i;
  });
  close();
  return { dropped, resultsAfter, unsentAt };
}

/** Added as the request is sent, so pi's compaction never weighs it: all of it is framing. */
function noResultProvided(call: ToolCall, line: number): Message {
  return framed(
    makeMessage({
      id: `${call.id}:no-result`,
      role: 'tool',
      content: 'No result provided',
      toolCallId: call.id,
      toolName: call.name,
      source: { line },
    }),
    0,
  );
}
