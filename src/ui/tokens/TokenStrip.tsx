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
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { Role } from '../../core/message';
import type { Fate } from '../../core/fates';
import type { CutIndex } from '../../core/cutPoint';
import type { Strategy } from '../../core/settings';
import {
  binAtX,
  boundaryAtX,
  buildBins,
  clampView,
  fateRuns,
  formatTokens,
  isFullView,
  isSliderKey,
  keepRecentAtX,
  labelRows,
  markerLabel,
  panView,
  positionForTail,
  snapCut,
  stepCut,
  stepKeepRecent,
  tooltipText,
  xOfBoundary,
  zoomView,
} from './geometry';
import type { View } from './geometry';
import { drawStrip } from './draw';
import { readPalette } from './palette';
import './tokenStrip.css';

export interface StrategyMarker {
  strategy: Strategy;
  firstKeptIdx: number;
  tokensAfter: number;
  nothingToCompact: boolean;
}

export interface TokenStripProps {
  /** Per message. */
  roles: readonly Role[];
  /** Tokens per message. */
  counts: ArrayLike<number>;
  /** Summary messages are drawn in their own colour. */
  isSummary: readonly boolean[];
  /** What the current strategy does to each message. */
  fates: readonly Fate[];
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

/** Zooming in stops at this many messages across the strip. */
const MIN_SPAN = 20;
const MARKER_ROW = 16;
const CUT_ROW = 20;
const BOTTOM_LANE = 26;
const NO_OMITTED: readonly { from: number; to: number }[] = [];

/** Label width without measuring the DOM: 11 px system font averages under 6.4 px a glyph. */
const labelWidth = (text: string) => text.length * 6.4 + 10;

interface Hover {
  index: number;
  x: number;
}

function useElementWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, dpr: 1 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      const dpr = window.devicePixelRatio || 1;
      setSize((s) => (s.width === width && s.dpr === dpr ? s : { width, dpr }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/** Bumps when the page theme may have changed, so the canvas re-reads its colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class'],
    });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      media?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

export function TokenStrip(props: TokenStripProps) {
  const {
    roles,
    counts,
    isSummary,
    fates,
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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion();
  const [sqrt, setSqrt] = useState(defaultSqrt);
  const [zoom, setZoom] = useState<View | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const view = useMemo(() => clampView(zoom, n, MIN_SPAN), [zoom, n]);
  const zoomed = !isFullView(view, n);

  const columns = Math.max(1, Math.floor(width * dpr));
  const bins = useMemo(
    () => buildBins(roles, counts, isSummary, view, width, columns),
    [roles, counts, isSummary, view, width, columns],
  );
  const runs = useMemo(() => fateRuns(fates), [fates]);

  // Marker lines and their stacked labels.
  const placed = useMemo(() => {
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
  }, [markers, view, width]);

  const plotTop = placed.rows * MARKER_ROW + CUT_ROW;
  const plotBottom = Math.max(plotTop + 10, height - BOTTOM_LANE);

  const keepPos = positionForTail(index, keepRecent);
  const keepXRaw = xOfBoundary(view, width, keepPos);
  const keepX = Math.min(width, Math.max(0, keepXRaw));
  const cutXRaw = xOfBoundary(view, width, firstKeptIdx);
  const cutX = Math.min(width, Math.max(0, cutXRaw));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const frame = requestAnimationFrame(() => {
      const t0 = performance.now();
      const w = Math.round(width * dpr);
      const h = Math.round(height * dpr);
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawStrip(ctx, {
        width,
        height,
        dpr,
        plotTop,
        plotBottom,
        view,
        bins,
        sqrt,
        runs,
        omitted,
        selected,
        keepX: keepXRaw,
        palette: readPalette(canvas),
      });
      onFrameDrawn?.(performance.now() - t0);
    });
    return () => cancelAnimationFrame(frame);
  }, [
    width,
    height,
    dpr,
    plotTop,
    plotBottom,
    view,
    bins,
    sqrt,
    runs,
    omitted,
    selected,
    keepXRaw,
    theme,
    onFrameDrawn,
  ]);

  // Ctrl/⌘ + wheel zooms around the pointer; a sideways (or shift) wheel pans a zoomed view.
  // Registered by hand because React's wheel listener is passive and cannot stop the page zooming.
  useEffect(() => {
    const el = plotRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const rect = el.getBoundingClientRect();
      const x = e.clientX - rect.left;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const factor = Math.exp(e.deltaY * 0.002);
        setZoom((z) => {
          const v = clampView(z, n, MIN_SPAN);
          return zoomView(v, n, boundaryAtX(v, rect.width, x), factor, MIN_SPAN);
        });
        return;
      }
      const sideways = e.shiftKey ? e.deltaY : e.deltaX;
      if (sideways === 0) return;
      setZoom((z) => {
        const v = clampView(z, n, MIN_SPAN);
        if (isFullView(v, n)) return z;
        e.preventDefault();
        const perPixel = (v.to - v.from) / Math.max(1, rect.width);
        const delta = Math.sign(sideways) * Math.max(1, Math.abs(sideways) * perPixel);
        return panView(v, n, delta);
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [plotRef, n]);

  const zoomBy = (factor: number) => {
    const v = clampView(zoom, n, MIN_SPAN);
    // Buttons zoom around the cut, the place one usually wants to inspect.
    const anchor = Math.min(v.to, Math.max(v.from, firstKeptIdx));
    setZoom(zoomView(v, n, anchor, factor, MIN_SPAN));
  };

  /** x within the plot; the sliders are its direct children, so their parent is the plot. */
  const localX = (e: { clientX: number }, plot: Element | null) =>
    plot ? e.clientX - plot.getBoundingClientRect().left : 0;

  const messageUnder = (x: number): number => {
    const b = binAtX(bins, x);
    return b < 0 ? -1 : bins.peakIdx[b];
  };

  // --- keep-recent handle
  const moveKeep = (e: ReactPointerEvent<HTMLDivElement>) => {
    const next = keepRecentAtX(index, view, width, localX(e, e.currentTarget.parentElement), maxKeepRecent);
    if (next !== keepRecent) onKeepRecentChange(next);
  };
  const keepKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isSliderKey(e.key)) return;
    e.preventDefault();
    const next = stepKeepRecent(keepRecent, maxKeepRecent, e.key);
    if (next !== keepRecent) onKeepRecentChange(next);
  };

