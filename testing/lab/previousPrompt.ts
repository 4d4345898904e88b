/**
 * Where the preset fires for an agent that compares the prompt of its
 * previous call (Gemini CLI): the first call whose previous prompt reaches
 * the threshold and where the preset's cut, on the history the agent held
 * before that call, leaves something to summarize.
 */
import {
  analyze,
  createEstimator,
  shapeOf,
  triggers,
  type Message,
  type SettingsInput,
  type TextCounter,
  type Trigger,
} from '../../src/core';
import { conversationAt, isConversation, requestMessages } from './requestMessages';
import type { LabRequest } from './requests';

/**
 * The history the agent held before it sent a conversation request: the
 * request less what the call adds (the new prompt, or the tool results it
 * answers with). Gemini CLI checks before that is added
 * (`GeminiClient.processTurn` runs `tryCompressChat` before
 * `GeminiChat.sendMessageStream` appends the request).
 */
function heldBefore(request: LabRequest): Message[] {
  const messages = requestMessages(request);
  if (messages.at(-1)?.role === 'user') return messages.slice(0, -1);
  let end = messages.length;
  while (end > 0 && messages[end - 1].role === 'tool') end--;
  return messages.slice(0, end);
}

/**
 * Gemini CLI, before every call of a turn (the prompt's and each tool
 * result's), compares `GeminiChat.getLastPromptTokenCount()`: the prompt
 * token count the server reported for its previous call, system prompt and
 * tools included (the mock reports its count of the request). Over the
 * threshold it still compresses nothing when its split finds no older user
 * prompt to cut before and the history does not end on a plain reply
 * (`findCompressSplitPoint` returns 0: NOOP), which is the preset's
 * "nothing to compact". A summarization request is checked on the
 * conversation as it stood there (`conversationAt`). The count a new
 * process starts from (none, or for `--resume` an estimate of its history
 * alone) is not in the requests: the previous call's prompt stands for it.
 */
export function previousPromptAt(
  requests: readonly LabRequest[],
  trigger: Trigger,
  settings: SettingsInput,
  count: TextCounter,
): number | null {
  const estimator = createEstimator(settings.tokenizer ?? 'o200k_base', count);
  let previousPrompt = 0;
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i];
    const starts = r.summary && !requests[i - 1]?.summary;
    if (!starts && !isConversation(r)) continue;
    if (triggers(trigger, previousPrompt)) {
      const history = starts ? (conversationAt(requests, i)?.before ?? []) : heldBefore(r);
      const plan = analyze(shapeOf(history, estimator), settings).current.plan;
      if (history.length > 0 && !plan.nothingToCompact) return r.call;
    }
    if (isConversation(r)) previousPrompt = r.tokens;
  }
  return null;
}
