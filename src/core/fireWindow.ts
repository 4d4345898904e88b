/**
 * Most real transcripts sit far below a real model's threshold, so nothing
 * would be compacted and there is no cut to look at. This finds settings
 * under which the transcript just crosses the threshold, as if its context
 * had grown until compaction fired.
 */
import { strategyTrigger } from './analysis';
import { triggers, type Trigger } from './harness/preset';
import { formulaThreshold } from './harness/registry';
import { formatCount } from './numbers';
import {
  MIN_SUMMARY_TOKENS,
  isCutStrategy,
  normalizeSettings,
  summaryBudget,
  type Settings,
} from './settings';

/** The three settings that decide whether and where compaction cuts. */
export interface FiringWindow {
  maxContextTokens: number;
  reserveTokens: number;
  keepRecentTokens: number;
  /**
   * A cap on the summary, set only when the current one would leave the
   * compacted context over the threshold (the part no compaction touches
   * takes most of it): absent otherwise.
   */
  maxSummaryTokens?: number;
}

/** `x` rounded down to its two leading digits: 14,000, 1,700, 480, 99. */
export function roundDown2(x: number): number {
  if (x < 100) return Math.max(0, Math.floor(x));
  const step = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Math.floor(x / step) * step;
}

/** The next smaller number with two leading digits: 100,000 → 99,000 → 98,000. */
function previousRound(x: number): number {
  return x - (x <= 100 ? 1 : 10 ** (Math.floor(Math.log10(x - 1)) - 1));
}

/**
 * The reserve for a window: the current one while it is at most a quarter of
 * the window (a real model's output limit is a small part of its window),
 * else an eighth of the window.
 */
function reserveFor(window: number, current: number): number {
  return current * 4 <= window ? current : Math.max(1, roundDown2(window / 8));
}

/**
 * The largest keep-recent an offer keeps as it is, and the rule that sets it:
 * a quarter of window − reserve (normalization's own cap), or, with a part no
 * compaction touches, a quarter of what it may touch, so there is a cut.
 */
function keepCeiling(window: number, reserve: number, context: number, fixed: number) {
  const quarter = Math.floor((window - reserve) / 4);
  const touchable = context - fixed;
  const tailCap = fixed > 0 ? roundDown2(touchable / 4) : Infinity;
  const n = formatCount;
  return tailCap < quarter
    ? { max: tailCap, rule: `a quarter of the ${n(touchable)} tokens compaction may touch` }
    : {
        max: quarter,
        rule: `a quarter of window − reserve (${n(window)} − ${n(reserve)}) / 4 = ${n(quarter)}`,
      };
}

/**
 * Why an offer's keep-recent is not the one in force, or null when it is the
 * same: "keep recent 30,000" beside a field that reads 45,141 is a silent
 * change unless it says which cap lowered it.
 */
export function keepRecentNote(
  contextTokens: number,
  current: Pick<Settings, 'keepRecentTokens'>,
  found: FiringWindow,
  fixedTokens = 0,
): string | null {
  if (found.keepRecentTokens === current.keepRecentTokens) return null;
  const context = Math.floor(contextTokens);
  const fixed = Math.max(0, Math.min(context, Math.floor(fixedTokens)));
  const { rule } = keepCeiling(found.maxContextTokens, found.reserveTokens, context, fixed);
  const n = formatCount;
  return `not the ${n(current.keepRecentTokens)} in force: that is over ${rule}, so the offer rounds that down`;
}

/** The chosen strategy's trigger under `current` with another window, reserve and keep-recent. */
export function triggerWith(
  current: Settings,
  found: FiringWindow,
): { trigger: Trigger; own: number | null } {
  const settings = normalizeSettings({ ...current, ...found });
  const trigger = strategyTrigger(settings);
  const own = isCutStrategy(settings.strategy)
    ? settings.maxContextTokens - settings.reserveTokens
    : formulaThreshold(settings.strategy, settings.maxContextTokens, settings.harness);
  return { trigger, own };
}

