/** What a compaction would do to each message, for tables, bars and lists. */
import type { Message, Role } from './message';
import type { CompactionPlan } from './prepare';
import { isSummaryMessage } from './summaryEnvelope';

/**
 * - `system`: a system message before the cut; the result keeps it, ahead of the summary.
 * - `summary`: a summary before the boundary; the new summary replaces it.
 * - `reinjected`: a message a harness placed before its summary (Codex's
 *   injected context and recent prompts, OpenCode's compaction request). The
 *   previous summary already covers it, so it is not summarized again, and the
 *   result leaves it out, as the harness's own next compaction would replace it.
 * - `summarized`, `turn-prefix`: what the new summary is written from.
 * - `kept`: kept verbatim after the summary.
 * - `cleared`: kept in its place, its tool output (or call arguments, or
 *   reasoning) replaced by a placeholder.
 */
export type Fate = 'system' | 'summary' | 'reinjected' | 'summarized' | 'turn-prefix' | 'kept' | 'cleared';

/**
 * One fate per message. Before the boundary: system messages, earlier
 * summaries and what a harness re-injected; nothing there is summarized
 * again, so a plan that compacts nothing marks nothing `summarized`. After
 * it: summarized, turn prefix, or kept verbatim.
 */
export function messageFates(messages: readonly Message[], plan: CompactionPlan): Fate[] {
  return fatesFor(
    messages.map((m) => m.role),
    messages.map(isSummaryMessage),
    plan,
  );
}

/** The fates with the messages a clearing changed and kept marked `cleared`. */
export function withClearings(fates: Fate[], cleared: readonly { index: number }[]): Fate[] {
  for (const { index } of cleared) if (fates[index] === 'kept') fates[index] = 'cleared';
  return fates;
}

/** The same from roles and summary flags, for callers that hold no messages. */
export function fatesFor(
  roles: readonly Role[],
  isSummary: readonly boolean[],
  plan: CompactionPlan,
): Fate[] {
  // The plan's bounds read once, not per message: this runs over every message at every drag step.
  const n = roles.length;
  const start = plan.start;
  const nothing = plan.nothingToCompact;
  const firstKept = nothing ? n : plan.firstKeptIdx;
  const prefixFrom = plan.turnPrefix ? plan.turnPrefix.from : n;
  const fates: Fate[] = new Array(n);
  for (let i = 0; i < n; i++) {
    if (i < start) fates[i] = roles[i] === 'system' ? 'system' : isSummary[i] ? 'summary' : 'reinjected';
    else if (nothing || i >= firstKept) fates[i] = 'kept';
    else if (roles[i] === 'system') fates[i] = 'system';
    else fates[i] = i >= prefixFrom ? 'turn-prefix' : 'summarized';
  }
  return fates;
}
