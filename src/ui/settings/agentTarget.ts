/** Which agent "Use in your agent" writes for: the user's pick for this file, else the loaded file's own agent. */
import { CONFIG_TARGETS } from '../../core/agentConfig';
import { agentOf, type FormatId } from '../../formats/types';

/** An agent picked in the panel, and the format of the file that was loaded when it was picked. */
export interface TargetPick {
  id: string;
  format: FormatId | null;
}

/** The target that writes for the agent whose files are in `format`, or null when no one agent writes it. */
export function fileTarget(format: FormatId | null): string | null {
  const strategy = format ? agentOf(format)?.strategy : undefined;
  if (!strategy) return null;
  return CONFIG_TARGETS.find((t) => t.id === strategy || t.aliases.includes(strategy))?.id ?? null;
}

/**
 * The target the panel shows. A pick made while this format was loaded wins
 * (the user may always choose another agent); a file of another agent brings
 * its own (a pi session writes pi's settings, not the Claude Code ones picked
 * for an earlier file); a file no agent writes keeps the last pick, else the
 * first target.
 */
export function targetInForce(pick: TargetPick | null, format: FormatId | null): string {
  if (pick && pick.format === format) return pick.id;
  return fileTarget(format) ?? pick?.id ?? CONFIG_TARGETS[0].id;
}
