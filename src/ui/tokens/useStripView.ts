/** The strip's zoomed view of the messages, and the bars folded into the plot's pixel columns for it. */
import { useMemo, useState, type RefObject } from 'react';
import type { Role } from '../../core/message';
import type { Clearing } from '../../core/harness/preset';
import { buildBins } from './bins';
import { clearedOutlines, countsAfterClearing } from './cleared';
import { useWheelZoom } from './useWheelZoom';
import type { View } from './view';
import { MIN_SPAN, clampView, panView, zoomView } from './view';

/** The zoom (the wheel, the buttons around the cut), and a pan to a message selected outside it. */
export function useStripView(
  plotRef: RefObject<HTMLDivElement | null>,
  n: number,
  selected: number | null,
  firstKeptIdx: number,
) {
  const [zoom, setZoom] = useState<View | null>(null);
  const view = useMemo(() => clampView(zoom, n, MIN_SPAN), [zoom, n]);
  useWheelZoom(plotRef, n, zoom, setZoom);

  // A message selected elsewhere (a row of the list) outside the zoomed view
  // pans the view to it, so its bar is highlighted where the user can see it.
  const [shownSelection, setShownSelection] = useState(selected);
  if (selected !== shownSelection) {
    setShownSelection(selected);
    if (selected !== null && zoom && (selected < view.from || selected >= view.to)) {
      setZoom(panView(view, n, selected + 0.5 - (view.from + view.to) / 2));
    }
  }

  const zoomBy = (factor: number) => {
    const v = clampView(zoom, n, MIN_SPAN);
    // Buttons zoom around the cut, the place one usually wants to inspect.
    const anchor = Math.min(v.to, Math.max(v.from, firstKeptIdx));
    setZoom(zoomView(v, n, anchor, factor, MIN_SPAN));
  };
  return { view, setZoom, zoomBy };
}

/** The bars per pixel column, redone only when the messages, the clearing, the view or the width change. */
export function useStripBins(
  roles: readonly Role[],
  counts: ArrayLike<number>,
  isSummary: readonly boolean[],
  cleared: readonly Clearing[],
  view: View,
  width: number,
  dpr: number,
) {
  const columns = Math.max(1, Math.floor(width * dpr));
  // Bars show what is sent: a cleared message at its placeholder's size, its old height outlined.
  const sent = useMemo(() => countsAfterClearing(counts, cleared), [counts, cleared]);
  const folded = useMemo(
    () => buildBins(roles, sent, isSummary, view, width, columns),
    [roles, sent, isSummary, view, width, columns],
  );
  const outlines = useMemo(() => clearedOutlines(folded, cleared), [folded, cleared]);
  const bins = useMemo(
    () => (outlines.max > folded.max ? { ...folded, max: outlines.max } : folded),
    [folded, outlines],
  );
  const clearingOf = useMemo(() => new Map(cleared.map((c) => [c.index, c])), [cleared]);
  return { bins, outlines, clearingOf };
}
