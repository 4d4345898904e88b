/**
 * The token view: one bar per message on a canvas, with the keep-recent
 * handle, the cut line and the other strategies' cuts laid over it as real
 * elements, so they can take focus, pointer capture and aria values.
 *
 * The parent owns every value; the strip only reports what the user asked
 * for (a budget, a cut, a message). For a cheap drag, keep `roles`, `counts`
 * and `isSummary` the same objects between renders: the per-column folding is
 * redone only when they, the width or the zoom change.
 */
import { useMemo, useState } from 'react';
import type { PointerEvent } from 'react';
import type { Role } from '../../core/message';
import type { Fate } from '../../core/fates';
import type { CutIndex } from '../../core/cutPoint';
import type { Clearing } from '../../core/harness/clearing';
import { fmt } from '../format';
import { binAtX, buildBins } from './bins';
import { clearedNote, clearedOutlines, clearedSummary, countsAfterClearing } from './cleared';
import { fateRuns } from './fateRuns';
import { cutValueText, stripSummary, tooltipText } from './labels';
import { BOTTOM_LANE, MARKER_ROW, plotBand } from './layout';
import type { StrategyMarker } from './markerPlacement';
import { placeMarkers } from './markerPlacement';
import { keepRecentAtX, positionForTail, snapCut, stepCut, stepKeepRecent } from './sliders';
import { StrategyMarkers } from './StrategyMarkers';
import { StripCanvas } from './StripCanvas';
import type { Hover } from './StripHover';
import { StripHover } from './StripHover';
import { StripSlider } from './StripSlider';
import { StripToolbar } from './StripToolbar';
import { useElementWidth } from './useElementWidth';
import { useWheelZoom } from './useWheelZoom';
import type { View } from './view';
import { MIN_SPAN, boundaryAtX, clampView, xOfBoundary, zoomView } from './view';
import './tokenStrip.css';

