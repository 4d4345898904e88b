/** The timeline's chart: the context before each call, recorded and estimated, the threshold, the compactions, the replay and the cache. */
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
import type { Strategy } from '../../core/settings';
import type { ReplayResult } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import { compact } from '../format';
import { numberAxis } from '../numberAxis';
import { useThemeColors } from '../useThemeColors';
import { tooltipCall, tooltipTokens, type ChartRow } from './chartData';
import { TIMELINE_COLORS } from './tables';

export function ContextChart({
  data,
  rows,
  replay,
  strategy,
  pinned,
  rereadCalls,
  sizeOf,
  hasRecorded,
  hasCache,
}: {
  data: TimelineData;
  rows: ChartRow[];
  /** The replay of the strategy shown. */
  replay: ReplayResult;
  strategy: Strategy;
  /** The call whose context the page shows, when one is picked. */
  pinned: number | undefined;
  /** Calls that read again a file a summary stood in for: a dot each. */
  rereadCalls: readonly number[];
  sizeOf: (call: number) => number;
  hasRecorded: boolean;
  hasCache: boolean;
}) {
  const c = useThemeColors(TIMELINE_COLORS);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={rows} margin={{ top: 16, right: 16, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={c.border} vertical={false} />
        <XAxis
          dataKey="call"
          type="number"
          domain={[1, Math.max(data.points.length, 2)]}
          tick={{ fill: c.muted, fontSize: 11 }}
          stroke={c.border}
          tickFormatter={compact}
        />
        <YAxis {...numberAxis(c)} width={48} />
        <Tooltip
          formatter={(value: unknown, name: unknown) => [tooltipTokens(value), String(name)]}
          labelFormatter={tooltipCall}
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
  );
}
