/** The line of numbers that stays in view while the page scrolls, scrolling sideways on its own when narrow. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './header.css';

/**
 * The one line that stays in view while the page scrolls: the transcript's
 * numbers and the verdict. It never wraps; where the screen is too narrow
 * for all of it, the line scrolls sideways on its own (never the page), and
 * then it takes keyboard focus so it can be scrolled without a pointer.
 */
export function StickyNumbers({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    // The line inside is as wide as its content, so a longer number resizes it.
    const observer = new ResizeObserver(check);
    observer.observe(el);
    observer.observe(el.firstElementChild!);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="sticky-numbers"
      data-testid="sticky-numbers"
      role="region"
      aria-label="Transcript numbers"
      tabIndex={overflows ? 0 : undefined}
    >
      <div className="sticky-line">{children}</div>
    </div>
  );
}
