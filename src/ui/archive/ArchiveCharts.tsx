/**
 * The archive's charts: compactions per day, the cost over time and the
 * distribution of survival, from the rows shown. Each has its numbers in
 * text too (the table, or the survival table under its chart).
 */
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
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

/** The share bins, lowest first: a share falls in the bin whose `from` it reaches; 100% has its own. */
export const SURVIVAL_BINS = [
  { label: '0–20%', from: 0 },
  { label: '20–40%', from: 0.2 },
  { label: '40–60%', from: 0.4 },
  { label: '60–80%', from: 0.6 },
  { label: '80–99%', from: 0.8 },
  { label: '100%', from: 1 },
] as const;

export interface SurvivalBin {
  label: string;
  /** Sessions whose compactions kept this share of the paths (commands, instructions) they summarized. */
  paths: number;
  commands: number;
  instructions: number;
}

export interface SurvivalDistribution {
  bins: SurvivalBin[];
  /** Sessions with a recorded compaction: the only ones counted. */
  compacted: number;
  /** Sessions without one, left out. */
  uncompacted: number;
}

function binOf(share: number): number {
  let i = 0;
  while (i + 1 < SURVIVAL_BINS.length && share >= SURVIVAL_BINS[i + 1]!.from) i++;
  return i;
}

/**
 * How many sessions kept what share of each kind of fact over all their
 * compactions. A session without compactions (or without a fact of a kind)
 * is not counted for it: it had nothing to keep.
 */
export function survivalDistribution(rows: readonly SessionRow[]): SurvivalDistribution {
  const bins = SURVIVAL_BINS.map((b) => ({ label: b.label, paths: 0, commands: 0, instructions: 0 }));
  let compacted = 0;
  let uncompacted = 0;
  for (const r of rows) {
    if (r.error) continue;
    if (r.compactions === 0) {
      uncompacted++;
      continue;
    }
    compacted++;
    if (r.pathSurvival !== null) bins[binOf(r.pathSurvival)]!.paths++;
    if (r.commandSurvival !== null) bins[binOf(r.commandSurvival)]!.commands++;
    if (r.instructionSurvival !== null) bins[binOf(r.instructionSurvival)]!.instructions++;
  }
  return { bins, compacted, uncompacted };
}

export default memo(function ArchiveCharts({ rows }: { rows: readonly SessionRow[] }) {
  const c = useThemeColors(COLORS);
  const days = useMemo(() => perDay(rows), [rows]);
  const survival = useMemo(() => survivalDistribution(rows), [rows]);
  if (days.length === 0 && survival.compacted === 0) return null;
  return (
    <>
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
        {survival.compacted > 0 && (
          <figure>
            <figcaption>Survival: sessions by the share kept over their compactions</figcaption>
            <ResponsiveContainer width="100%" height={160}>
              <BarChart data={survival.bins}>
                <CartesianGrid stroke={c.border} vertical={false} />
                <XAxis dataKey="label" stroke={c.muted} fontSize={11} />
                <YAxis stroke={c.muted} fontSize={11} allowDecimals={false} />
                <Tooltip />
                <Legend wrapperStyle={{ fontSize: 11 }} />
                <Bar dataKey="paths" fill={c.accent} isAnimationActive={false} />
                <Bar dataKey="commands" fill={c['role-summary']} isAnimationActive={false} />
                <Bar dataKey="instructions" fill={c.muted} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        )}
      </div>
      {survival.compacted > 0 && <SurvivalTable survival={survival} />}
    </>
  );
});

/** The survival chart's numbers, for reading and for screen readers. */
function SurvivalTable({ survival }: { survival: SurvivalDistribution }) {
  return (
    <details className="archive-survival" data-testid="archive-survival">
      <summary>Survival in numbers</summary>
      <table>
        <caption>
          Sessions by the share of paths, commands and instructions their compactions kept (
          {survival.compacted} with compactions counted, {survival.uncompacted} without not counted)
        </caption>
        <thead>
          <tr>
            <th scope="col">Kept</th>
            <th scope="col">Paths</th>
            <th scope="col">Commands</th>
            <th scope="col">Instructions</th>
          </tr>
        </thead>
        <tbody>
          {survival.bins.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{b.paths}</td>
              <td>{b.commands}</td>
              <td>{b.instructions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