/** The largest window any search starts from. */
const MAX_WINDOW = 100_000_000;

/**
 * The largest round window under which the chosen strategy's own threshold
 * rule fires for `contextTokens` (the cut rules' window − reserve, Claude
 * Code's window − reply − buffer, Codex's 90%, Gemini CLI's share), with a
 * reserve that fits it and a keep-recent within a quarter of window −
 * reserve (so normalization leaves it as it is, and the kept tail is well
 * under the context: there is something to summarize). The largest, so the
 * picture is the one a real session shows the moment compaction fires.
 *
 * Null when no window can do it: for a preset whose threshold is not a
 * formula of the window (`triggerThatFires` answers the Anthropic API's;
 * masking acts at every call); when the first window that fires would need
 * the rule's formula below 1 (the trigger's floor of 1 is not a threshold
 * anyone set, and "threshold 1" fires for anything); and, for the cut rules,
 * when the kept tail and the smallest summary (1,024 tokens) would not fit
 * under the threshold, so the result would overflow the window it was made for.
 */
export function windowThatFires(
  contextTokens: number,
  current: Settings,
  /**
   * Tokens of the context no compaction touches: what the provider counts
   * that the file does not explain (system prompt, tools) and the framing.
   * The verdict counts them, so the window is found for the whole context;
   * the kept tail and the summary must fit beside them under the threshold.
   */
  fixedTokens = 0,
): FiringWindow | null {
  const context = Math.floor(contextTokens);
  const fixed = Math.max(0, Math.min(context, Math.floor(fixedTokens)));
  const strategy = current.strategy;
  if (!isCutStrategy(strategy) && formulaThreshold(strategy, 1, current.harness) === null) return null;
  const candidate = (window: number): FiringWindow => {
    const reserve = reserveFor(window, current.reserveTokens);
    const quarter = keepCeiling(window, reserve, context, fixed).max;
    const keepRecent = current.keepRecentTokens <= quarter ? current.keepRecentTokens : roundDown2(quarter);
    return { maxContextTokens: window, reserveTokens: reserve, keepRecentTokens: keepRecent };
  };
  // A start above any window that fires: the cut rules' threshold is at least 7/8 of the window,
  // or the window less the current reserve; a preset's may sit far lower (Claude Code's holds back
  // 33,000), so the start doubles until its threshold is above the context.
  let window = roundDown2(Math.max(2 * context, context + current.reserveTokens));
  while (window < MAX_WINDOW && triggers(triggerWith(current, candidate(window)).trigger, context)) {
    window = roundDown2(Math.min(MAX_WINDOW, window * 2));
  }
  for (; window > 1; window = previousRound(window)) {
    const found = candidate(window);
    const { trigger, own } = triggerWith(current, found);
    if (!triggers(trigger, context)) continue;
    if (own === null || own < 1) return null;
    if (found.keepRecentTokens < 1) return null;
    const kept = isCutStrategy(strategy) ? found.keepRecentTokens : 0;
    if (isCutStrategy(strategy) && found.keepRecentTokens + MIN_SUMMARY_TOKENS > own) return null;
    if (fixed === 0) return found;
    // What the compacted context holds: the untouched part, the kept tail, the summary. Under the
    // threshold, or the offer would fire into an overflow: a smaller summary cap, or no offer.
    const room = own - fixed - kept - 1;
    if (room < MIN_SUMMARY_TOKENS) return null;
    const budget = summaryBudget(normalizeSettings({ ...current, ...found }));
    const cap = roundDown2(room) >= MIN_SUMMARY_TOKENS ? roundDown2(room) : room;
    return budget <= room ? found : { ...found, maxSummaryTokens: cap };
  }
  return null;
}

/**
 * For the Anthropic API's clearing, whose trigger is its own parameter and not
 * a share of any window: the largest round trigger the context exceeds. Null
 * for an empty context, which no trigger of at least 0 is below.
 */
export function triggerThatFires(contextTokens: number): number | null {
  const context = Math.floor(contextTokens);
  if (context < 1) return null;
  return roundDown2(context - 1);
}
