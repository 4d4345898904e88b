/**
 * The fate bands under the bars: what the current strategy does to each
 * message (kept, summarized, turn prefix…), grouped into runs of consecutive
 * messages with the same fate. A transcript of 50,000 messages has a handful
 * of runs, so the canvas paints a few rectangles instead of one per message,
 * and the runs are computed once per fate change rather than per frame.
 */
import type { Fate } from '../../core/fates';

export interface FateRun {
  fate: Fate;
  from: number;
  to: number;
}

/** Consecutive messages with the same fate, as ranges: a few rectangles instead of one per message. */
export function fateRuns(fates: readonly Fate[]): FateRun[] {
  const runs: FateRun[] = [];
  for (let i = 0; i < fates.length;) {
    let j = i + 1;
    while (j < fates.length && fates[j] === fates[i]) j++;
    runs.push({ fate: fates[i], from: i, to: j });
    i = j;
  }
  return runs;
}
