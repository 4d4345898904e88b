/** The message list after a compaction. */
import { appendAll } from './arrays';
import type { Message } from './message';
import type { Preparation } from './prepare';
import { summaryMessage } from './summaryEnvelope';

/**
 * Every system message before the cut (the system prompt first, then any
 * later one, such as a `developer` message, in order), one summary, then the
 * kept tail verbatim. Instructions are never summarized away: a summary may
 * drop a rule, a system message cannot. Everything else before the cut,
 * earlier summaries included, is gone: exactly one summary remains. A preset
 * that carries messages over (Codex's recent prompts) places them before the
 * summary; one that has the model answer the summary (Gemini CLI's "Got it")
 * places the answer right after it.
 */
export function apply(
  messages: readonly Message[],
  prep: Pick<Preparation, 'firstKeptIdx'>,
  summary: string,
  carried: readonly Message[] = [],
  answer: readonly Message[] = [],
): Message[] {
  const tailStart = Math.max(0, Math.min(prep.firstKeptIdx, messages.length));
  const out: Message[] = [];
  for (let i = 0; i < tailStart; i++) if (messages[i].role === 'system') out.push(messages[i]);
  appendAll(out, carried);
  out.push(summaryMessage(summary));
  appendAll(out, answer);
  for (let i = tailStart; i < messages.length; i++) out.push(messages[i]);
  return out;
}
