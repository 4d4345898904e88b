/** The line of numbers that stays in view while the page scrolls, wrapping when narrow. */
import type { ReactNode } from 'react';
import './header.css';

/**
 * The one line that stays in view while the page scrolls: the transcript's
 * numbers and the verdict. Where the screen is too narrow for all of it, it
 * wraps (never hides its end, never widens the page). The archive and
 * Cases views do not show it: its numbers are the playground's.
 */
export function StickyNumbers({ children }: { children: ReactNode }) {
  return (
    <div
      className="sticky-numbers"
      data-testid="sticky-numbers"
      role="region"
      aria-label="Transcript numbers"
    >
      <div className="sticky-line">{children}</div>
    </div>
  );
}
