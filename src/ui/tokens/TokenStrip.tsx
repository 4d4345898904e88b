/**
 * The token view: one bar per message on a canvas, with the keep-recent
 * handle, the cut line and the other strategies' cuts laid over it as real
 * elements, so they can take focus, pointer capture and aria values.
 *
 * The parent owns every value; the strip reports what the user asked for as
 * a value that applies (a budget within its ceiling, the budget that makes
 * the cut the strategy will really take, a message), and says at the pointer
 * why a slider stopped short of where it was pushed. For a cheap drag, keep
 * `roles`, `counts` and `isSummary` the same objects between renders: the
 * per-column folding is redone only when they, the width or the zoom change.
 */
import { useMemo, useState } from 'react';
import type { PointerEvent } from 'react';
import type { Role } from '../../core/message';
import type { Fate } from '../../core/fates';
import type { CutIndex } from '../../core/cutPoint';
import type { Clearing } from '../../core/harness/preset';
import { isCutStrategy, type Strategy } from '../../core/settings';
import { binAtX, buildBins } from './bins';
import { clearedNote, clearedOutlines, clearedSummary, countsAfterClearing } from './cleared';
import { fateRuns } from './fateRuns';
import {
  cutHoverText,
  cutStopText,
  cutValueText,
  keepHoverText,
  keepTabText,
  keepValueText,
  keepStopText,
  stripSummary,
  tooltipText,
} from './labels';
import { BOTTOM_LANE, MARKER_ROW, plotBand } from './layout';
import type { StrategyMarker } from './markerPlacement';
import { placeMarkers } from './markerPlacement';
import {
  GRAB_HALF,
  grabZones,
  keepPosition,
  keepRecentTarget,
  positionForTail,
  snapCut,
  tailTokensAt,
} from './sliders';
import { StrategyMarkers } from './StrategyMarkers';
import { StripCanvas } from './StripCanvas';
import type { Hover } from './StripHover';
import { StripHover } from './StripHover';
import { StripLegend } from './StripLegend';
import { StripSlider } from './StripSlider';
import { StripNote, type Note } from './StripNote';
import type { CutFor, CutMove, KeepCap } from './stops';
import { MIN_KEEP_RECENT, resolveCut, resolveKeep, stepCutTo } from './stops';
import { StripToolbar } from './StripToolbar';
import { useElementWidth } from './useElementWidth';
import { useWheelZoom } from './useWheelZoom';
import type { View } from './view';
import { MIN_SPAN, boundaryAtX, clampView, panView, xOfBoundary, zoomView } from './view';
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

const NO_OMITTED: readonly { from: number; to: number }[] = [];
const NO_CLEARED: readonly Clearing[] = [];

/** A finger needs a wider grab zone than a mouse. */
const grabHalf = () => (globalThis.matchMedia?.('(pointer: coarse)').matches ? 2 * GRAB_HALF : GRAB_HALF);

