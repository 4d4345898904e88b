/** What a compaction would do to each message, for tables, bars and lists. */
import type { Message, Role } from './message';
import type { CompactionPlan } from './prepare';
import { isSummaryMessage } from './summaryEnvelope';

export type Fate = 'system' | 'summary' | 'summarized' | 'turn-prefix' | 'kept';

export const FATES: readonly Fate[] = ['system', 'summary', 'summarized', 'turn-prefix', 'kept'];

/**
 * One fate per message. Before the boundary: system messages and earlier
 * summaries (anything else there is already covered by the newest summary).
 * After it: summarized, turn prefix, or kept verbatim. A system message before
 * the cut is `system` wherever it sits: the result keeps it, before the summary.
 */
export function messageFates(messages: readonly Message[], plan: CompactionPlan): Fate[] {
  return fatesFor(
    messages.map((m) => m.role),
    messages.map(isSummaryMessage),
    plan,
  );
}

/** The same from roles and summary flags, for callers that hold no messages. */
export function fatesFor(
  roles: readonly Role[],
  isSummary: readonly boolean[],
  plan: CompactionPlan,
): Fate[] {
  const fates: Fate[] = new Array(roles.length);
  for (let i = 0; i < roles.length; i++) {
    if (roles[i] === 'system' && (i < plan.start || (!plan.nothingToCompact && i < plan.firstKeptIdx))) {
      fates[i] = 'system';
    } else if (i < plan.start) {
      fates[i] = isSummary[i] ? 'summary' : 'summarized';
    } else if (plan.nothingToCompact || i >= plan.firstKeptIdx) {
      fates[i] = 'kept';
    } else if (plan.turnPrefix && i >= plan.turnPrefix.from) {
      fates[i] = 'turn-prefix';
    } else {
      fates[i] = 'summarized';
    }
  }
  return fates;
}