  // --- cut line
  const moveCut = (e: ReactPointerEvent<HTMLDivElement>) => {
    const next = snapCut(index, start, boundaryAtX(view, width, localX(e, e.currentTarget.parentElement)));
    if (next !== firstKeptIdx) onCutChange(next);
  };
  const cutKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isSliderKey(e.key)) return;
    e.preventDefault();
    const next = stepCut(index, start, firstKeptIdx, e.key);
    if (next !== firstKeptIdx) onCutChange(next);
  };

  const capture = (move: (e: ReactPointerEvent<HTMLDivElement>) => void) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLDivElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      e.currentTarget.setPointerCapture(e.pointerId);
      e.currentTarget.focus({ preventScroll: true });
      setHover(null);
    },
    onPointerMove: (e: ReactPointerEvent<HTMLDivElement>) => {
      if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
      e.stopPropagation();
      move(e);
    },
    onPointerUp: (e: ReactPointerEvent<HTMLDivElement>) => {
      if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    },
    // A drag ends in a click; it must not select the message under the handle.
    onClick: (e: MouseEvent<HTMLDivElement>) => e.stopPropagation(),
  });

  const total = index.suffix[0] ?? 0;
  const cut = Math.min(Math.max(0, firstKeptIdx), n);
  const keptAfterCut = index.suffix[cut] ?? 0;
  const cutText =
    cut >= n
      ? 'after the last message, nothing kept'
      : `before #${cut} (${roles[cut]}), ${formatTokens(keptAfterCut)} tokens kept`;
  const summary =
    `${formatTokens(n)} messages, ${formatTokens(total)} tokens; ` +
    (cut >= n
      ? 'cut after the last message'
      : `cut before #${cut}, ${formatTokens(keptAfterCut)} tokens kept`);

  const hovered = hover && hover.index >= 0 && hover.index < n ? hover : null;
  const hoverBin = hovered ? binAtX(bins, hovered.x) : -1;
  const tooltip = hovered
    ? tooltipText(
        hovered.index,
        roles[hovered.index],
        isSummary[hovered.index] === true,
        counts[hovered.index],
        previews[hovered.index] ?? '',
      )
    : '';

  return (
    <div className="token-strip">
      <div className="token-strip__toolbar">
        <label className="token-strip__toggle">
          <input type="checkbox" checked={sqrt} onChange={(e) => setSqrt(e.target.checked)} />√ heights
        </label>
        <span className="token-strip__zoom" role="group" aria-label="Zoom">
          <button type="button" onClick={() => zoomBy(1 / 2)} title="Zoom in (or ctrl/⌘ + wheel)">
            +
          </button>
          <button type="button" onClick={() => zoomBy(2)} disabled={!zoomed} title="Zoom out">
            −
          </button>
          <button type="button" onClick={() => setZoom(null)} disabled={!zoomed} title="Show all messages">
            Fit
          </button>
          {zoomed ? (
            <>
              <button
                type="button"
                onClick={() => setZoom(panView(view, n, -(view.to - view.from) / 2))}
                disabled={view.from <= 0}
                aria-label="Pan to earlier messages"
                title="Earlier messages (or shift + wheel)"
              >
                ‹
              </button>
              <button
                type="button"
                onClick={() => setZoom(panView(view, n, (view.to - view.from) / 2))}
                disabled={view.to >= n}
                aria-label="Pan to later messages"
                title="Later messages (or shift + wheel)"
              >
                ›
              </button>
            </>
          ) : null}
        </span>
        <span className="token-strip__range muted">
          {[
            zoomed ? `#${view.from}–#${Math.min(view.to, n) - 1} of ${n.toLocaleString('en-US')}` : '',
            bins.max > 0 ? `tallest ${formatTokens(bins.max)} tokens` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div
        ref={plotRef}
        className="token-strip__plot"
        style={{ height }}
        onPointerMove={(e) => {
          if (e.pointerType === 'touch' && e.buttons) return;
          const x = localX(e, e.currentTarget);
          setHover({ index: messageUnder(x), x });
        }}
        onPointerLeave={() => setHover(null)}
        onClick={(e) => {
          const i = messageUnder(localX(e, e.currentTarget));
          if (i >= 0) onSelect(i);
        }}
      >
        <canvas ref={canvasRef} className="token-strip__canvas" style={{ height }} aria-hidden="true" />

        {placed.items.map((p) => (
          <div
            key={p.marker.strategy}
            className={`token-strip__marker token-strip__marker--${p.marker.strategy}`}
            data-testid={`strategy-marker-${p.marker.strategy}`}
            style={{ transform: `translateX(${p.x}px)`, top: p.row * MARKER_ROW + 13, bottom: BOTTOM_LANE }}
            aria-hidden="true"
          />
        ))}
        {placed.items.map((p) => (
          <span
            key={p.marker.strategy}
            className={`token-strip__marker-label token-strip__marker-label--${p.marker.strategy}`}
            style={{ left: p.left, top: p.row * MARKER_ROW }}
          >
            {p.text}
          </span>
        ))}

        <div
          className={`token-strip__cut${cutXRaw !== cutX ? ' is-offscreen' : ''}`}
          data-testid="cut-line"
          role="slider"
          tabIndex={0}
          aria-label="Cut point (first kept message)"
          aria-valuemin={start}
          aria-valuemax={n}
          aria-valuenow={firstKeptIdx}
          aria-valuetext={cutText}
          aria-orientation="horizontal"
          title="Cut point: drag to a message boundary. ← → previous / next legal cut, Page Up / Down ±10 messages, Home / End first / last"
          style={{
            transform: `translateX(${cutX}px)`,
            top: placed.rows * MARKER_ROW,
            bottom: BOTTOM_LANE - 4,
          }}
          onKeyDown={cutKey}
          {...capture(moveCut)}
        >
          <span className={`token-strip__cut-tab${cutX > width - 90 ? ' is-flipped' : ''}`}>
            {cut >= n ? 'cut: end' : `cut #${cut}`}
          </span>
        </div>

        <div
          className={`token-strip__keep${keepXRaw !== keepX ? ' is-offscreen' : ''}`}
          data-testid="keep-recent-handle"
          role="slider"
          tabIndex={0}
          aria-label="Keep-recent budget"
          aria-valuemin={0}
          aria-valuemax={maxKeepRecent}
          aria-valuenow={keepRecent}
          aria-valuetext={`${formatTokens(keepRecent)} tokens kept`}
          aria-orientation="horizontal"
          title="Keep-recent budget: drag left to keep more. ← or ↑ keep more, → or ↓ keep less (1%), Page Up / Down ±10%, Home 0, End maximum"
          style={{ transform: `translateX(${keepX}px)`, top: plotTop - 4 }}
          onKeyDown={keepKey}
          {...capture(moveKeep)}
        >
          <span className={`token-strip__keep-tab${keepX > width - 110 ? ' is-flipped' : ''}`}>
            {formatTokens(keepRecent)} kept
          </span>
        </div>

        {hoverBin >= 0 ? (
          <div
            className="token-strip__hover"
            style={{
              left: bins.edges[hoverBin],
              width: Math.max(2, bins.edges[hoverBin + 1] - bins.edges[hoverBin]),
              top: plotTop,
              height: plotBottom - plotTop,
            }}
            aria-hidden="true"
          />
        ) : null}
        {hovered ? (
          <div
            className="token-strip__tooltip"
            style={{ left: Math.max(0, Math.min(hovered.x + 12, width - 420)), top: plotTop }}
          >
            {tooltip}
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" data-testid="token-strip-summary">
        {summary}
      </p>
    </div>
  );
}
