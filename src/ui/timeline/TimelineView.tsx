/**
 * The timeline itself: context tokens before each call (recorded and
 * estimated), the threshold of the current settings, the agent's own
 * compactions as markers, cache reads and writes where recorded, and the
 * chosen strategy's replay overlaid; the calls to pick from; below them
 * every strategy's replay (`ReplayTable.tsx`) and where the tokens went at
 * the call shown (`CategoryBreakdown.tsx`).
 */
import { memo } from 'react';
import { useTimeline } from '../../state/timelineStore';
import type { TimelineData } from '../../worker/protocol';
import { STRATEGY_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';
import { CategoryBreakdown } from './CategoryBreakdown';
import { CallPicker } from './CallPicker';
import { chartCaption, markerLabel } from './chartData';
import { ContextChart } from './ContextChart';
import { LedgerOverview, LedgerPanel } from './LedgerPanel';
import { ReplayTable } from './ReplayTable';
import { useTimelineChart } from './useTimelineChart';

export default function TimelineView({ analysis }: { analysis: PageAnalysis }) {
  const { status, data, error, breakdown } = useTimeline();
  if (!data) {
    return status === 'error' ? (
      <p className="error" role="alert">
        The replay failed: {error}
      </p>
    ) : (
      <p className="muted">Replaying the session…</p>
    );
  }
  return (
    <div className={status === 'loading' ? 'timeline stale' : 'timeline'}>
      <TimelineChart data={data} analysis={analysis} />
      <ReplayTable data={data} chosen={analysis.settings.strategy} />
      {breakdown && <CategoryBreakdown breakdown={breakdown} pinned={analysis.view.pinnedCall} />}
    </div>
  );
}

const TimelineChart = memo(TimelineChartComponent);

function TimelineChartComponent({ data, analysis }: { data: TimelineData; analysis: PageAnalysis }) {
  const pin = useTimeline((s) => s.pin);
  const ledgerOpen = useTimeline((s) => s.ledgerOpen);
  const setLedgerOpen = useTimeline((s) => s.setLedgerOpen);
  const {
    strategy,
    pinned,
    replay,
    rows,
    picks,
    hasRecorded,
    hasCache,
    rereadCalls,
    focusCall,
    tallest,
    sizeOf,
  } = useTimelineChart(data, analysis);

  return (
    <figure className="timeline-figure">
      <figcaption>{chartCaption(data, replay, STRATEGY_LABELS[strategy], rereadCalls)}</figcaption>
      <div data-testid="timeline-chart" aria-hidden="true">
        <ContextChart
          data={data}
          rows={rows}
          replay={replay}
          strategy={strategy}
          pinned={pinned}
          rereadCalls={rereadCalls}
          sizeOf={sizeOf}
          hasRecorded={hasRecorded}
          hasCache={hasCache}
        />
      </div>
      {data.ledger && <LedgerOverview ledger={data.ledger} />}
      {data.compactions.length > 0 && (
        <ul className="compaction-markers" aria-label="Compactions the file records">
          {data.compactions.map((m, i) => (
            <li key={i}>
              {data.ledger?.compactions[i] && (
                <button
                  type="button"
                  data-testid="open-ledger"
                  aria-expanded={ledgerOpen === i}
                  onClick={() => setLedgerOpen(ledgerOpen === i ? null : i)}
                >
                  {ledgerOpen === i ? 'Close the ledger' : 'Ledger'}
                </button>
              )}
              <button
                type="button"
                data-testid="recorded-compaction"
                disabled={m.call < 0}
                onClick={() => void pin(m.call)}
                title="Show the context right after this compaction"
              >
                <span className="marker-swatch" aria-hidden="true" />
                {markerLabel(data, m)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {ledgerOpen !== null && data.ledger?.compactions[ledgerOpen] && (
        <LedgerPanel entry={data.ledger.compactions[ledgerOpen]} settings={analysis.settings} />
      )}
      <CallPicker
        data={data}
        picks={picks}
        pinned={pinned}
        focusCall={focusCall}
        tallest={tallest}
        sizeOf={sizeOf}
        onPick={(k) => void pin(k)}
      />
    </figure>
  );
}
