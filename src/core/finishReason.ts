/**
 * What a provider's finish reason means, whatever its spelling: the core
 * rejects a summary by it, the providers and the UI name it. One table, so a
 * reason cannot count as a filter stop in one place and as a success in another.
 */

/** A provider's finish reason in the categories a person cares about. */
export type FinishCategory = 'stop' | 'length' | 'filter' | 'tool' | 'other';

const FINISH_CATEGORIES: Readonly<Record<string, FinishCategory>> = {
  stop: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  completed: 'stop',
  length: 'length',
  max_tokens: 'length',
  max_output_tokens: 'length',
  incomplete: 'length',
  // OpenAI, Responses and Anthropic, then Gemini's candidate and prompt block reasons.
  content_filter: 'filter',
  refusal: 'filter',
  safety: 'filter',
  recitation: 'filter',
  prohibited_content: 'filter',
  blocklist: 'filter',
  spii: 'filter',
  image_safety: 'filter',
  tool_calls: 'tool',
  tool_use: 'tool',
  function_call: 'tool',
};

export function finishCategory(reason: string): FinishCategory {
  const key = reason.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(FINISH_CATEGORIES, key) ? FINISH_CATEGORIES[key] : 'other';
}
