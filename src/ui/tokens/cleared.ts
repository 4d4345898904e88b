/**
 * Messages a strategy clears in place, on the strip: the bar shows what is
 * left (the placeholder's tokens), and the height it had before is outlined
 * above it, so the eye sees both what is sent and what clearing saved. Pure
 * functions over the bins, built once per data, zoom or width like the bins.
 */
import type { Clearing } from '../../core/harness/preset';
import { fmt } from '../format';
import type { Bins } from './bins';

/** The counts as sent after clearing; the same object when nothing is cleared, so folding is not redone. */
export function countsAfterClearing(
  counts: ArrayLike<number>,
  cleared: readonly Clearing[],
): ArrayLike<number> {
  if (cleared.length === 0) return counts;
  const out = Float64Array.from(counts as ArrayLike<number>);
  for (const c of cleared) if (c.index >= 0 && c.index < out.length) out[c.index] = c.tokensAfter;
  return out;
}

export interface ClearedOutlines {
  /** Per bin: the largest count a cleared message in it had before clearing; 0 for bins with none. */
  before: Float64Array;
  /** The largest of them: the strip's scale must reach it, or the outline would be cut off. */
  max: number;
  /** Bins holding at least one cleared message. */
  count: number;
}

const NONE: ClearedOutlines = { before: new Float64Array(0), max: 0, count: 0 };

/**
 * Where the outlines go: each cleared message's old count, in the bin that
 * holds it. Both lists ascend, so one walk over them suffices.
 */
export function clearedOutlines(bins: Bins, cleared: readonly Clearing[]): ClearedOutlines {
  if (cleared.length === 0 || bins.size === 0) return NONE;
  const before = new Float64Array(bins.size);
  let max = 0;
  let count = 0;
  let b = 0;
  for (const c of cleared) {
    if (c.index < bins.first[0] || c.index >= bins.end[bins.size - 1]) continue;
    while (b < bins.size && bins.end[b] <= c.index) b++;
    if (b >= bins.size) break;
    if (before[b] === 0) count++;
    if (c.tokensBefore > before[b]) before[b] = c.tokensBefore;
    if (c.tokensBefore > max) max = c.tokensBefore;
  }
  return { before, max, count };
}

/** What the hover line adds for a cleared message. */
export function clearedNote(clearing: Clearing | undefined): string {
  return clearing ? ` · cleared: ${fmt(clearing.tokensBefore)} → ${fmt(clearing.tokensAfter)} tokens` : '';
}

/** What a screen reader hears about the clearing, with the strip's summary. */
export function clearedSummary(cleared: readonly Clearing[]): string {
  if (cleared.length === 0) return '';
  let before = 0;
  let after = 0;
  for (const c of cleared) {
    before += c.tokensBefore;
    after += c.tokensAfter;
  }
  const what = cleared.length === 1 ? 'message' : 'messages';
  return `${fmt(cleared.length)} ${what} cleared in place, ${fmt(before)} tokens down to ${fmt(after)}`;
}
