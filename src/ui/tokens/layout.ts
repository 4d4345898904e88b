/**
 * The strip's vertical lanes, top to bottom: one row per stacked marker label,
 * the cut line's tab, the bars, and a bottom lane for the keep-recent tab and
 * the selected message's pointer. The canvas and every element laid over it
 * take their tops and bottoms from here, so the two cannot drift apart.
 */

/** Height of one row of marker labels. */
export const MARKER_ROW = 16;
/** Room for the cut line's tab between the labels and the bars. */
export const CUT_ROW = 20;
/** Below the bars: the keep-recent tab and the selected message's pointer. */
export const BOTTOM_LANE = 26;

/** The band the bars grow in, below `labelRows` rows of marker labels, in a strip `height` tall. */
export function plotBand(labelRows: number, height: number): { plotTop: number; plotBottom: number } {
  const plotTop = labelRows * MARKER_ROW + CUT_ROW;
  return { plotTop, plotBottom: Math.max(plotTop + 10, height - BOTTOM_LANE) };
}
