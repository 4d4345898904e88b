/**
 * The wheel on the strip: ctrl/⌘ + wheel zooms around the pointer (and a
 * trackpad pinch, which the browser reports as a ctrl-wheel), and a sideways
 * or shift + wheel pans a zoomed view. Registered by hand because React's
 * wheel listener is passive and could not stop the page from zooming too.
 */
import { useEffect, useRef } from 'react';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { View } from './view';
import { MIN_SPAN, boundaryAtX, clampView, isFullView, panView, zoomView } from './view';

/** Zooms and pans `setZoom`'s view from wheel events on `plotRef`, over a transcript of `n` messages. */
export function useWheelZoom(
  plotRef: RefObject<HTMLDivElement | null>,
  n: number,
  zoom: View | null,
  setZoom: Dispatch<SetStateAction<View | null>>,
): void {
  // Whether a sideways wheel pans (or scrolls the page) must be decided inside the
  // event, before the browser scrolls; a state updater may run too late for that.
  const zoomRef = useRef(zoom);
  useEffect(() => {
    zoomRef.current = zoom;
  }, [zoom]);
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
      if (sideways === 0 || isFullView(clampView(zoomRef.current, n, MIN_SPAN), n)) return;
      e.preventDefault();
      setZoom((z) => {
        const v = clampView(z, n, MIN_SPAN);
        if (isFullView(v, n)) return z;
        const perPixel = (v.to - v.from) / Math.max(1, rect.width);
        const delta = Math.sign(sideways) * Math.max(1, Math.abs(sideways) * perPixel);
        return panView(v, n, delta);
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [plotRef, n, setZoom]);
}
