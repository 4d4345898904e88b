/**
 * Codex rebuilds the context after a compaction from the injected context,
 * the user's own recent prompts and the summary: the prompts are the one part
 * of a conversation a summary must not paraphrase. The injected context (its
 * AGENTS.md instructions and environment) is not a prompt: Codex leaves it
 * out of the prompts it carries and puts the session's current one back
 * first, whole.
 */
import type { Estimator } from '../estimate';
import type { Message } from '../message';
import { isSummaryMessage } from '../summaryEnvelope';
import { injectedKind, newestInjected } from './injected';

/** A prompt cut to about `tokens`: its head and tail around a note, as Codex shortens the one that crosses the budget. */
function shortened(message: Message, tokens: number, estimator: Estimator): Message {
  const whole = estimator.countMessage(message);
  const keep = Math.floor((message.content.length * tokens) / Math.max(whole, 1));
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  const omitted = message.content.length - keep;
  const content = `${message.content.slice(0, head)}…${omitted} characters left out…${tail > 0 ? message.content.slice(-tail) : ''}`;
  return { ...message, content };
}

/**
 * What Codex carries over, oldest first: the injected instructions (the
 * newest of each kind, whole), then the newest user prompts whose tokens fit
 * `budget`, the one that crosses it shortened. Earlier summaries and
 * injected instructions are not prompts; prompts an earlier compaction
 * carried over are.
 */
export function carryUserMessages(
  messages: readonly Message[],
  budget: number,
  estimator: Estimator,
): Message[] {
  const kinds = messages.map(injectedKind);
  const prompts: Message[] = [];
  let remaining = budget;
  for (let i = messages.length - 1; i >= 0 && remaining > 0; i--) {
    const m = messages[i];
    if (m.role !== 'user' || isSummaryMessage(m) || kinds[i]) continue;
    const tokens = estimator.countMessage(m);
    if (tokens <= remaining) {
      prompts.unshift(m);
      remaining -= tokens;
    } else {
      prompts.unshift(shortened(m, remaining, estimator));
      remaining = 0;
    }
  }
  return [...newestInjected(kinds).map((i) => messages[i]), ...prompts];
}
