/** The line of numbers that stays in view while the page scrolls, wrapping when narrow. */
import type { ReactNode } from 'react';
import './header.css';

/**
 * The one line that stays in view while the page scrolls: the transcript's
 * numbers and the verdict. Where the screen is too narrow for all of it, it
 * wraps (never hides its end, never widens the page). Over the archive or
 * the cases view, whose own tables and charts are what the page shows, it
 * stays at the top instead (`pinned` false): those numbers are the
 * playground's, and a bar stuck over another view hid its charts on a phone.
 */
export function StickyNumbers({ children, pinned = true }: { children: ReactNode; pinned?: boolean }) {
  return (
    <div
      className={pinned ? 'sticky-numbers' : 'sticky-numbers unpinned'}
      data-testid="sticky-numbers"
      role="region"
      aria-label="Transcript numbers"
    >
      <div className="sticky-line">{children}</div>
    </div>
  );
}
