/**
 * Compaction loops: the agent compacts, makes a call or two, and compacts
 * again, because the summary and what it kept leave no room for the work.
 * Each round summarizes the previous summary again and pays for another
 * summary call while the task stands still.
 */

/** A loop needs at least this many compactions in a row… */
export const LOOP_MIN_COMPACTIONS = 3;
/** …each followed by fewer than this many calls before the next. */
export const LOOP_MAX_CALLS = 3;

export interface CompactionLoop {
  /** Index of its first and last compaction. */
  from: number;
  to: number;
  compactions: number;
  /** Model calls after its compactions, each up to the next compaction. */
  calls: number;
  /** Tokens that its compactions after the first summarized again: what the one before had written. */
  tokensSummarizedAgain: number;
  /** What its compactions cost in USD, or null without a price. */
  usd: number | null;
}

interface Step {
  callsUntilNext: number;
  cost: { usd: number | null };
}

/**
 * Runs of compactions each followed by fewer than `LOOP_MAX_CALLS` calls
 * before the next (or before the end: a session that stops inside a loop
 * ends in one). `againAt(k)` is what compaction `k` summarized of what
 * compaction `k − 1` wrote, in tokens.
 */
export function findLoops(steps: readonly Step[], againAt: (k: number) => number): CompactionLoop[] {
  const loops: CompactionLoop[] = [];
  let start = 0;
  for (let k = 0; k <= steps.length; k++) {
    if (k < steps.length && steps[k]!.callsUntilNext < LOOP_MAX_CALLS) continue;
    if (k - start >= LOOP_MIN_COMPACTIONS) loops.push(loopOf(steps, start, k - 1, againAt));
    start = k + 1;
  }
  return loops;
}

function loopOf(
  steps: readonly Step[],
  from: number,
  to: number,
  againAt: (k: number) => number,
): CompactionLoop {
  let calls = 0;
  let again = 0;
  let usd: number | null = 0;
  for (let k = from; k <= to; k++) {
    calls += steps[k]!.callsUntilNext;
    if (k > from) again += againAt(k);
    const cost = steps[k]!.cost.usd;
    usd = usd === null || cost === null ? null : usd + cost;
  }
  return { from, to, compactions: to - from + 1, calls, tokensSummarizedAgain: again, usd };
}
