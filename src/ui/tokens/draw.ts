/**
 * Paints the strip's canvases from precomputed bins. Everything here is a read
 * of arrays built elsewhere, so a frame costs a few thousand rectangles at
 * most, whatever the transcript length.
 *
 * What a drag step changes (the fate bands and the shading of what the
 * summarizer leaves out) is painted apart from the bars, into canvases one
 * pixel tall that the page stretches to their height: handing a whole bar
 * canvas to the compositor on every step cost more than the rest of the frame.
 */
import type { Bins } from './bins';
import { KIND_COUNT, barHeight } from './bins';
import type { FateRun } from './fateRuns';
import type { View } from './view';
import { xOfBoundary } from './view';
import type { Palette } from './palette';
import type { ClearedOutlines } from './cleared';
import { drawClearedOutlines } from './drawCleared';

/** What the bands canvases show: ranges along the strip, the same at every height. */
export interface BandsFrame {
  /** CSS pixels. */
  width: number;
  dpr: number;
  view: View;
  runs: readonly FateRun[];
  omitted: readonly { from: number; to: number }[];
  palette: Palette;
  /**
   * The chosen strategy does not fire: what it would summarize is striped, not
   * filled, so the strip never shows as done what only would be.
   */
  would?: boolean;
}

/** The stripes' period and width in CSS pixels: wide enough to read at a glance as "not done". */
const STRIPE = 6;
const STRIPE_ON = 3;

function fillStriped(ctx: CanvasRenderingContext2D, from: number, to: number): void {
  for (let x = from; x < to; x += STRIPE) ctx.fillRect(x, 0, Math.min(STRIPE_ON, to - x), 1);
}

export interface StripFrame {
  /** CSS pixels. */
  width: number;
  height: number;
  dpr: number;
  /** The vertical band bars grow in: from `plotTop` up to… bottom at `plotBottom`. */
  plotTop: number;
  plotBottom: number;
  view: View;
  bins: Bins;
  sqrt: boolean;
  selected: number | null;
  palette: Palette;
  /** Old heights of messages cleared in place, outlined over their bars. */
  outlines?: ClearedOutlines;
}

/** Clips a message range to the view and returns its x span, or null when it is off screen. */
function span(frame: Pick<StripFrame, 'view' | 'width'>, from: number, to: number): [number, number] | null {
  const a = Math.max(from, frame.view.from);
  const b = Math.min(to, frame.view.to);
  if (b <= a) return null;
  return [xOfBoundary(frame.view, frame.width, a), xOfBoundary(frame.view, frame.width, b)];
}

/**
 * The fate bands (behind everything, full height, so the eye reads "this part
 * goes") into a canvas one pixel tall.
 */
export function drawFateBands(ctx: CanvasRenderingContext2D, frame: BandsFrame): void {
  const { width, dpr, palette } = frame;
  ctx.setTransform(dpr, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, 1);
  for (const run of frame.runs) {
    const colour = palette.fates[run.fate];
    if (!colour) continue;
    const s = span(frame, run.from, run.to);
    if (!s) continue;
    ctx.fillStyle = colour;
    if (frame.would && (run.fate === 'summarized' || run.fate === 'turn-prefix'))
      fillStriped(ctx, s[0], s[1]);
    else ctx.fillRect(s[0], 0, s[1] - s[0], 1);
  }
}

/** The ranges left out of the summarizer input into a canvas one pixel tall, stretched over the bars' band. */
export function drawOmitted(ctx: CanvasRenderingContext2D, frame: BandsFrame): void {
  const { width, dpr, palette } = frame;
  ctx.setTransform(dpr, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, 1);
  ctx.fillStyle = palette.omitted;
  for (const r of frame.omitted) {
    const s = span(frame, r.from, r.to);
    if (s) ctx.fillRect(s[0], 0, Math.max(1 / dpr, s[1] - s[0]), 1);
  }
}

/** The bars, turn marks, cleared outlines and the selection, on a transparent canvas over the bands. */
export function drawStrip(ctx: CanvasRenderingContext2D, frame: StripFrame): void {
  const { width, height, dpr, bins, palette, plotTop, plotBottom } = frame;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);

  // Turn starts: one hairline per bin that opens a turn, batched into a single path.
  // Closer than every 4 px they would only grey the whole strip, so they wait for a zoom.
  const hair = 1 / dpr;
  if (bins.turns * 4 <= width) {
    ctx.fillStyle = palette.turnMark;
    ctx.beginPath();
    for (let b = 0; b < bins.size; b++) {
      if (bins.turn[b]) ctx.rect(bins.edges[b], plotTop, hair, plotBottom - plotTop);
    }
    ctx.fill();
  }

  // Bars, one path per colour so the fill style changes five times, not once per bar.
  // Folded columns draw their peak faintly and their mean solid.
  const plot = plotBottom - plotTop;
  const minBar = 1 / dpr;
  const layers = bins.perMessage ? [bins.peak] : [bins.peak, bins.mean];
  layers.forEach((values, layer) => {
    ctx.globalAlpha = layer === 0 && layers.length > 1 ? 0.4 : 1;
    for (let k = 0; k < KIND_COUNT; k++) {
      ctx.fillStyle = palette.kinds[k];
      ctx.beginPath();
      for (let b = 0; b < bins.size; b++) {
        if (bins.kind[b] !== k || values[b] <= 0) continue;
        const x0 = bins.edges[b];
        const w = bins.edges[b + 1] - x0;
        // Wide bars get a gap so neighbours stay distinguishable; pixel columns do not.
        const gap = bins.perMessage && w >= 4 ? Math.min(2, w * 0.15) : 0;
        const h = Math.max(minBar, barHeight(values[b], bins.max, plot, frame.sqrt));
        ctx.rect(x0 + gap / 2, plotBottom - h, Math.max(minBar, w - gap), h);
      }
      ctx.fill();
    }
  });
  ctx.globalAlpha = 1;
  if (frame.outlines?.count) drawClearedOutlines(ctx, frame, frame.outlines);

  if (frame.selected !== null) {
    const s = span(frame, frame.selected, frame.selected + 1);
    if (s) {
      // At least 3 px wide so the selection shows even inside a pixel column.
      const w = Math.max(3, s[1] - s[0]);
      const x = (s[0] + s[1]) / 2 - w / 2;
      ctx.strokeStyle = palette.fg;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x, plotTop, w, plot);
      ctx.fillStyle = palette.fg;
      ctx.beginPath();
      ctx.moveTo(x + w / 2, plotBottom - 1);
      ctx.lineTo(x + w / 2 - 5, plotBottom + 6);
      ctx.lineTo(x + w / 2 + 5, plotBottom + 6);
      ctx.closePath();
      ctx.fill();
    }
  }
}
