/**
 * The timeline itself: context tokens before each call (recorded and
 * estimated), the threshold of the current settings, the agent's own
 * compactions as markers, cache reads and writes where recorded, and the
 * chosen strategy's replay overlaid; the calls to pick from; every
 * strategy's replay in one table; where the tokens went at the call shown.
 */
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Bar,
  BarChart,
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
import type { Breakdown } from '../../core/session/breakdown';
import { useTimeline } from '../../state/timelineStore';
import type { TimelineData } from '../../worker/protocol';
import { compact, fmt } from '../format';
import { STRATEGY_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';
import { useThemeColors } from '../useThemeColors';
import { LedgerOverview, LedgerPanel } from './LedgerPanel';
import { useTimelineChart } from './useTimelineChart';

const COLORS = [
  'accent',
  'muted',
  'cut-line',
  'border',
  'fg',
  'role-user',
  'role-assistant',
  'role-tool',
  'role-system',
  'role-summary',
] as const;

const n = (value: number | null) => (value === null ? '–' : fmt(value));

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
  const c = useThemeColors(COLORS);
  const pin = useTimeline((s) => s.pin);
  const [ledgerOpen, setLedgerOpen] = useState<number | null>(null);
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
    const at = buttons.indexOf(e.currentTarget);
    const to =
      e.key === 'ArrowRight'
        ? at + 1
        : e.key === 'ArrowLeft'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
  };

  return (
    <figure className="timeline-figure">
      <figcaption>
        Context tokens before each of the {fmt(points.length)} calls
        {replay.threshold > 0 ? `; ${STRATEGY_LABELS[strategy]} fires above ${fmt(replay.threshold)}` : ''}
        {data.unrecordedTokens
          ? ` (estimates include ${fmt(data.unrecordedTokens)} tokens not in the file: system prompt and tools)`
          : ''}
        {rereadCalls.length > 0
          ? `; ${fmt(rereadCalls.length)} call${rereadCalls.length === 1 ? '' : 's'} re-reading a file a summary stood in for marked`
          : ''}
      </figcaption>
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
                {m.trigger ?? 'compaction'} before call {m.call >= 0 ? fmt(m.call + 1) : '–'}:{' '}
                {n(m.tokensBefore)} → {n(m.tokensAfter)}
                {m.tokensAfter === null && m.call >= 0 && points[m.call]!.recordedTokens !== null
                  ? ` (next call ${fmt(points[m.call]!.recordedTokens!)})`
                  : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      {ledgerOpen !== null && data.ledger?.compactions[ledgerOpen] && (
        <LedgerPanel entry={data.ledger.compactions[ledgerOpen]} settings={analysis.settings} />
      )}
      <div className="call-picker" role="toolbar" aria-label="Pick a call to see its context" ref={group}>
        {picks.map((k) => {
          const p = points[k]!;
          const tokens = sizeOf(k);
          return (
            <button
              key={k}
              type="button"
              data-testid="timeline-call"
              data-call={k}
              aria-pressed={pinned === k}
              aria-label={`Call ${k + 1}: ${fmt(tokens)} tokens${p.recordedTokens === null ? ' (estimated)' : ''}`}
              tabIndex={k === focusCall ? 0 : -1}
              onKeyDown={onKey}
              onClick={() => void pin(k)}
              style={{
                height: `${8 + Math.round((24 * tokens) / tallest)}px`,
              }}
            />
          );
        })}
      </div>
    </figure>
  );
});

function ReplayTable({ data, chosen }: { data: TimelineData; chosen: string }) {
  return (
    <div className="table-scroll">
      <table className="replay-table" data-testid="replay-table">
        <caption>The session as recorded, and replayed under these settings with each strategy</caption>
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">threshold</th>
            <th scope="col">compactions</th>
            <th scope="col">peak context</th>
            <th scope="col">input tokens, all calls</th>
            <th scope="col">summarized again</th>
            <th scope="col">overflow</th>
          </tr>
        </thead>
        <tbody>
          <tr data-strategy="recorded">
            <th scope="row">recorded</th>
            <td>–</td>
            <td>{data.compactions.length}</td>
            <td>{n(data.recordedPeak)}</td>
            <td>{n(data.recordedInput)}</td>
            <td>–</td>
            <td>–</td>
          </tr>
          {data.replays.map((r) => (
            <tr
              key={r.strategy}
              data-strategy={r.strategy}
              className={r.strategy === chosen ? 'chosen' : undefined}
            >
              <th scope="row" title={STRATEGY_LABELS[r.strategy]}>
                {r.strategy}
                {r.strategy === chosen ? ' (chosen)' : ''}
              </th>
              <td>{r.threshold > 0 ? fmt(r.threshold) : '–'}</td>
              <td>
                {r.compactions.length}
                {r.clearings > 0 ? ` + ${r.clearings} clearing${r.clearings === 1 ? '' : 's'}` : ''}
              </td>
              <td>{fmt(r.peakContextTokens)}</td>
              <td>{fmt(r.inputTokensTotal)}</td>
              <td>{fmt(r.summarizedAgainTokens)}</td>
              <td className={r.overflow ? 'bad' : undefined}>
                {r.overflow ? `${fmt(r.overflowCalls)} calls` : 'none'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const CATEGORY_COLORS: Record<string, (typeof COLORS)[number]> = {
  unrecorded: 'border',
  system: 'role-system',
  'tool-definitions': 'role-system',
  summary: 'role-summary',
  user: 'role-user',
  assistant: 'role-assistant',
  reasoning: 'muted',
  'tool-calls': 'fg',
  'tool-result': 'role-tool',
};

function CategoryBreakdown({ breakdown, pinned }: { breakdown: Breakdown; pinned: number | undefined }) {
  const c = useThemeColors(COLORS);
  const row = Object.fromEntries(breakdown.categories.map((cat, i) => [`c${i}`, cat.tokens]));
  const grand = breakdown.total || 1;
  return (
    <figure className="category-breakdown" data-testid="category-breakdown">
      <figcaption>
        Where the tokens went {pinned === undefined ? 'in the context now' : `before call ${fmt(pinned + 1)}`}
      </figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={48}>
          <BarChart
            data={[row]}
            layout="vertical"
            margin={{ top: 4, right: 8, bottom: 4, left: 8 }}
            accessibilityLayer={false}
          >
            <XAxis type="number" hide domain={[0, breakdown.total]} />
            <YAxis type="category" hide />
            {breakdown.categories.map((cat, i) => (
              <Bar
                key={cat.label}
                dataKey={`c${i}`}
                stackId="all"
                fill={c[CATEGORY_COLORS[cat.kind] ?? 'muted']}
                fillOpacity={cat.kind === 'tool-result' ? Math.max(0.35, 1 - 0.12 * i) : 1}
                stroke={c.border}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">category</th>
            <th scope="col">tokens</th>
            <th scope="col">share</th>
            <th scope="col">messages</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.categories.map((cat) => (
            <tr key={cat.label} data-category={cat.kind}>
              <th scope="row">
                <span
                  className="marker-swatch"
                  style={{ background: c[CATEGORY_COLORS[cat.kind] ?? 'muted'] }}
                  aria-hidden="true"
                />
                {cat.label}
              </th>
              <td>{fmt(cat.tokens)}</td>
              <td>{((100 * cat.tokens) / grand).toFixed(1)}%</td>
              <td>{cat.messages || '–'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">total</th>
            <td>{fmt(breakdown.total)}</td>
            <td>100%</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </figure>
  );
}
