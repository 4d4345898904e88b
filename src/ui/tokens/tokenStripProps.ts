/** What the token strip is given: the transcript's bars, the settings' cut and handle, the callbacks. */
import type { Role } from '../../core/message';
import type { Fate } from '../../core/fates';
import type { CutIndex } from '../../core/cutPoint';
import type { Clearing } from '../../core/harness/preset';
import type { Strategy } from '../../core/settings';
import type { StrategyMarker } from './markerPlacement';
import type { CutFor, KeepCap } from './stops';

export interface TokenStripProps {
  /** Per message. */
  roles: readonly Role[];
  /** Tokens per message. */
  counts: ArrayLike<number>;
  /** Summary messages are drawn in their own colour. */
  isSummary: readonly boolean[];
  /** What the current strategy does to each message. */
  fates: readonly Fate[];
  /** The chosen strategy fires; else the fates are what would happen, striped and named "would". */
  fires: boolean;
  /** Messages the strategy clears in place: drawn at their new size, the old one outlined. */
  cleared?: readonly Clearing[];
  /** Ranges left out of the summarizer input (shaded). */
  omitted?: readonly { from: number; to: number }[];
  index: CutIndex;
  /** First message compaction may touch (after the system prompt / newest summary). */
  start: number;
  keepRecent: number;
  /** The largest budget that applies, and what sets it (stops.ts). */
  keepCap: KeepCap;
  /**
   * The user moved the handle, or the cut line (then the budget is the tail
   * from the new cut). Always a value that applies as it is: within the cap.
   */
  onKeepRecentChange(tokens: number): void;
  /** The current cut: the first kept message (`start` when nothing is compacted). */
  firstKeptIdx: number;
  /** Where the current strategy cuts for a budget, the same way `firstKeptIdx` was found. */
  cutFor: CutFor;
  /** The current strategy, for the notes that say why the cut stops. */
  strategy: Strategy;
  /** Where the other strategies would cut. */
  markers: readonly StrategyMarker[];
  selected: number | null;
  onSelect(index: number): void;
  /** First line of each message, for the hover tooltip. */
  previews: readonly string[];
  /** Height of the drawing area in CSS pixels (the toolbar comes on top). */
  height?: number;
  /** Start with square-root bar heights. */
  defaultSqrt?: boolean;
  /** Called after each canvas frame with its drawing time in ms (for benchmarks). */
  onFrameDrawn?(ms: number): void;
}
