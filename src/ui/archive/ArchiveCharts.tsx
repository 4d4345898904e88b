/**
 * The archive's charts: compactions per day, the cost over time and the
 * distribution of survival, from the rows shown. Each has its numbers in
 * text too (the table, or the survival table under its chart), and each
 * bar or point its own in a tooltip.
 *
 * Drawn as plain SVG, not with the playground's chart library: these are
 * bars and one line, and the library lays out a chart in one piece (it
 * measured every day's label in the page, a layout each), which held the
 * page for a tenth of a second or more at the end of a half-year's folder.
 */
import { memo, useMemo } from 'react';
import type { SessionRow } from '../../archive/row';
import { maxOf } from '../../core/arrays';
import { compact, plural } from '../format';

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

/** The sessions that name no time: the charts by day cannot place them, and say what they leave out. */
export function undated(rows: readonly SessionRow[]): {
  sessions: number;
  compactions: number;
  cost: number;
} {
  const out = { sessions: 0, compactions: 0, cost: 0 };
  for (const r of rows)
    if (!r.firstTime) {
      out.sessions++;
      out.compactions += r.compactions;
      out.cost += r.costUsd ?? 0;
    }
  return out;
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

/** Day labels on an axis at most: the axis shows every `tickInterval(n) + 1`-th day. */
const DAY_LABELS = 5;

/** Days skipped between two labels so that `count` days show at most `labels` labels. */
export function tickInterval(count: number, labels = DAY_LABELS): number {
  return Math.max(0, Math.ceil(count / labels) - 1);
}

/**
 * A round top for an axis from 0 to `max`, and its step: 1, 2 or 5 times a
 * power of ten. An axis of counts (`whole`) steps by whole numbers: there is
 * no half a compaction.
 */
export function axisTop(max: number, steps = 4, whole = false): { top: number; step: number } {
  if (!(max > 0)) return whole ? { top: 1, step: 1 } : { top: 1, step: 0.25 };
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const round = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const step = whole ? Math.max(1, round) : round;
  return { top: step * Math.ceil(max / step - 1e-9), step };
}

/** The drawing's own units; the SVG scales to its figure's width. */
const W = 480;
const H = 160;
const PAD = { left: 44, right: 8, top: 8, bottom: 22 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

interface Series {
  name: string;
  /** A CSS colour: the theme's custom properties, so the chart follows the theme. */
  color: string;
  values: number[];
}

/** The y axis (its gridlines and labels) and the x labels every `every + 1` categories. */
function Axes({
  labels,
  top,
  step,
  every,
  format,
}: {
  labels: string[];
  top: number;
  step: number;
  every: number;
  format: (v: number) => string;
}) {
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  const slot = PLOT_W / Math.max(1, labels.length);
  return (
    <g fontSize={11} fill="var(--muted)">
      {ticks.map((v) => {
        const y = PAD.top + PLOT_H - (v / top) * PLOT_H;
        return (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="var(--border)" />
            <text x={PAD.left - 4} y={y + 4} textAnchor="end">
              {format(v)}
            </text>
          </g>
        );
      })}
      {labels.map((label, i) =>
        i % (every + 1) === 0 ? (
          <text key={label} x={PAD.left + slot * (i + 0.5)} y={H - 6} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Bars per category, the series side by side. */
function BarsChart({
  labels,
  series,
  every = 0,
  format = compact,
  whole = false,
}: {
  labels: string[];
  series: Series[];
  every?: number;
  format?: (v: number) => string;
  /** The values are counts: the axis steps by whole numbers. */
  whole?: boolean;
}) {
  const { top, step } = axisTop(maxOf(series.flatMap((s) => s.values)) ?? 0, 4, whole);
  const slot = PLOT_W / Math.max(1, labels.length);
  const bar = (slot * 0.8) / series.length;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
      <Axes labels={labels} top={top} step={step} every={every} format={format} />
      {series.map((s, k) =>
        s.values.map((v, i) => {
          const h = (v / top) * PLOT_H;
          return (
            <rect
              key={`${s.name}-${i}`}
              x={PAD.left + slot * i + slot * 0.1 + bar * k}
              y={PAD.top + PLOT_H - h}
              width={Math.max(1, bar - 1)}
              height={h}
              fill={s.color}
            >
              <title>{`${labels[i]}: ${s.name} ${v.toLocaleString('en-US')}`}</title>
            </rect>
          );
        }),
      )}
    </svg>
  );
}

/** One line through a value per category. */
function LineOf({
  labels,
  values,
  every,
  color,
  name,
  format,
}: {
  labels: string[];
  values: number[];
  every: number;
  color: string;
  name: string;
  format: (v: number) => string;
}) {
  const { top, step } = axisTop(maxOf(values) ?? 0);
  const slot = PLOT_W / Math.max(1, labels.length);
  const at = (v: number, i: number) =>
    `${(PAD.left + slot * (i + 0.5)).toFixed(1)},${(PAD.top + PLOT_H - (v / top) * PLOT_H).toFixed(1)}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
      <Axes labels={labels} top={top} step={step} every={every} format={format} />
      <polyline points={values.map(at).join(' ')} fill="none" stroke={color} strokeWidth={2}>
        <title>{`${name}: ${format(values[values.length - 1] ?? 0)} by ${labels[labels.length - 1] ?? ''}`}</title>
      </polyline>
    </svg>
  );
}

const usd = (v: number) => `$${compact(v)}`;

export default memo(function ArchiveCharts({ rows }: { rows: readonly SessionRow[] }) {
  const days = useMemo(() => perDay(rows), [rows]);
  const survival = useMemo(() => survivalDistribution(rows), [rows]);
  const left = useMemo(() => undated(rows), [rows]);
  if (days.length === 0 && survival.compacted === 0) return null;
  const labels = days.map((d) => d.day);
  const every = tickInterval(days.length);
  return (
    <>
      <div className="charts archive-charts" aria-hidden="true">
        <figure>
          <figcaption>Compactions per day</figcaption>
          <BarsChart
            labels={labels}
            every={every}
            whole
            series={[
              { name: 'compactions', color: 'var(--role-summary)', values: days.map((d) => d.compactions) },
            ]}
          />
        </figure>
        <figure>
          <figcaption>Cost over time (USD, cumulative)</figcaption>
          <LineOf
            labels={labels}
            values={days.map((d) => d.cumulative)}
            every={every}
            color="var(--accent)"
            name="cost so far"
            format={usd}
          />
        </figure>
        {survival.compacted > 0 && (
          <figure>
            <figcaption>Survival: sessions by the share kept over their compactions</figcaption>
            <BarsChart
              labels={survival.bins.map((b) => b.label)}
              series={[
                { name: 'paths', color: 'var(--accent)', values: survival.bins.map((b) => b.paths) },
                {
                  name: 'commands',
                  color: 'var(--role-summary)',
                  values: survival.bins.map((b) => b.commands),
                },
                {
                  name: 'instructions',
                  color: 'var(--muted)',
                  values: survival.bins.map((b) => b.instructions),
                },
              ]}
            />
            <p className="muted archive-legend">
              <span style={{ color: 'var(--accent)' }}>■</span> paths{' '}
              <span style={{ color: 'var(--role-summary)' }}>■</span> commands{' '}
              <span style={{ color: 'var(--muted)' }}>■</span> instructions
            </p>
          </figure>
        )}
      </div>
      {left.sessions > 0 && (
        <p className="muted archive-legend" data-testid="archive-undated">
          Not in the charts by day: {plural(left.sessions, 'session')} that name no time (
          {plural(left.compactions, 'compaction')}, ${left.cost.toFixed(2)}).
        </p>
      )}
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
