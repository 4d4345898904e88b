/**
 * The verdict and "nothing to compact" in words that match the case, for the
 * CLI and the page alike.
 */
import type { ResultOverflow } from './analysis';
import type { CutIndex } from './cutPoint';
import { clearsOnly, presetOf } from './harness/registry';
import type { Trigger } from './harness/preset';
import type { CompactionPlan } from './prepare';
import { isCutStrategy, type Settings } from './settings';
import { formatCount } from './numbers';
import type { UnseenSource } from './unseen';

const n = formatCount;

/** What the verdict is computed from: an `Analysis`, or the playground's own. */
export interface VerdictInput {
  settings: Settings;
  /** What the agent sends (messages, framing and the part not in the file): what the threshold is compared with. */
  contextTokens: number;
  /** The part not in the file, named in the verdict when there is one. */
  unseenTokens?: number;
  /** Where that part came from: it is named as the line of numbers names it. */
  unseenSource?: UnseenSource;
  threshold: number;
  shouldCompact: boolean;
  /** The chosen strategy's own trigger; without it, the cut rules' (window − reserve, exceeded). */
  trigger?: Trigger;
  /** What the chosen strategy does when it fires: with neither a cut nor a clearing, it changes nothing. */
  current?: { plan: Pick<CompactionPlan, 'nothingToCompact'>; cleared: readonly unknown[] };
}

/**
 * The unseen part's one name, the header's term for it (without its
 * "(inferred)" or "(set)", which the header says beside the figure).
 */
export const UNSEEN_NAMES: Record<UnseenSource, string> = {
  'recorded-usage': 'not explained by the file',
  setting: 'system prompt and tools',
  lab: 'system prompt and tools',
  none: 'not in the file',
};

/**
 * The verdict in words. A window no larger than the reserve leaves the
 * threshold at 1, so any context compacts: that says why, instead of a bare
 * "threshold 1". A disabled trigger never claims the total is under it. Each
 * preset is compared with its threshold the way it compares: most act once
 * the context reaches it, the Anthropic API once the prompt exceeds it.
 */
export function describeVerdict({
  settings,
  contextTokens,
  unseenTokens = 0,
  unseenSource = 'recorded-usage',
  threshold,
  shouldCompact,
  trigger,
  current,
}: VerdictInput): string {
  const totalTokens = contextTokens;
  const unseen = unseenTokens > 0 ? ` (${n(unseenTokens)} ${UNSEEN_NAMES[unseenSource]})` : '';
  const total = `${n(totalTokens)} tokens${unseen}`;
  const action = clearsOnly(settings.strategy) ? 'clearing' : 'compaction';
  if (trigger?.comparison === 'always') {
    return `${total}; ${settings.strategy} acts at every call${settings.enabled ? '' : ' (automatic compaction is disabled)'}`;
  }
  // The trigger says why there is no threshold: no window, or none set (LangChain's default).
  if (threshold === 0) return `${total}; ${trigger?.formula ?? 'no window'}, so ${action} is off`;
  const reaching = trigger?.comparison === 'reach';
  const over = reaching ? totalTokens >= threshold : totalTokens > threshold;
  const sign = reaching ? (over ? '≥' : '<') : over ? '>' : '≤';
  const comparison = `${total} ${sign} threshold ${n(threshold)}`;
  const idle = current !== undefined && current.plan.nothingToCompact && current.cleared.length === 0;
  const outcome = shouldCompact
    ? idle
      ? `: ${action} fires, but finds nothing to compact, so the context stays at ${n(totalTokens)} tokens`
      : `: ${action} fires`
    : over
      ? ', but automatic compaction is disabled'
      : `: ${action} does not fire${settings.enabled ? '' : ' (automatic compaction is disabled)'}`;
  const window = settings.maxContextTokens;
  const reserve = settings.reserveTokens;
  const squeezed =
    isCutStrategy(settings.strategy) && window <= reserve
      ? `; the window (${n(window)}) is ${window < reserve ? 'smaller than' : 'no larger than'} the reserve (${n(reserve)}), so no context fits`
      : '';
  return comparison + outcome + squeezed;
}

/** What `ifItFired` reads: the chosen strategy's decision and what it would do. */
export interface WouldInput {
  shouldCompact: boolean;
  plan: Pick<CompactionPlan, 'nothingToCompact' | 'firstKeptIdx' | 'start'>;
  cleared: readonly unknown[];
  keptTokens: number;
  /** Messages in the transcript: a cut at or past the last keeps none of them. */
  messages: number;
}

/**
 * What the chosen strategy would do if it fired, said beside a verdict that
 * it does not: the strip, the list and the header show that cut, and without
 * these words a page saying "does not fire" over a shaded cut says two things
 * at once. Null when it fires (the verdict is what happens) or when it would
 * change nothing either way.
 */
export function ifItFired({ shouldCompact, plan, cleared, keptTokens, messages }: WouldInput): string | null {
  if (shouldCompact) return null;
  const clears = cleared.length > 0 ? `clear ${n(cleared.length)} in place` : '';
  if (plan.nothingToCompact) return clears ? `if it fired, it would ${clears}` : null;
  const last = messages - 1;
  const what =
    plan.firstKeptIdx >= messages
      ? `summarize ${plan.start >= last ? `#${last}` : `#${plan.start}–#${last}`} and keep nothing verbatim`
      : `cut at #${plan.firstKeptIdx} and keep ${n(keptTokens)} tokens verbatim`;
  return `if it fired, it would ${clears ? `${clears}, then ` : ''}${what}`;
}

