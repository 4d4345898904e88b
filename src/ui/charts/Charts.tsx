/** Small aggregate charts: totals before and after each strategy, and where the tokens are by role. */
import { memo, useMemo, type ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { fmt } from '../format';
import { barsFromKey, barsKey } from './barsKey';
import { numberAxis } from '../numberAxis';
import type { PageAnalysis } from '../useAnalysis';
import { useTaskLater } from '../useTaskLater';
import { useThemeColors } from '../useThemeColors';

const COLORS = [
  'role-system',
  'role-user',
  'role-assistant',
  'role-tool',
  'role-summary',
  'muted',
  'accent',
  'cut-line',
  'border',
  'fg',
] as const;

/**
 * Memoized: the page re-renders for many reasons that leave the charts' input
 * alone. Each chart takes a new analysis a task after the one before it: on a
 * new transcript, recharts measures the axes' labels and updates its store in
 * effects, which in the same task as the rest of the page made one long task.
 */
export default memo(ChartsComponent);

function ChartsComponent({ analysis }: { analysis: PageAnalysis }) {
  const forTotals = useTaskLater(analysis);
  const forRoles = useTaskLater(forTotals);
  return (
    <div className="charts">
      <TotalsChart analysis={forTotals} />
      <RolesChart view={forRoles.view} index={forRoles.index} />
    </div>
  );
}

const TOTALS_MARGIN = { top: 8, right: 16, bottom: 0, left: 8 };
/**
 * One row per bar, each named on the axis beside it: bars standing side by
 * side left recharts room to name 7 of 18 at most widths, and a bar nobody
 * can name says nothing. Wide enough for the longest preset id at 11 px.
 */
const TOTALS_ROW = 18;
const TOTALS_NAMES = 156;
const ROLES_MARGIN = { top: 8, right: 16, bottom: 0, left: 8 };

/**
 * The bars, one colour each, as the same element while their names and colours
 * hold: a new transcript then changes only the chart's data, not its `Bar`.
 */
function useBars(items: readonly { name: string; color: string }[]): ReactElement {
  const key = barsKey(items);
  return useMemo(
    () => (
      <Bar dataKey="tokens" isAnimationActive={false}>
        {barsFromKey(key).map((d) => (
          <Cell key={d.name} fill={d.color} />
        ))}
      </Bar>
    ),
    [key],
  );
}

const tooltip = {
  formatter: (value: unknown) => [`${fmt(Number(value))} tokens`, ''],
  contentStyle: { background: 'var(--panel)', border: '1px solid var(--border)', color: 'var(--fg)' },
  cursor: { fill: 'var(--panel-2)' },
};

/** Context now and after each strategy. */
const TotalsChart = memo(TotalsChartComponent);

function TotalsChartComponent({ analysis }: { analysis: PageAnalysis }) {
  const c = useThemeColors(COLORS);
  const { outcomes, contextTokens, threshold, settings } = analysis;

  const totals = [
    { name: 'now', tokens: contextTokens, color: c.muted },
    // A strategy that does not fire is drawn at what it would leave if it did (the strip's cut, the
    // preview's forced run): the context as it is would be the "now" bar again, under another name.
    ...outcomes.map((o) => ({
      name: o.strategy,
      tokens: o.tokensIfFired,
      fires: o.fires,
      color: o.strategy === settings.strategy ? c.accent : c.border,
    })),
  ];
  // Everything but the data is the same element while its input holds: recharts then
  // re-renders and re-registers (a store update each) only what the new numbers move.
  const bars = useBars(totals);
  const frame = useMemo(
    () => (
      <>
        <CartesianGrid strokeDasharray="3 3" stroke={c.border} horizontal={false} />
        <XAxis type="number" {...numberAxis(c)} />
        <YAxis
          type="category"
          dataKey="name"
          tick={{ fill: c.fg, fontSize: 11 }}
          stroke={c.border}
          width={TOTALS_NAMES}
          interval={0}
        />
        <Tooltip {...tooltip} />
      </>
    ),
    [c],
  );
  const line = useMemo(
    () =>
      threshold > 0 && (
        <ReferenceLine
          x={threshold}
          stroke={c['cut-line']}
          strokeDasharray="4 3"
          label={{ value: 'threshold', fill: c['cut-line'], fontSize: 11, position: 'insideTopLeft' }}
        />
      ),
    [threshold, c],
  );

  return (
    <figure>
      <figcaption>Context now and after compaction (summary at its budget)</figcaption>
      {/* The bars are drawn for the eye; the table under them says the same to a screen reader. */}
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={totals.length * TOTALS_ROW + 40}>
          <BarChart data={totals} layout="vertical" margin={TOTALS_MARGIN} accessibilityLayer={false}>
            {frame}
            {line}
            {bars}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="muted chart-key">
        <span className="swatch" style={{ background: c.accent }} /> {settings.strategy}, the chosen strategy
      </p>
      <div className="visually-hidden">
        <table data-testid="chart-totals-table">
          <caption>
            Tokens in the context now and after compaction with each strategy
            {threshold > 0 ? `; the threshold is ${fmt(threshold)}` : ''}
          </caption>
          <tbody>
            {totals.map((d) => (
              <tr key={d.name}>
                <th scope="row">
                  {d.name === 'now'
                    ? 'now'
                    : `${'fires' in d && !d.fires ? 'would be after' : 'after'} ${d.name}${d.name === settings.strategy ? ' (the chosen strategy)' : ''}`}
                </th>
                <td>{fmt(d.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Where the tokens are by role. */
const RolesChart = memo(RolesChartComponent);

function RolesChartComponent({ view, index }: Pick<PageAnalysis, 'view' | 'index'>) {
  const c = useThemeColors(COLORS);

  // Where the tokens are by role changes only with the transcript, not with a drag.
  const roles = useMemo(() => {
    const byRole = new Map<string, number>([
      ['system', 0],
      ['user', 0],
      ['assistant', 0],
      ['tool', 0],
      ['summary', 0],
    ]);
    for (let i = 0; i < view.roles.length; i++) {
      const key = view.isSummary[i] ? 'summary' : view.roles[i];
      byRole.set(key, (byRole.get(key) ?? 0) + (index.suffix[i] - index.suffix[i + 1]));
    }
    return [...byRole].map(([name, tokens]) => ({
      name,
      tokens,
      color: c[`role-${name}` as (typeof COLORS)[number]],
    }));
  }, [view, index, c]);

  const bars = useBars(roles);
  const frame = useMemo(
    () => (
      <>
        <CartesianGrid strokeDasharray="3 3" stroke={c.border} horizontal={false} />
        <XAxis type="number" {...numberAxis(c)} />
        <YAxis
          type="category"
          dataKey="name"
          tick={{ fill: c.fg, fontSize: 12 }}
          stroke={c.border}
          width={70}
        />
        <Tooltip {...tooltip} />
      </>
    ),
    [c],
  );

  return (
    <figure>
      <figcaption>Tokens by role</figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={170}>
          <BarChart data={roles} layout="vertical" margin={ROLES_MARGIN} accessibilityLayer={false}>
            {frame}
            {bars}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table data-testid="chart-roles-table">
          <caption>Tokens by role in the loaded transcript</caption>
          <tbody>
            {roles.map((d) => (
              <tr key={d.name}>
                <th scope="row">{d.name}</th>
                <td>{fmt(d.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