export interface TokenStripProps {
  /** Per message. */
  roles: readonly Role[];
  /** Tokens per message. */
  counts: ArrayLike<number>;
  /** Summary messages are drawn in their own colour. */
  isSummary: readonly boolean[];
  /** What the current strategy does to each message. */
  fates: readonly Fate[];
  /** Messages the strategy clears in place: drawn at their new size, the old one outlined. */
  cleared?: readonly Clearing[];
  /** Ranges left out of the summarizer input (shaded). */
  omitted?: readonly { from: number; to: number }[];
  index: CutIndex;
  /** First message compaction may touch (after the system prompt / newest summary). */
  start: number;
  keepRecent: number;
  maxKeepRecent: number;
  onKeepRecentChange(tokens: number): void;
  /** The current cut: the first kept message. */
  firstKeptIdx: number;
  /** The user moved the cut line to a legal boundary. */
  onCutChange(firstKeptIdx: number): void;
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

const NO_OMITTED: readonly { from: number; to: number }[] = [];
const NO_CLEARED: readonly Clearing[] = [];

/** x within the plot of a pointer event on the plot itself. */
const plotX = (e: { clientX: number; currentTarget: Element }) =>
  e.clientX - e.currentTarget.getBoundingClientRect().left;

export function TokenStrip(props: TokenStripProps) {
  const {
    roles,
    counts,
    isSummary,
    fates,
    cleared = NO_CLEARED,
    omitted = NO_OMITTED,
    index,
    start,
    keepRecent,
    maxKeepRecent,
    onKeepRecentChange,
    firstKeptIdx,
    onCutChange,
    markers,
    selected,
    onSelect,
    previews,
    height = 180,
    defaultSqrt = false,
    onFrameDrawn,
  } = props;
  const n = roles.length;
  const [plotRef, { width, dpr }] = useElementWidth();
  const [sqrt, setSqrt] = useState(defaultSqrt);
  const [zoom, setZoom] = useState<View | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const view = useMemo(() => clampView(zoom, n, MIN_SPAN), [zoom, n]);
  useWheelZoom(plotRef, n, zoom, setZoom);

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
  const runs = useMemo(() => fateRuns(fates), [fates]);
  const placed = useMemo(() => placeMarkers(markers, view, width), [markers, view, width]);
  const { plotTop, plotBottom } = plotBand(placed.rows, height);

  const keepXRaw = xOfBoundary(view, width, positionForTail(index, keepRecent));
  const keepX = Math.min(width, Math.max(0, keepXRaw));
  const cutXRaw = xOfBoundary(view, width, firstKeptIdx);
  const cutX = Math.min(width, Math.max(0, cutXRaw));

  const zoomBy = (factor: number) => {
    const v = clampView(zoom, n, MIN_SPAN);
    // Buttons zoom around the cut, the place one usually wants to inspect.
    const anchor = Math.min(v.to, Math.max(v.from, firstKeptIdx));
    setZoom(zoomView(v, n, anchor, factor, MIN_SPAN));
  };

  const messageUnder = (x: number): number => {
    const b = binAtX(bins, x);
    return b < 0 ? -1 : bins.peakIdx[b];
  };

  const total = index.suffix[0] ?? 0;
  const cut = Math.min(Math.max(0, firstKeptIdx), n);
  const keptAfterCut = index.suffix[cut] ?? 0;

  const hovered = hover && hover.index >= 0 && hover.index < n ? hover : null;
  const tooltip = hovered
    ? tooltipText(
        hovered.index,
        roles[hovered.index],
        isSummary[hovered.index] === true,
        counts[hovered.index],
        previews[hovered.index] ?? '',
      ) + clearedNote(clearingOf.get(hovered.index))
    : '';

  return (
    <div className="token-strip">
      <StripToolbar
        sqrt={sqrt}
        onSqrtChange={setSqrt}
        view={view}
        n={n}
        tallest={bins.max}
        onZoomBy={zoomBy}
        onZoomChange={setZoom}
      />
      <div
        ref={plotRef}
        className="token-strip__plot"
        style={{ height }}
        onPointerMove={(e: PointerEvent<HTMLDivElement>) => {
          if (e.pointerType === 'touch' && e.buttons) return;
          const x = plotX(e);
          setHover({ index: messageUnder(x), x });
        }}
        onPointerLeave={() => setHover(null)}
        onClick={(e) => {
          const i = messageUnder(plotX(e));
          if (i >= 0) onSelect(i);
        }}
      >
        <StripCanvas
          width={width}
          height={height}
          dpr={dpr}
          plotTop={plotTop}
          plotBottom={plotBottom}
          view={view}
          bins={bins}
          sqrt={sqrt}
          runs={runs}
          omitted={omitted}
          selected={selected}
          keepX={keepXRaw}
          outlines={outlines}
          onFrameDrawn={onFrameDrawn}
        />

        <StrategyMarkers items={placed.items} />

        <StripSlider
          className="token-strip__cut"
          offscreen={cutXRaw !== cutX}
          testId="cut-line"
          label="Cut point (first kept message)"
          min={start}
          max={n}
          value={firstKeptIdx}
          valueText={cutValueText(cut, roles, keptAfterCut)}
          title="Cut point: drag to a message boundary. ← → previous / next legal cut, Page Up / Down ±10 messages, Home / End first / last"
          x={cutX}
          place={{ top: placed.rows * MARKER_ROW, bottom: BOTTOM_LANE - 4 }}
          onStep={(key) => {
            const next = stepCut(index, start, firstKeptIdx, key);
            if (next !== firstKeptIdx) onCutChange(next);
          }}
          onDrag={(x) => {
            const next = snapCut(index, start, boundaryAtX(view, width, x));
            if (next !== firstKeptIdx) onCutChange(next);
          }}
          onGrab={() => setHover(null)}
        >
          <span className={`token-strip__cut-tab${cutX > width - 90 ? ' is-flipped' : ''}`}>
            {cut >= n ? 'cut: end' : `cut #${cut}`}
          </span>
        </StripSlider>

        <StripSlider
          className="token-strip__keep"
          offscreen={keepXRaw !== keepX}
          testId="keep-recent-handle"
          label="Keep-recent budget"
          min={0}
          max={maxKeepRecent}
          value={keepRecent}
          valueText={`${fmt(keepRecent)} tokens kept`}
          title="Keep-recent budget: drag left to keep more. ← or ↑ keep more, → or ↓ keep less (1%), Page Up / Down ±10%, Home 0, End maximum"
          x={keepX}
          place={{ top: plotTop - 4 }}
          onStep={(key) => {
            const next = stepKeepRecent(keepRecent, maxKeepRecent, key);
            if (next !== keepRecent) onKeepRecentChange(next);
          }}
          onDrag={(x) => {
            const next = keepRecentAtX(index, view, width, x, maxKeepRecent);
            if (next !== keepRecent) onKeepRecentChange(next);
          }}
          onGrab={() => setHover(null)}
        >
          <span className={`token-strip__keep-tab${keepX > width - 110 ? ' is-flipped' : ''}`}>
            budget {fmt(keepRecent)}
          </span>
        </StripSlider>

        <StripHover
          hover={hovered}
          bins={bins}
          text={tooltip}
          plotTop={plotTop}
          plotBottom={plotBottom}
          width={width}
        />
      </div>
      <p className="visually-hidden" data-testid="token-strip-summary">
        {stripSummary(n, total, cut, keptAfterCut)}
      </p>
      {cleared.length > 0 && (
        <p className="visually-hidden" data-testid="strip-cleared" data-count={cleared.length}>
          {clearedSummary(cleared)}
        </p>
      )}
    </div>
  );
}
