/**
 * The wheel on the strip: ctrl/⌘ + wheel zooms around the pointer (and a
 * trackpad pinch, which the browser reports as a ctrl-wheel), and a sideways
 * or shift + wheel pans a zoomed view. Registered by hand because React's
 * wheel listener is passive and could not stop the page from zooming too.
 */
import { useEffect } from 'react';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { View } from './view';
import { MIN_SPAN, boundaryAtX, clampView, isFullView, panView, zoomView } from './view';

/** Zooms and pans `setZoom`'s view from wheel events on `plotRef`, over a transcript of `n` messages. */
export function useWheelZoom(
  plotRef: RefObject<HTMLDivElement | null>,
  n: number,
  setZoom: Dispatch<SetStateAction<View | null>>,
): void {
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
  }, [plotRef, n, setZoom]);
}
