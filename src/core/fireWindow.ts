/**
 * Most real transcripts sit far below a real model's threshold, so nothing
 * would be compacted and there is no cut to look at. This finds settings
 * under which the transcript just crosses the threshold, as if its context
 * had grown until compaction fired.
 */
import { MIN_SUMMARY_TOKENS, type Settings } from './settings';

/** The three settings that decide whether and where compaction cuts. */
export interface FiringWindow {
  maxContextTokens: number;
  reserveTokens: number;
  keepRecentTokens: number;
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
 * The largest round window whose threshold is below `contextTokens`, with a
 * reserve that fits it and a keep-recent within a quarter of window −
 * reserve (so normalization leaves it as it is, and the kept tail is well
 * under the context: there is something to summarize). The largest, so the
 * picture is the one a real session shows the moment compaction fires.
 *
 * Null when the context is too small for any compaction to pay off: the
 * kept tail and the smallest summary (1,024 tokens) would not fit under the
 * threshold, and the result would overflow the window it was made for.
 */
export function windowThatFires(contextTokens: number, current: Settings): FiringWindow | null {
  const context = Math.floor(contextTokens);
  // A start above any window that could fire: the threshold is at least 7/8 of the window,
  // or the window less the current reserve.
  let window = roundDown2(Math.max(2 * context, context + current.reserveTokens));
  for (; window > 1; window = previousRound(window)) {
    const reserve = reserveFor(window, current.reserveTokens);
    const threshold = window - reserve;
    if (threshold >= context) continue;
    const quarter = Math.floor(threshold / 4);
    const keepRecent = current.keepRecentTokens <= quarter ? current.keepRecentTokens : roundDown2(quarter);
    if (keepRecent < 1 || keepRecent + MIN_SUMMARY_TOKENS > threshold) return null;
    return { maxContextTokens: window, reserveTokens: reserve, keepRecentTokens: keepRecent };
  }
  return null;
}
