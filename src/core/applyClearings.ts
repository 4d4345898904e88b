/**
 * A preset's plan applied to the messages themselves: the cleared list the
 * model would be sent, for the compaction result, the preview and the CLI.
 */
import { indexMessages } from './cutPoint';
import { onFrozenList } from './frozenMemo';
import type { Estimator } from './estimate';
import type { Message } from './message';
import { findBoundary } from './prepare';
import { isCutStrategy, type Settings } from './settings';
import { isSummaryMessage } from './summaryEnvelope';
import type { ClearingPlan, MessageEdit, OutputEdit } from './harness/preset';
import { harnessOutcome, type HarnessOutcome } from './harnessOutcome';
import { CLEARED_ARGUMENTS, lineCount, maskedObservation, truncatedOutput } from './harness/placeholders';
import { toolShapeOf } from './harness/toolShape';

function clearedOutput(message: Message, edit: OutputEdit): string {
  switch (edit.kind) {
    case 'placeholder':
      return edit.text;
    case 'mask':
      return maskedObservation(lineCount(message.content));
    case 'truncate':
      return truncatedOutput(message.content, edit.chars);
  }
}

/**
 * The messages with a clearing plan's edits made. Nothing moves and nothing
 * is dropped: a cleared result keeps its id, role and call id, so the list
 * stays a valid request.
 */
export function applyClearings(
  messages: readonly Message[],
  plan: Pick<ClearingPlan, 'cleared' | 'edits'>,
): Message[] {
  if (plan.cleared.length === 0) return [...messages];
  const out = [...messages];
  const editOf = new Map(plan.cleared.map((c, k) => [c.index, plan.edits[k]]));
  // The call a result answers is the newest call with its id before it.
  const callAt = new Map<string, number>();
  const clearedCalls = new Map<number, Set<string>>();
  messages.forEach((message, index) => {
    for (const call of message.toolCalls ?? []) callAt.set(call.id, index);
    const edit: MessageEdit | undefined = editOf.get(index);
    if (!edit) return;
    if (edit.output) {
      const { images: _images, ...rest } = message;
      out[index] = { ...rest, content: clearedOutput(message, edit.output) };
    }
    const owner = message.toolCallId !== undefined ? callAt.get(message.toolCallId) : undefined;
    if (edit.inputs && owner !== undefined) {
      clearedCalls.set(owner, (clearedCalls.get(owner) ?? new Set()).add(message.toolCallId!));
    }
    if (edit.thinking) {
      const { reasoning: _reasoning, ...rest } = out[index];
      out[index] = rest;
    }
  });
  for (const [owner, ids] of clearedCalls) {
    const message = out[owner];
    out[owner] = {
      ...message,
      toolCalls: message.toolCalls!.map((c) => (ids.has(c.id) ? { ...c, arguments: CLEARED_ARGUMENTS } : c)),
    };
  }
  // A message counted where its text was keeps the count the plan gives it after clearing.
  for (const c of plan.cleared) {
    const carried = out[c.index].carried;
    if (carried) out[c.index] = { ...out[c.index], carried: { ...carried, tokens: c.tokensAfter } };
  }
  return out;
}

export interface ClearedMessages {
  /** The preset's outcome on the messages as given. */
  outcome: HarnessOutcome;
  plan: ClearingPlan;
  /** The messages after its clearing (the same list for a strategy that clears nothing). */
  messages: Message[];
}

/**
 * What a preset does to `messages` in place, as the analysis shows it; null
 * for the cut rules, which never clear. The settings' unseen part (system
 * prompt and tools the messages do not hold) counts toward the trigger, as
 * in the analysis: whether a preset still cuts after clearing depends on it.
 */
export function clearInPlace(
  messages: readonly Message[],
  settings: Settings,
  estimator: Estimator,
): ClearedMessages | null {
  const strategy = settings.strategy;
  if (isCutStrategy(strategy)) return null;
  const { boundary, ...measured } = onFrozenList(messages, 'clearing-shape', estimator, () => ({
    roles: messages.map((m) => m.role),
    counts: messages.map((m) => estimator.countMessage(m)),
    isSummary: messages.map(isSummaryMessage),
    tools: toolShapeOf(messages, estimator),
    boundary: findBoundary(messages),
  }));
  const shape = { ...measured, listTail: estimator.countMessages([]) + (settings.unseenTokens ?? 0) };
  const outcome = harnessOutcome(strategy, shape, indexMessages(messages, estimator), boundary, settings);
  return { outcome, plan: outcome.clearing, messages: applyClearings(messages, outcome.clearing) };
}
