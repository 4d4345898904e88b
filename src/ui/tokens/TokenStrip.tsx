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
import type { Clearing } from '../../core/harness/preset';
import { isCutStrategy } from '../../core/settings';
import { binAtX } from './bins';
import { fateRuns } from './fateRuns';
import { cutStopText, cutTabText, cutValueText, keepTabText, keepStopText } from './labels';
import { KeepHandle } from './KeepHandle';
import { BOTTOM_LANE, MARKER_ROW, plotBand } from './layout';
import { placeMarkers } from './markerPlacement';
import { grabZones, positionForTail, snapCut, tailTokensAt } from './sliders';
import { StrategyMarkers } from './StrategyMarkers';
import { StripCanvas } from './StripCanvas';
import type { Hover } from './StripHover';
import { StripHover } from './StripHover';
import { StripLegend } from './StripLegend';
import { StripSlider } from './StripSlider';
import { StripNote, type Note } from './StripNote';
import type { CutMove } from './stops';
import { MIN_KEEP_RECENT, resolveCut, resolveKeep, stepCutTo } from './stops';
import { cutRange, grabHalf, hoverText, plotX } from './stripModel';
import { StripToolbar } from './StripToolbar';
import type { TokenStripProps } from './tokenStripProps';
import { useElementWidth } from './useElementWidth';
import { useStripBins, useStripView } from './useStripView';
import { StripSummary } from './StripSummary';
import { boundaryAtX, xOfBoundary } from './view';
import './tokenStrip.css';

const NO_OMITTED: readonly { from: number; to: number }[] = [];
const NO_CLEARED: readonly Clearing[] = [];

export type { TokenStripProps } from './tokenStripProps';

export function TokenStrip(props: TokenStripProps) {
  const {
    roles,
    counts,
    isSummary,
    fates,
    fires,
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
    height = 180,
    defaultSqrt = false,
    onFrameDrawn,
  } = props;
  const n = roles.length;
  const [plotRef, { width, dpr }] = useElementWidth();
  const [sqrt, setSqrt] = useState(defaultSqrt);
  const [hover, setHover] = useState<Hover | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [half] = useState(grabHalf);
  const { view, setZoom, zoomBy } = useStripView(plotRef, n, selected, firstKeptIdx);

  const { bins, outlines, clearingOf } = useStripBins(roles, counts, isSummary, cleared, view, width, dpr);
  const runs = useMemo(() => fateRuns(fates), [fates]);
  const placed = useMemo(() => placeMarkers(markers, view, width), [markers, view, width]);
  const { plotTop, plotBottom } = plotBand(placed.rows, height);

  const keepXRaw = xOfBoundary(view, width, positionForTail(index, keepRecent));
  const keepX = Math.min(width, Math.max(0, keepXRaw));
  const cutXRaw = xOfBoundary(view, width, firstKeptIdx);
  const cutX = Math.min(width, Math.max(0, cutXRaw));
  const zones = grabZones(keepX, cutX, half);

  const messageUnder = (x: number): number => {
    const b = binAtX(bins, x);
    return b < 0 ? -1 : bins.peakIdx[b];
  };

  const total = index.suffix[0] ?? 0;
  const cut = Math.min(Math.max(0, firstKeptIdx), n);
  const keptAfterCut = index.suffix[cut] ?? 0;
  const range = cutRange(cut, cutFor, keepCap.max, MIN_KEEP_RECENT);
  const { budgetMoves } = range;
  const cutRule = isCutStrategy(strategy);
  const keepTab = keepTabText(keepRecent, budgetMoves, strategy, cutRule);

  // The message under the pointer is found from the bins of this render, so a
  // zoom under a resting pointer names the bar now there, not the one before.
  const hoveredIdx = hover?.over === 'bars' ? messageUnder(hover.x) : -1;
  const tooltip = hoverText(hover?.over, hoveredIdx, { ...props, cut, keptAfterCut, clearingOf });

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
          would={!fires}
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
          min={range.min}
          max={range.max}
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
            {cutTabText(cut, start, n, fires)}
          </span>
        </StripSlider>

        <KeepHandle
          keepRecent={keepRecent}
          keepCap={keepCap}
          x={keepX}
          offscreen={keepXRaw !== keepX}
          width={width}
          top={plotTop - 4}
          zone={zones.keep}
          budgetMoves={budgetMoves}
          shows={budgetMoves || cutRule ? undefined : strategy}
          tab={keepTab}
          onAsk={askKeep}
          tokensAt={(x) => tailTokensAt(index, boundaryAtX(view, width, x))}
          onGrab={() => setHover(null)}
          onHover={(x) => {
            setHover({ x, over: 'keep' });
            setNote(null);
          }}
          onBlur={() => setNote((v) => (v?.slider === 'keep' ? null : v))}
        />

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
        fires={fires}
        omitted={omitted.length > 0}
        markers={placed.items.length > 0}
        turns={bins.turns > 0 && bins.turns * 4 <= width}
        budgetMoves={budgetMoves}
        cutRule={cutRule}
        cut={{ at: cut, start, n }}
      />
      <StripSummary n={n} total={total} cut={cut} kept={keptAfterCut} cleared={cleared} />
    </div>
  );
}
