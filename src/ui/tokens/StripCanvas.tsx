/**
 * The canvases the strip is painted on, sized in device pixels and repainted
 * whenever anything they show changes, the theme included (their colours come
 * from CSS variables a canvas cannot follow).
 *
 * A drag step moves the cut, so it changes the fate bands, the shading of what
 * the summarizer leaves out and the bracket over the budgeted tail, but not
 * the bars. The bands and the shading are painted into canvases one pixel
 * tall, stretched to their height, under a transparent canvas with the bars,
 * which is repainted only when the bars change (a new transcript, a zoom, the
 * selection); the bracket is an element. Handing the whole bar canvas to the
 * compositor on every step took about 4.5 ms of each frame's main-thread time
 * with 50,000 messages.
 *
 * They paint in the same commit as the change, before the browser draws the
 * frame: painting in the next animation frame instead put every drag step a
 * whole frame behind the handle and its numbers. Pointer moves already arrive
 * at most once per frame, so there is nothing to coalesce. The palette is not
 * read again for a drag step: reading CSS variables forces the page's styles
 * to be recalculated on the spot.
 */
import { useLayoutEffect, useRef } from 'react';
import { drawFateBands, drawOmitted, drawStrip, type BandsFrame, type StripFrame } from './draw';
import { readPalette, type Palette } from './palette';
import { useThemeVersion } from './useThemeVersion';

/** A frame's geometry (the palette is read from the canvas itself), and a timing hook for benchmarks. */
type StripCanvasProps = Omit<StripFrame, 'palette'> &
  Pick<BandsFrame, 'runs' | 'omitted' | 'would'> & {
    /** x of the keep-recent handle, for the bracket over the budgeted tail, or null for no bracket. */
    keepX: number | null;
    /** Called after each painting with its drawing time in ms. */
    onFrameDrawn?(ms: number): void;
  };

/** A canvas sized to `w` × `h` device pixels and its context, or null before it is mounted. */
function sized(canvas: HTMLCanvasElement | null, w: number, h: number) {
  if (!canvas) return null;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  return canvas.getContext('2d');
}

export function StripCanvas(props: StripCanvasProps) {
  const { width, height, dpr, plotTop, plotBottom, view, bins, sqrt, runs, omitted, selected, keepX } = props;
  const { outlines, would = false } = props;
  const { onFrameDrawn } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const bandsRef = useRef<HTMLCanvasElement>(null);
  const omittedRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion();
  const palette = useRef<{ theme: number; bins: unknown; palette: Palette } | null>(null);
  /** The palette, read again when the theme or the bars change (a new transcript, a zoom), never during a drag. */
  const paletteFor = (canvas: HTMLCanvasElement) => {
    if (palette.current?.theme !== theme || palette.current.bins !== bins) {
      palette.current = { theme, bins, palette: readPalette(canvas) };
    }
    return palette.current.palette;
  };

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const t0 = performance.now();
    const ctx = sized(canvas, Math.round(width * dpr), Math.round(height * dpr));
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
      selected,
      outlines,
      palette: paletteFor(canvas),
    });
    onFrameDrawn?.(performance.now() - t0);
    // paletteFor reads the refs and the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [width, height, dpr, plotTop, plotBottom, view, bins, sqrt, selected, outlines, theme, onFrameDrawn]);

  useLayoutEffect(() => {
    if (width <= 0 || !canvasRef.current) return;
    const t0 = performance.now();
    const w = Math.round(width * dpr);
    const frame = { width, dpr, view, runs, omitted, would, palette: paletteFor(canvasRef.current) };
    const bands = sized(bandsRef.current, w, 1);
    if (bands) drawFateBands(bands, frame);
    const shade = sized(omittedRef.current, w, 1);
    if (shade) drawOmitted(shade, frame);
    onFrameDrawn?.(performance.now() - t0);
    // paletteFor reads the refs and the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [width, dpr, view, runs, omitted, would, bins, theme, onFrameDrawn]);

  const keepLeft = keepX === null ? null : Math.max(0, Math.min(width, keepX));
  return (
    <>
      <canvas ref={bandsRef} className="token-strip__bands" style={{ height }} aria-hidden="true" />
      {omitted.length > 0 && (
        <canvas
          ref={omittedRef}
          className="token-strip__bands"
          style={{ top: plotTop, height: plotBottom - plotTop }}
          aria-hidden="true"
        />
      )}
      <canvas ref={canvasRef} className="token-strip__canvas" style={{ height }} aria-hidden="true" />
      {keepLeft !== null && (
        <div
          className="token-strip__bracket"
          style={{ top: plotTop - 3, left: keepLeft, width: Math.max(0, width - keepLeft) }}
          aria-hidden="true"
        />
      )}
    </>
  );
}
