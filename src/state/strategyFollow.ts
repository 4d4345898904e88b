/**
 * Which strategy the page shows when the user has not chosen one: the preset
 * of the agent whose file is loaded (a Claude Code session gets Claude Code's
 * preset), else the default. The table of formats names each format's agent
 * and preset (`FORMATS` in src/formats/types.ts); this only applies it.
 */
import { DEFAULT_SETTINGS, type Strategy } from '../core/settings';
import { agentOf, type FormatId } from '../formats/types';

/** Where the strategy in force came from, for the note beside the field. */
export type StrategyOrigin =
  | { from: 'default' }
  /** Chosen for the loaded file of `agent`, whose format names this preset. */
  | { from: 'file'; agent: string }
  /** Picked by the user (the list, the strategy table, stored from an earlier visit). */
  | { from: 'chosen' }
  /** Set by the link that opened the page: it reproduces what its sender saw. */
  | { from: 'link' };

/**
 * The strategy for a transcript of `format` (null: no file's agent applies,
 * as for a sample or pasted text), unless the user's or a link's choice is in
 * force (`chosen`): then the strategy stays and only its origin is said.
 */
export function strategyFor(
  chosen: false | 'chosen' | 'link',
  format: FormatId | null,
): { strategy: Strategy; origin: StrategyOrigin } | { strategy: null; origin: StrategyOrigin } {
  if (chosen) return { strategy: null, origin: { from: chosen } };
  const agent = format ? agentOf(format) : null;
  return agent
    ? { strategy: agent.strategy, origin: { from: 'file', agent: agent.name } }
    : { strategy: DEFAULT_SETTINGS.strategy, origin: { from: 'default' } };
}

/** The note beside the strategy field; empty for the default and the user's own choice. */
export function strategyNote(origin: StrategyOrigin): string {
  switch (origin.from) {
    case 'file':
      return `Chosen for ${origin.agent}'s file`;
    case 'link':
      return "The link's strategy";
    default:
      return '';
  }
}
