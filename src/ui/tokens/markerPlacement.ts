/**
 * Where the other strategies' cuts go on the strip: each marker's x, its
 * label's text and left edge (flipped to the left of its line near the right
 * edge), and the row its label stacks into so that no two overlap. Labels are
 * sized by a glyph-width estimate instead of by measuring the DOM, so placement
 * is a pure function of the markers, the view and the width, and the strip
 * knows how many label rows to leave above the bars before anything renders.
 */
import type { Strategy } from '../../core/settings';
import { markerLabel } from './labels';
import type { View } from './view';
import { xOfBoundary } from './view';

/** Where another strategy would cut, and what it would leave. */
export interface StrategyMarker {
  strategy: Strategy;
  firstKeptIdx: number;
  tokensAfter: number;
  nothingToCompact: boolean;
}

/** A marker in view, with its line's x and its label's text, left edge, width and row. */
export interface PlacedMarker {
  marker: StrategyMarker;
  x: number;
  text: string;
  w: number;
  left: number;
  row: number;
}

/** Label width without measuring the DOM: 11 px system font averages under 6.4 px a glyph. */
const labelWidth = (text: string) => text.length * 6.4 + 10;

/**
 * Stacks labels into rows so none overlaps another: each goes into the first
 * row whose last label ends before it starts. Returns the row of each label,
 * in the input order.
 */
export function labelRows(
  lefts: readonly number[],
  widths: readonly number[],
  gap = 6,
): { rows: number[]; count: number } {
  const order = lefts.map((_, i) => i).sort((a, b) => lefts[a] - lefts[b] || a - b);
  const rowEnds: number[] = [];
  const rows = new Array<number>(lefts.length).fill(0);
  for (const i of order) {
    let r = rowEnds.findIndex((e) => e + gap <= lefts[i]);
    if (r < 0) r = rowEnds.push(0) - 1;
    rowEnds[r] = lefts[i] + widths[i];
    rows[i] = r;
  }
  return { rows, count: rowEnds.length };
}

/** The markers in view with their lines and stacked labels, and how many label rows they take. */
export function placeMarkers(
  markers: readonly StrategyMarker[],
  view: View,
  width: number,
): { items: PlacedMarker[]; rows: number } {
  const items = markers.map((m) => {
    const x = xOfBoundary(view, width, m.firstKeptIdx);
    const text = markerLabel(m.strategy, m.tokensAfter, m.nothingToCompact);
    const w = labelWidth(text);
    // Labels flip to the left of their line near the right edge rather than spill out.
    const left = x + w + 3 > width ? Math.max(0, x - w - 3) : x + 3;
    return { marker: m, x, text, w, left, visible: x >= 0 && x <= width };
  });
  // Only the labels in view take rows: a zoom should not leave empty lanes on top.
  const shown = items.filter((p) => p.visible);
  const { rows, count } = labelRows(
    shown.map((p) => p.left),
    shown.map((p) => p.w),
  );
  return { items: shown.map((p, i) => ({ ...p, row: rows[i] })), rows: count };
}
