/**
 * The timeline itself: context tokens before each call (recorded and
 * estimated), the threshold of the current settings, the agent's own
 * compactions as markers, cache reads and writes where recorded, and the
 * chosen strategy's replay overlaid; the calls to pick from; below them
 * every strategy's replay (`ReplayTable.tsx`) and where the tokens went at
 * the call shown (`CategoryBreakdown.tsx`).
 */
import { memo, useRef, type KeyboardEvent } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTimeline } from '../../state/timelineStore';
import type { TimelineData } from '../../worker/protocol';
import { compact, fmt } from '../format';
import { STRATEGY_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';
import { useThemeColors } from '../useThemeColors';
import { CategoryBreakdown } from './CategoryBreakdown';
import { callLabel, chartCaption, markerLabel, pickHeight, toolbarTarget } from './chartData';
import { LedgerOverview, LedgerPanel } from './LedgerPanel';
import { ReplayTable } from './ReplayTable';
import { TIMELINE_COLORS } from './tables';
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

const TimelineChart = memo(function TimelineChart({
  data,
  analysis,
}: {
  data: TimelineData;
  analysis: PageAnalysis;
}) {
  const c = useThemeColors(TIMELINE_COLORS);
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
  const { points } = data;
  const group = useRef<HTMLDivElement>(null);
  // One stop in the tab order; the arrows move between calls, as in a toolbar.
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(group.current?.querySelectorAll<HTMLButtonElement>('button[data-call]') ?? [])];
    const to = toolbarTarget(e.key, buttons.indexOf(e.currentTarget), buttons.length);
    if (to === null) return;
    e.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <figure className="timeline-figure">
      <figcaption>{chartCaption(data, replay, STRATEGY_LABELS[strategy], rereadCalls)}</figcaption>
      <div data-testid="timeline-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart
            data={rows}
            margin={{ top: 16, right: 16, bottom: 0, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke={c.border} vertical={false} />
            <XAxis
              dataKey="call"
              type="number"
              domain={[1, Math.max(points.length, 2)]}
              tick={{ fill: c.muted, fontSize: 11 }}
              stroke={c.border}
              tickFormatter={compact}
            />
            <YAxis
              tickFormatter={compact}
              tick={{ fill: c.muted, fontSize: 11 }}
              stroke={c.border}
              width={48}
            />
            <Tooltip
              formatter={(value: unknown, name: unknown) => [
                value === null ? '–' : `${fmt(Number(value))} tokens`,
                String(name),
              ]}
              labelFormatter={(label: unknown) => `Call ${fmt(Number(label))}`}
              contentStyle={{
                background: 'var(--panel)',
                border: '1px solid var(--border)',
                color: 'var(--fg)',
              }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {replay.threshold > 0 && (
              <ReferenceLine
                y={replay.threshold}
                stroke={c['cut-line']}
                strokeDasharray="4 3"
                label={{ value: 'threshold', fill: c['cut-line'], fontSize: 11, position: 'insideTopLeft' }}
              />
            )}
            {data.compactions.map((m, i) =>
              m.call >= 0 ? (
                <ReferenceLine
                  key={i}
                  x={m.call + 1}
                  stroke={c['role-summary']}
                  strokeWidth={2}
                  label={{ value: `${m.trigger ?? 'compaction'}`, fill: c.fg, fontSize: 11, position: 'top' }}
                />
              ) : null,
            )}
            {pinned !== undefined && <ReferenceLine x={pinned + 1} stroke={c.accent} strokeWidth={2} />}
            {rereadCalls.map((k) => (
              <ReferenceDot
                key={`reread-${k}`}
                x={k + 1}
                y={sizeOf(k)}
                r={4}
                fill={c['role-tool']}
                stroke={c.fg}
                className="reread-dot"
              />
            ))}
            {hasRecorded && (
              <Line
                dataKey="recorded"
                name="recorded"
                stroke={c.fg}
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                connectNulls
              />
            )}
            <Line
              dataKey="estimated"
              name="estimated"
              stroke={c.muted}
              dot={false}
              strokeDasharray="5 3"
              isAnimationActive={false}
            />
            <Line
              dataKey="replay"
              name={`replay (${strategy})`}
              stroke={c.accent}
              dot={false}
              strokeWidth={2}
              isAnimationActive={false}
            />
            {hasCache && (
              <Line
                dataKey="cacheRead"
                name="cache reads"
                stroke={c['role-assistant']}
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            )}
            {hasCache && (
              <Line
                dataKey="cacheWrite"
                name="cache writes"
                stroke={c['role-tool']}
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            )}
          </LineChart>
        </ResponsiveContainer>
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
      <div className="call-picker" role="toolbar" aria-label="Pick a call to see its context" ref={group}>
        {picks.map((k) => (
          <button
            key={k}
            type="button"
            data-testid="timeline-call"
            data-call={k}
            aria-pressed={pinned === k}
            aria-label={callLabel(data, k)}
            tabIndex={k === focusCall ? 0 : -1}
            onKeyDown={onKey}
            onClick={() => void pin(k)}
            style={{ height: `${pickHeight(sizeOf(k), tallest)}px` }}
          />
        ))}
      </div>
    </figure>
  );
});
