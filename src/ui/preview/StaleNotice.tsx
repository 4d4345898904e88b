/** The mark on a preview that no longer matches the page, and its Re-run. */
import { STALE_TEXT, type StaleReason } from './staleness';

/** The mark on a preview that no longer matches the page, with the way to bring it up to date. */
export function StaleNotice({
  reason,
  rerunsItself,
  canRun,
  onRerun,
}: {
  reason: StaleReason;
  rerunsItself: boolean;
  canRun: boolean;
  onRerun(): void;
}) {
  return (
    <div className="preview-stale" data-testid="preview-stale" role="status">
      <strong>{STALE_TEXT[reason]}</strong>
      <span className="muted">
        {rerunsItself
          ? 'running the offline summarizer again…'
          : canRun
            ? 'the numbers below are from the earlier run'
            : 'the numbers below are from the earlier run; nothing to compact now'}
      </span>
      <button type="button" data-testid="preview-rerun" onClick={onRerun} disabled={!canRun}>
        Re-run
      </button>
    </div>
  );
}
