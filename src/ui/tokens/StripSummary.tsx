/** The strip for a screen reader: its size, where it is cut, and what the strategy clears. */
import type { Clearing } from '../../core/harness/preset';
import { clearedSummary } from './cleared';
import { stripSummary } from './labels';

export function StripSummary({
  n,
  total,
  cut,
  kept,
  cleared,
}: {
  n: number;
  total: number;
  cut: number;
  kept: number;
  cleared: readonly Clearing[];
}) {
  return (
    <>
      <p className="visually-hidden" data-testid="token-strip-summary">
        {stripSummary(n, total, cut, kept)}
      </p>
      {cleared.length > 0 && (
        <p className="visually-hidden" data-testid="strip-cleared" data-count={cleared.length}>
          {clearedSummary(cleared)}
        </p>
      )}
    </>
  );
}
