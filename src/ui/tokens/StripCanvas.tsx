/**
 * The canvas the bars are painted on, sized in device pixels and repainted in
 * the next animation frame whenever anything it shows changes, the theme
 * included (its colours come from CSS variables a canvas cannot follow). A
 * burst of changes during a drag cancels the frames it supersedes, so at most
 * one paint happens per display frame.
 */
import { useEffect, useRef } from 'react';
import { drawStrip, type StripFrame } from './draw';
import { readPalette } from './palette';
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
        keepX,
        outlines,
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
    keepX,
    outlines,
    theme,
    onFrameDrawn,
  ]);

  return <canvas ref={canvasRef} className="token-strip__canvas" style={{ height }} aria-hidden="true" />;
}
