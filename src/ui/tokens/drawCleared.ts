/**
 * The outline of what a cleared message weighed before: dashed, in the bar's
 * own colour, from the baseline to its old height, so the solid bar inside it
 * is what is still sent. A pixel column too narrow for an outline gets a faint
 * fill above its bar instead.
 */
import { barHeight, type Bins } from './bins';
import type { ClearedOutlines } from './cleared';
import type { Palette } from './palette';

export function drawClearedOutlines(
  ctx: CanvasRenderingContext2D,
  frame: { bins: Bins; palette: Palette; plotBottom: number; plotTop: number; sqrt: boolean; dpr: number },
  outlines: ClearedOutlines,
): void {
  const { bins, palette, plotBottom, plotTop, sqrt, dpr } = frame;
  const plot = plotBottom - plotTop;
  const line = Math.max(1, 1 / dpr);
  ctx.save();
  ctx.lineWidth = line;
  ctx.setLineDash([3, 2]);
  for (let b = 0; b < bins.size; b++) {
    const before = outlines.before[b];
    if (before <= bins.peak[b]) continue;
    const x0 = bins.edges[b];
    const w = bins.edges[b + 1] - x0;
    const top = plotBottom - barHeight(before, bins.max, plot, sqrt);
    const barTop = plotBottom - barHeight(bins.peak[b], bins.max, plot, sqrt);
    const colour = palette.kinds[bins.kind[b]];
    if (w >= 4) {
      const gap = bins.perMessage ? Math.min(2, w * 0.15) : 0;
      ctx.strokeStyle = colour;
      ctx.strokeRect(x0 + gap / 2 + line / 2, top + line / 2, w - gap - line, plotBottom - top - line);
    } else {
      ctx.globalAlpha = 0.3;
      ctx.fillStyle = colour;
      ctx.fillRect(x0, top, Math.max(1 / dpr, w), barTop - top);
      ctx.globalAlpha = 1;
    }
  }
  ctx.restore();
}
