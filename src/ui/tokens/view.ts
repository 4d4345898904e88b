/**
 * Which messages the strip shows, and where each one sits: the visible range
 * of message indices (the zoom) and the mapping between a message boundary and
 * an x in CSS pixels. The bins, the sliders, the markers and the hover all
 * place themselves through these few functions, so a zoom or a pan moves
 * everything at once and nothing can disagree about where message i is.
 */

/** The visible half-open range of message indices; whole messages, so columns never split one. */
export interface View {
  from: number;
  to: number;
}

/** Zooming in stops at this many messages across the strip. */
export const MIN_SPAN = 20;

/** The whole transcript, or a single empty slot for an empty one (a view is never zero wide). */
export function fullView(n: number): View {
  return { from: 0, to: Math.max(1, n) };
}

/** Repairs a stored view against the current transcript length (it may have shrunk since). */
export function clampView(view: View | null, n: number, minSpan = 1): View {
  const all = fullView(n);
  if (!view) return all;
  const span = Math.min(all.to, Math.max(minSpan, Math.round(view.to - view.from)));
  const from = Math.min(Math.max(0, Math.round(view.from)), all.to - span);
  return { from, to: from + span };
}

export function isFullView(view: View, n: number): boolean {
  return view.from <= 0 && view.to >= Math.max(1, n);
}

/** x of the left edge of message boundary `i` (a fractional `i` lands inside a message). */
export function xOfBoundary(view: View, width: number, i: number): number {
  return ((i - view.from) * width) / (view.to - view.from);
}

/** The boundary position (in messages, fractional) under x, clamped to the view. */
export function boundaryAtX(view: View, width: number, x: number): number {
  const span = view.to - view.from;
  const p = view.from + (width > 0 ? (x * span) / width : 0);
  return Math.min(view.to, Math.max(view.from, p));
}

/**
 * Scales the view by `factor` (< 1 zooms in) around the message position
 * `anchor`, which stays under the pointer. Never narrower than `minSpan`
 * messages nor wider than the transcript.
 */
export function zoomView(view: View, n: number, anchor: number, factor: number, minSpan: number): View {
  const all = fullView(n);
  const span = view.to - view.from;
  const next = Math.min(all.to, Math.max(Math.min(minSpan, all.to), Math.round(span * factor)));
  if (next === span) return view;
  const t = span > 0 ? (anchor - view.from) / span : 0.5;
  const from = Math.round(anchor - t * next);
  return clampView({ from, to: from + next }, n, 1);
}

/** Moves the view by `delta` messages, stopping at either end. */
export function panView(view: View, n: number, delta: number): View {
  return clampView({ from: view.from + Math.round(delta), to: view.to + Math.round(delta) }, n, 1);
}
