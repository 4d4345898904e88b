/** Why a replay made no compaction although its context reached the threshold, in words. */

/**
 * Why a replay made no compaction with its peak at or past its threshold:
 * compaction is off; each cut it planned would not shorten the context (its
 * summary as long as what it replaces); it only cleared in place; it found
 * nothing to compact; or its own rule declined each time.
 */
export interface ReplayNoCompaction {
  reason: 'off' | 'summary-not-shorter' | 'clears-only' | 'nothing-to-compact' | 'declined';
  /** Calls before which the context met the trigger. */
  asks: number;
  /** The most tokens one of its planned cuts would have replaced (summary-not-shorter), else 0. */
  replacedTokens: number;
  /** The summary's size at that cut (its budget, or the summarizer's output), else 0. */
  summaryTokens: number;
  /** Its trigger is met at every call (masking): it has no threshold to reach. */
  everyCall: boolean;
  /** The reason in a sentence, for the page's row and the command line. */
  text: string;
}

const count = (value: number, one: string) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : `${one}s`}`;

/** The sentence of a `ReplayNoCompaction`. */
export function describeNoCompaction(
  reason: ReplayNoCompaction['reason'],
  asks: number,
  replacedTokens: number,
  summaryTokens: number,
  everyCall = false,
): string {
  const at = everyCall
    ? `at each of its ${count(asks, 'call')} (it acts at every call)`
    : `at the ${count(asks, 'call')} where the context reached its threshold`;
  switch (reason) {
    case 'off':
      return 'compaction is off (a window of 0), so the threshold is never checked';
    case 'summary-not-shorter':
      return `${at}, each cut it planned would replace at most ${count(replacedTokens, 'token')}, and its summary would be as long (${count(summaryTokens, 'token')}): no cut makes the context shorter, so it never compacts`;
    case 'clears-only':
      return `${at}, it cleared tool output in place and found nothing to summarize`;
    case 'nothing-to-compact':
      return `${at}, it found nothing to compact (everything after the start is kept by its own rule)`;
    case 'declined':
      return `${at}, its own rule did not fire`;
  }
}
