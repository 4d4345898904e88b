/**
 * The session over time, as a panel of the workbench: opened on demand (a
 * replay of every strategy is work the worker need not do for every load),
 * then kept open for later loads. While the page shows the context before
 * an earlier call, a banner says so and leads back to now.
 */
import { Suspense, lazy, useEffect, memo } from 'react';
import { useTimeline } from '../../state/timelineStore';
import { useDebounced } from '../useDebounced';
import type { PageAnalysis } from '../useAnalysis';
import { fmt } from '../format';

const TimelineView = lazy(() => import('./TimelineView'));

/** Settings are dragged: the replay follows once the drag pauses. */
const REPLAY_QUIET_MS = 250;

export function PinnedBanner({ analysis }: { analysis: PageAnalysis }) {
  const pin = useTimeline((s) => s.pin);
  const call = analysis.view.pinnedCall;
  if (call === undefined) return null;
  return (
    <div className="pinned-banner" role="status" data-testid="timeline-pinned">
      <span>
        Showing the context sent before call {fmt(call + 1)} ({fmt(analysis.contextTokens)} tokens), not the
        context now.
      </span>
      <button type="button" data-testid="timeline-now" onClick={() => void pin(null)}>
        Back to now
      </button>
    </div>
  );
}

export const TimelinePanel = memo(TimelinePanelComponent);

function TimelinePanelComponent({ analysis }: { analysis: PageAnalysis }) {
  const { open, setOpen, refresh, refreshBreakdown, offlineSummary, setOfflineSummary } = useTimeline();
  const settings = useDebounced(analysis.settings, REPLAY_QUIET_MS);
  const viewKey = analysis.view.key;
  const estimated = analysis.view.estimatedFor !== undefined;
  useEffect(() => {
    if (open && !estimated) void refresh(settings);
  }, [open, settings, refresh, viewKey, estimated, offlineSummary]);
  const typedUnseen = settings.unseenTokens;
  useEffect(() => {
    if (open && !estimated) void refreshBreakdown(typedUnseen);
  }, [open, viewKey, refreshBreakdown, estimated, typedUnseen]);

  return (
    <section className="panel timeline-panel" aria-labelledby="timeline-title" id="timeline">
      <div className="panel-head">
        <h2 id="timeline-title">Session over time</h2>
        <button
          type="button"
          data-testid="timeline-toggle"
          aria-expanded={open}
          aria-controls="timeline-body"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide the timeline' : 'Show the timeline'}
        </button>
      </div>
      {!open && (
        <p className="muted">
          The context call by call, the compactions the agent made, where the tokens went at any call, and the
          session replayed under these settings with every strategy.
        </p>
      )}
      {open && (
        <div id="timeline-body">
          <label className="check">
            <input
              type="checkbox"
              data-testid="timeline-offline-summary"
              checked={offlineSummary}
              onChange={(e) => setOfflineSummary(e.target.checked)}
            />{' '}
            Replay with the offline summarizer's real summaries (otherwise each summary takes its whole
            budget)
          </label>
          <Suspense fallback={<p className="muted">Loading the timeline…</p>}>
            <TimelineView analysis={analysis} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