/**
 * Why a cut keeps more than the keep-recent budget, or null when it keeps no
 * more (or does not cut by the budget at all, as the presets do not). "kept
 * 500 of 1" beside a strategy whose label calls the budget a ceiling reads as
 * a bug unless it says why: a message is never split, and pi and turns keep
 * on to a place they may cut.
 */
export function keptOverBudget(a: {
  settings: Pick<Settings, 'keepRecentTokens' | 'strategy'>;
  plan: Pick<CompactionPlan, 'nothingToCompact'>;
  keptTokens: number;
}): string | null {
  const { strategy, keepRecentTokens } = a.settings;
  if (!isCutStrategy(strategy) || a.plan.nothingToCompact || a.keptTokens <= keepRecentTokens) return null;
  switch (strategy) {
    case 'budget':
      return 'more than the budget: the newest message it can keep from is larger, and no message is split';
    case 'pi':
      return 'more than the budget: pi keeps on to the next place to cut once the budget is reached';
    case 'turns':
      return 'more than the budget: turns keeps whole turns';
  }
}

/** Why a plan compacts nothing, as a case the caller can give advice for. */
export type NothingReason =
  /** No message after the system prompt or the previous summary. */
  | 'empty'
  /** Everything after the start fits the keep-recent budget. */
  | 'fits'
  /** Everything after the start is one message (with its tool results), larger than the budget. */
  | 'indivisible'
  /** The budget is a floor that only the oldest part reaches (`pi`, `turns`). */
  | 'floor'
  /** `turns` never splits a turn and there is only one. */
  | 'one-turn'
  /** A preset that only clears in place never summarizes. */
  | 'clears-only'
  /** The preset's cut keeps everything: Gemini CLI found no user message to split before. */
  | 'no-split'
  /** The preset summarizes only when the context still reaches its threshold after clearing. */
  | 'under-threshold'
  /** `pi`: nothing came after the newest summary's kept messages (pi: "Already compacted"). */
  | 'already-compacted';

/**
 * Why nothing would be compacted, in words that match the case: a single
 * message larger than the budget does not "fit", it cannot be cut.
 */
export function explainNothingToCompact(
  index: CutIndex,
  plan: Pick<CompactionPlan, 'start' | 'summaryIdx' | 'alreadyCompacted'>,
  settings: Pick<Settings, 'keepRecentTokens' | 'strategy'>,
): { reason: NothingReason; text: string } {
  const { start } = plan;
  const keep = settings.keepRecentTokens;
  const after =
    plan.summaryIdx >= 0 ? ' after the previous summary' : start > 0 ? ' after the system prompt' : '';
  if (start >= index.length) return { reason: 'empty', text: `no messages${after}` };
  const strategy = settings.strategy;
  if (strategy === 'pi' && plan.alreadyCompacted) {
    return {
      reason: 'already-compacted',
      text: 'every message after the summary is one its compaction kept, and pi compacts again only once something new follows',
    };
  }
  if (!isCutStrategy(strategy)) return presetOf(strategy).nothing(after);
  const tail = index.suffix[start];
  if (tail <= keep) {
    return {
      reason: 'fits',
      text: `everything${after} fits the keep-recent budget (${n(tail)} ≤ ${n(keep)} tokens)`,
    };
  }
  let turns = 0;
  for (let k = index.users.length - 1; k >= 0 && index.users[k] >= start && turns < 2; k--) turns++;
  if (settings.strategy === 'turns' && turns < 2) {
    return {
      reason: 'one-turn',
      text: `only one turn${after} (${n(tail)} tokens, over the keep-recent budget of ${n(keep)}), and the turns strategy never splits a turn`,
    };
  }
  if (index.prevLegal[index.length - 1] <= start) {
    const what = index.length - start === 1 ? 'one message' : 'one message with its tool results';
    return {
      reason: 'indivisible',
      text: `everything${after} is ${what} (${n(tail)} tokens), larger than the keep-recent budget (${n(keep)}); there is no place to cut inside it`,
    };
  }
  return {
    reason: 'floor',
    text: `the keep-recent budget (${n(keep)} tokens) is a floor for the ${settings.strategy} strategy, and only the oldest part${after} brings the kept total up to it, so everything is kept`,
  };
}

/**
 * A compacted context that would still not fit, in words: `short` for a
 * badge, `long` for its title and the CLI. Over the window it cannot be sent
 * at all, which matters more than the reserve, so that is named first.
 */
export function describeOverflow(
  overflow: ResultOverflow,
  tokensAfter: number,
  limits: { threshold: number; window: number },
): { short: string; long: string } {
  const { overThreshold, overWindow } = overflow;
  const short =
    overWindow > 0
      ? `${n(overWindow)} over the window after compaction`
      : `${n(overThreshold)} over the threshold after compaction`;
  const over =
    overWindow > 0
      ? `${n(overWindow)} over the window (${n(limits.window)}): it cannot be sent`
      : `${n(overThreshold)} over the threshold (${n(limits.threshold)}): the response's reserve does not fit, so the next turn compacts again`;
  return { short, long: `after compaction the context is up to ${n(tokensAfter)} tokens, ${over}` };
}
