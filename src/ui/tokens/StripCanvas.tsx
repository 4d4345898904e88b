/**
 * The canvas the bars are painted on, sized in device pixels and repainted
 * whenever anything it shows changes, the theme included (its colours come
 * from CSS variables a canvas cannot follow).
 *
 * It paints in the same commit as the change, before the browser draws the
 * frame: painting in the next animation frame instead put every drag step a
 * whole frame behind the handle and its numbers (the frame after the input
 * waited for the paint, 21 ms at the median with 50,000 messages). Pointer
 * moves already arrive at most once per frame, so there is nothing to
 * coalesce. The palette is not read again for a drag step: reading CSS
 * variables forces the page's styles to be recalculated on the spot.
 */
import { useLayoutEffect, useRef } from 'react';
import { drawStrip, type StripFrame } from './draw';
import { readPalette, type Palette } from './palette';
import { useThemeVersion } from './useThemeVersion';

/** A frame's geometry (the palette is read from the canvas itself), and a timing hook for benchmarks. */
type StripCanvasProps = Omit<StripFrame, 'palette'> & {
  /** Called after each frame with its drawing time in ms. */
  onFrameDrawn?(ms: number): void;
};

export function StripCanvas(props: StripCanvasProps) {
  const { width, height, dpr, plotTop, plotBottom, view, bins, sqrt, runs, omitted, selected, keepX } = props;
  const { outlines } = props;
  const { onFrameDrawn } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion();
  const palette = useRef<{ theme: number; bins: unknown; palette: Palette } | null>(null);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const t0 = performance.now();
    const w = Math.round(width * dpr);
    const h = Math.round(height * dpr);
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    // Read again when the theme or the bars change (a new transcript, a zoom), never during a drag.
    if (palette.current?.theme !== theme || palette.current.bins !== bins) {
      palette.current = { theme, bins, palette: readPalette(canvas) };
    }
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
      keepX,
      outlines,
      palette: palette.current.palette,
    });
    onFrameDrawn?.(performance.now() - t0);
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
    keepX,
    outlines,
    theme,
    onFrameDrawn,
  ]);

  return <canvas ref={canvasRef} className="token-strip__canvas" style={{ height }} aria-hidden="true" />;
}
