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

/**
 * The loaded file's agent and its preset, offered when the page shows another
 * strategy that nobody chose: a sample, or a transcript a link opened, keeps
 * the default, where the keep-recent handle moves the cut. Null when the file
 * has no agent, when the agent's preset is in force, or when the user's, the
 * file's or a link's choice is.
 */
export function agentOffer(
  format: FormatId | null,
  origin: StrategyOrigin,
  strategy: Strategy,
): { name: string; strategy: Strategy } | null {
  const agent = format ? agentOf(format) : null;
  return agent && origin.from === 'default' && strategy !== agent.strategy ? agent : null;
}

/** The note beside the strategy field while the agent's preset is offered under the bars. */
export function offerNote(agentName: string): string {
  return `The default, where the keep-recent handle moves the cut; “What would ${agentName} do?” under the bars shows ${agentName}'s own rule`;
}