/** About how wide a slider's tab is drawn (11 px text): past the plot's right edge it flips to the left. */
const tabWidth = (text: string) => 20 + 7 * text.length;

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
    keepCap,
    onKeepRecentChange,
    firstKeptIdx,
    cutFor,
    strategy,
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
  const [note, setNote] = useState<Note | null>(null);
  const [half] = useState(grabHalf);
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
  const zones = grabZones(keepX, cutX, half);

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
  // The cut line's range is where the strategy can put it: the cut for the
  // largest budget that applies, and for the smallest.
  const cutMin = Math.min(cut, cutFor(keepCap.max));
  const cutMax = Math.max(cut, cutFor(MIN_KEEP_RECENT));
  // No budget moves the cut (a preset that cuts by its own rule, or only clears):
  // the handle still sets the budget the other strategies' cuts use, but draws
  // no bracket over a tail this strategy does not keep for it.
  const budgetMoves = cutMin !== cutMax;
  const cutRule = isCutStrategy(strategy);
  const keepTab = keepTabText(keepRecent, budgetMoves, strategy, cutRule);

  // The message under the pointer is found from the bins of this render, so a
  // zoom under a resting pointer names the bar now there, not the one before.
  const hoveredIdx = hover?.over === 'bars' ? messageUnder(hover.x) : -1;
  let tooltip = '';
  if (hover?.over === 'keep') tooltip = keepHoverText(keepRecent);
  else if (hover?.over === 'cut') tooltip = cutHoverText(cut, start, roles, keptAfterCut);
  else if (hoveredIdx >= 0 && hoveredIdx < n) {
    tooltip =
      tooltipText(
        hoveredIdx,
        roles[hoveredIdx],
        isSummary[hoveredIdx] === true,
        counts[hoveredIdx],
        previews[hoveredIdx] ?? '',
      ) + clearedNote(clearingOf.get(hoveredIdx));
  }

  /** Applies a budget the handle asked for, and says why when it stops short. */
  const askKeep = (asked: number, x: number | null) => {
    const move = resolveKeep(asked, keepCap);
    setNote(move.stop ? { text: keepStopText(move.stop), x, slider: 'keep' } : null);
    if (move.keep !== keepRecent) onKeepRecentChange(move.keep);
  };
  /** Applies a cut the line asked for (as the budget that makes it), and says why when it stops short. */
  const askCut = (move: CutMove, x: number | null) => {
    setNote(
      move.stop ? { text: cutStopText(move.stop, roles, isSummary, strategy), x, slider: 'cut' } : null,
    );
    // Only a move of the cut writes the budget: wiggling the line in place leaves the field alone.
    if (move.cut !== firstKeptIdx && move.keep !== keepRecent) onKeepRecentChange(move.keep);
  };

  return (
    <div className="token-strip" data-testid="token-strip" data-selected-index={selected ?? undefined}>
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
        data-testid="strip-plot"
        style={{ height }}
        onPointerMove={(e: PointerEvent<HTMLDivElement>) => {
          if (e.pointerType === 'touch' && e.buttons) return;
          setHover({ x: plotX(e), over: 'bars' });
          setNote(null);
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
          keepX={budgetMoves ? keepXRaw : null}
          outlines={outlines}
          onFrameDrawn={onFrameDrawn}
        />

        <StrategyMarkers items={placed.items} />

        <StripSlider
          className="token-strip__cut"
          offscreen={cutXRaw !== cutX}
          testId="cut-line"
          label="Cut point (first kept message)"
          min={cutMin}
          max={cutMax}
          value={cut}
          valueText={cutValueText(cut, start, roles, keptAfterCut)}
          help="Drag to a message boundary. Left and Right arrows: previous or next cut; Page Up and Page Down: ten messages; Home and End: first and last cut."
          x={cutX}
          zone={zones.cut}
          place={{ top: placed.rows * MARKER_ROW, bottom: BOTTOM_LANE - 4 }}
          onStep={(key) => askCut(stepCutTo(index, start, firstKeptIdx, key, keepCap, cutFor), null)}
          onDrag={(x) => {
            const p = boundaryAtX(view, width, x);
            const asked = Math.min(n, Math.max(0, Math.round(p)));
            askCut(resolveCut(index, start, asked, snapCut(index, start, p), keepCap, cutFor), x);
          }}
          onGrab={() => setHover(null)}
          onHover={(x) => {
            setHover({ x, over: 'cut' });
            setNote(null);
          }}
          onBlur={() => setNote((v) => (v?.slider === 'cut' ? null : v))}
        >
          <span className={`token-strip__cut-tab${cutX > width - 90 ? ' is-flipped' : ''}`}>
            {cut >= n ? 'cut: end' : cut <= start ? 'no cut' : `cut #${cut}`}
          </span>
        </StripSlider>

        <StripSlider
          className={budgetMoves ? 'token-strip__keep' : 'token-strip__keep is-unused'}
          offscreen={keepXRaw !== keepX}
          testId="keep-recent-handle"
          label="Keep-recent budget"
          min={0}
          max={keepCap.max - MIN_KEEP_RECENT}
          value={keepPosition(keepRecent, MIN_KEEP_RECENT, keepCap.max)}
          valueText={keepValueText(
            keepRecent,
            keepCap.max,
            keepCap.by === 'settings',
            budgetMoves || cutRule ? undefined : strategy,
          )}
          help="Drag left to keep more. Left or Down arrow: moves left, a bigger budget; Right or Up: moves right, a smaller one (1% a press); Page Down and Page Up: 10%; Home: the most that applies; End: the least."
          x={keepX}
          zone={zones.keep}
          place={{ top: plotTop - 4 }}
          onStep={(key) => askKeep(keepRecentTarget(keepRecent, keepCap.max, key), null)}
          onDrag={(x) => askKeep(tailTokensAt(index, boundaryAtX(view, width, x)), x)}
          onGrab={() => setHover(null)}
          onHover={(x) => {
            setHover({ x, over: 'keep' });
            setNote(null);
          }}
          onBlur={() => setNote((v) => (v?.slider === 'keep' ? null : v))}
        >
          <span className={`token-strip__keep-tab${keepX > width - tabWidth(keepTab) ? ' is-flipped' : ''}`}>
            {keepTab}
          </span>
        </StripSlider>

        <StripNote
          note={note}
          x={note?.x ?? (note?.slider === 'cut' ? cutX : keepX)}
          top={plotTop}
          width={width}
        />
        <StripHover
          hover={hover && tooltip ? hover : null}
          bins={bins}
          text={tooltip}
          plotTop={plotTop}
          plotBottom={plotBottom}
          width={width}
        />
      </div>
      <StripLegend
        runs={runs}
        omitted={omitted.length > 0}
        markers={placed.items.length > 0}
        turns={bins.turns > 0 && bins.turns * 4 <= width}
        budgetMoves={budgetMoves}
        cutRule={cutRule}
      />
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
