/** The archive's two kinds of chart, drawn as plain SVG: bars per category, and one line. */
import { maxOf } from '../../core/arrays';
import { compact } from '../format';
import { axisTop } from './archiveChartData';

/** The drawing's own units; the SVG scales to its figure's width. */
const W = 480;
const H = 160;
const PAD = { left: 44, right: 8, top: 8, bottom: 22 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

export interface Series {
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
export function BarsChart({
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
export function LineOf({
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
