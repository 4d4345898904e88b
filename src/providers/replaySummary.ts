/**
 * The offline summarizer's real output inside a replay: each compaction the
 * replay makes is summarized from the messages it replaces, folding in the
 * previous summary, exactly as a preview would ask it. Its size, not the
 * budget's ceiling, is what the replayed context then carries.
 */
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { buildSummarizationPrompt, INITIAL_INSTRUCTIONS, UPDATE_INSTRUCTIONS } from '../core/prompts';
import type { ReplayOptions } from '../core/session/replay';
import { summaryMessage } from '../core/summaryEnvelope';
import { offlineSummary } from './offline';

export function offlineReplaySummarizer(
  messages: readonly Message[],
  estimator: Estimator,
): NonNullable<ReplayOptions['summarize']> {
  return (request) => {
    const replaced = request.messages.map((i) => messages[i]!);
    const previous = request.previousSummary ?? '';
    const prompt = buildSummarizationPrompt(
      replaced,
      0,
      previous,
      previous ? UPDATE_INSTRUCTIONS : INITIAL_INSTRUCTIONS,
    );
    const text = offlineSummary({ part: 'history', prompt, maxTokens: request.maxTokens });
    return { text, tokens: estimator.countMessage(summaryMessage(text)) };
  };
}
