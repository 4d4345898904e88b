/** The archive's charts: compactions per day and the cost over time, from the rows shown. */
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SessionRow } from '../../archive/row';
import { compact } from '../format';
import { useThemeColors } from '../useThemeColors';

const COLORS = ['accent', 'role-summary', 'muted', 'border'] as const;

interface Day {
  day: string;
  compactions: number;
  cost: number;
  /** Cost of every session up to this day. */
  cumulative: number;
}

/** One point per day that has a session, in order. */
export function perDay(rows: readonly SessionRow[]): Day[] {
  const days = new Map<string, { compactions: number; cost: number }>();
  for (const r of rows) {
    const day = r.firstTime?.slice(0, 10);
    if (!day) continue;
    const d = days.get(day) ?? { compactions: 0, cost: 0 };
    d.compactions += r.compactions;
    d.cost += r.costUsd ?? 0;
    days.set(day, d);
  }
  let cumulative = 0;
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, d]) => ({ day, ...d, cumulative: (cumulative += d.cost) }));
}

export default memo(function ArchiveCharts({ rows }: { rows: readonly SessionRow[] }) {
  const c = useThemeColors(COLORS);
  const days = useMemo(() => perDay(rows), [rows]);
  if (days.length === 0) return null;
  return (
    <div className="charts archive-charts" aria-hidden="true">
      <figure>
        <figcaption>Compactions per day</figcaption>
        <ResponsiveContainer width="100%" height={160}>
          <BarChart data={days}>
            <CartesianGrid stroke={c.border} vertical={false} />
            <XAxis dataKey="day" stroke={c.muted} fontSize={11} />
            <YAxis stroke={c.muted} fontSize={11} allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="compactions" fill={c['role-summary']} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure>
        <figcaption>Cost over time (USD, cumulative)</figcaption>
        <ResponsiveContainer width="100%" height={160}>
          <LineChart data={days}>
            <CartesianGrid stroke={c.border} vertical={false} />
            <XAxis dataKey="day" stroke={c.muted} fontSize={11} />
            <YAxis stroke={c.muted} fontSize={11} tickFormatter={(v: number) => compact(v)} />
            <Tooltip />
            <Line dataKey="cumulative" stroke={c.accent} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
});
