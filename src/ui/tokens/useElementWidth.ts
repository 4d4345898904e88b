/**
 * The width of the strip's plot in CSS pixels and the device pixel ratio,
 * kept current by a ResizeObserver. The two decide how many device-pixel
 * columns the bars fold into, so a resize or a move to a sharper screen
 * re-bins the transcript; an unchanged size keeps the same object, so an
 * observer firing without a change does not re-render the strip.
 */
import { useEffect, useRef, useState } from 'react';

export function useElementWidth() {
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
