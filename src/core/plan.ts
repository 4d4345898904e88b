/**
 * A cut as ranges: where compaction may start, what is summarized and what is
 * kept. The cut rules (`prepare.ts`) and the presets (`harness/`) both
 * produce one.
 */
import type { CutPoint } from './cutPoint';

/** A half-open range of message indices. */
export interface Range {
  from: number;
  to: number;
}

/** Where compaction may start, and the summary that came before it. */
export interface Boundary {
  /** First index compaction may touch. */
  start: number;
  /** The newest summary message before `start`, or −1. */
  summaryIdx: number;
  /**
   * Every message after that summary is one its compaction kept: nothing
   * came since. The `pi` strategy then compacts nothing, as pi answers
   * "Already compacted".
   */
  alreadyCompacted?: boolean;
}

/** The cut and the ranges around it, cheap enough to recompute on every drag. */
export interface CompactionPlan extends Boundary, CutPoint {
  /** `[start, historyEnd)`: summarized into the history summary. */
  history: Range;
  /** `[turnStartIdx, firstKeptIdx)` of a split turn: summarized on its own. */
  turnPrefix: Range | null;
  /** Both ranges are empty: a summarization call could not shrink anything. */
  nothingToCompact: boolean;
}

/** A plan that keeps everything from `firstKeptIdx` and summarizes from the boundary up to it. */
export function planKeepingFrom(boundary: Boundary, firstKeptIdx: number): CompactionPlan {
  const history = { from: boundary.start, to: Math.max(boundary.start, firstKeptIdx) };
  return {
    ...boundary,
    firstKeptIdx: Math.max(boundary.start, firstKeptIdx),
    turnStartIdx: -1,
    isSplitTurn: false,
    history,
    turnPrefix: null,
    nothingToCompact: history.to <= history.from,
  };
}
