/** The message list after a compaction. */
import type { Message } from './message';
import type { Preparation } from './prepare';
import { summaryMessage } from './summaryEnvelope';

/**
 * The system prompt, one summary, then the kept tail verbatim. Everything in
 * between, earlier summaries included, is gone: exactly one summary remains.
 */
export function apply(
  messages: readonly Message[],
  prep: Pick<Preparation, 'firstKeptIdx'>,
  summary: string,
): Message[] {
  const tailStart = Math.max(0, Math.min(prep.firstKeptIdx, messages.length));
  const out: Message[] = [];
  if (messages[0]?.role === 'system') out.push(messages[0]);
  out.push(summaryMessage(summary));
  for (let i = tailStart; i < messages.length; i++) out.push(messages[i]);
  return out;
}
