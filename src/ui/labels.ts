/**
 * What the page calls strategies, tokenizers and fates: one table each, for
 * every feature that names them (settings, strategy table, message list).
 */
import type { NothingReason } from '../core/explain';
import type { Fate } from '../core/fates';
import { HARNESSES, PRESETS, type HarnessId } from '../core/harness/registry';
import { CUT_STRATEGIES, type Strategy } from '../core/settings';
import type { TokenizerId } from '../core/tokenizer';

/**
 * Each strategy's one name is its id (the command line's, the strategy
 * table's); the list adds what it does. The presets' words are their modules'.
 */
export const STRATEGY_LABELS: Record<Strategy, string> = {
  budget: 'budget: keep-recent is a ceiling (splits turns)',
  pi: 'pi: keep-recent is a floor',
  turns: 'turns: whole turns only',
  ...(Object.fromEntries(PRESETS.map((p) => [p.id, `${p.id}: ${p.summary}`])) as Record<HarnessId, string>),
};

/** The one list strategies are picked from: the cut rules, then what agents and APIs do. */
export const STRATEGY_GROUPS: readonly { label: string; strategies: readonly Strategy[] }[] = [
  { label: 'Cut rules', strategies: CUT_STRATEGIES },
  { label: 'Agent harnesses', strategies: HARNESSES },
];

export const TOKENIZER_LABELS: Record<TokenizerId, string> = {
  o200k_base: 'o200k_base (GPT-4o, GPT-5)',
  cl100k_base: 'cl100k_base (GPT-4, GPT-3.5)',
  chars4: 'chars4 (characters / 4)',
};

/** "o200k", "cl100k": how running text names a tokenizer. */
export function shortTokenizerName(tokenizer: TokenizerId): string {
  return tokenizer.replace(/_base$/, '');
}

/** A message's fate as the list names it, with "left out" on top of the core's own. */
export type RowFate = Fate | 'omitted';

export const FATE_LABELS: Record<RowFate, string> = {
  system: 'system',
  summary: 'previous summary',
  reinjected: 're-injected before the summary',
  summarized: 'summarized',
  'turn-prefix': 'turn prefix',
  kept: 'kept',
  cleared: 'cleared',
  omitted: 'left out of summarizer input',
};

/**
 * The fates that depend on compaction firing, as the list and the strip's
 * legend name them while it does not: what would happen, never what does.
 * Kept, system, previous summary and re-injected are what the file holds
 * either way.
 */
const WOULD_LABELS: Partial<Record<RowFate, string>> = {
  summarized: 'would be summarized',
  'turn-prefix': 'would be a turn prefix',
  cleared: 'would be cleared',
  omitted: 'would be left out of summarizer input',
};

/** A fate's name: `FATE_LABELS`, or "would be …" while the chosen strategy does not fire. */
export function fateLabel(fate: RowFate, fires: boolean): string {
  return (!fires && WOULD_LABELS[fate]) || FATE_LABELS[fate];
}

/** Why nothing is compacted, short enough for the header; the full sentence is its title. */
export const NOTHING_LABELS: Record<NothingReason, string> = {
  empty: 'no messages to compact',
  fits: 'everything fits the keep-recent budget',
  indivisible: 'one message, no place to cut inside it',
  floor: 'the budget, a floor here, is only reached by the oldest part',
  'one-turn': 'one turn, and turns are never split',
  'clears-only': 'this preset only clears tool output in place',
  'no-split': 'no user message to split before',
  'under-threshold': 'still under the threshold after clearing',
  'already-compacted': 'nothing new since the last compaction',
};

/**
 * What a cut that keeps nothing verbatim (its first kept index is past the
 * last message) summarizes, for a screen reader: the messages from the plan's
 * start to the last one. It names no "first kept" message, since there is none.
 */
export function keepsNothingNote(start: number, messages: number): string {
  const last = messages - 1;
  return start >= last ? `, #${last} summarized` : `, #${start}–#${last} summarized`;
}
