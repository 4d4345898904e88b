/**
 * The share of facts kept per strategy, in the ranking's order, beside the tokens each left: one
 * bar of each per strategy, on their own axes. The numbers are in the table
 * under it, and a screen reader gets them from the hidden table here.
 */
import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StrategyTotal } from '../../cases/report';
import { compact, fmt } from '../format';
import { useNarrow } from '../useNarrow';
import { useThemeColors } from '../useThemeColors';
import { compactedCell, compactedTier, keptRate, share } from './casesTable';

/** The mark beside a strategy that compacted in fewer than half its runs, explained under the chart. */
const FEW = ' *';

const COLORS = ['accent', 'muted', 'border', 'fg', 'role-summary'] as const;

/** Height of one strategy's pair of bars, in pixels. */
const ROW = 30;

/** On a phone the names' column narrows, and a long name is cut short (the tooltip has it whole). */
const LONGEST_NARROW = 13;

const shortName = (name: string) =>
  name.length > LONGEST_NARROW ? `${name.slice(0, LONGEST_NARROW - 1)}…` : name;

export default memo(CasesChartComponent);

function CasesChartComponent({ ranked }: { ranked: readonly StrategyTotal[] }) {
  const c = useThemeColors(COLORS);
  const narrow = useNarrow();
  // A share, not a count: each strategy's facts are counted over the runs it compacted.
  const data = ranked.map((t) => ({
    name: compactedTier(t) === 'few' ? `${t.strategy}${FEW}` : t.strategy,
    facts: Math.round((keptRate(t) ?? 0) * 100),
    tokens: t.tokensAfter,
  }));
  const tooltip = {
    formatter: (value: unknown, name: unknown) =>
      name === 'facts kept' ? [`${fmt(Number(value))}%`, 'facts kept'] : [fmt(Number(value)), 'tokens after'],
    contentStyle: { background: 'var(--panel)', border: '1px solid var(--border)', color: 'var(--fg)' },
    cursor: { fill: 'var(--panel-2)' },
  };
  return (
    <figure className="cases-chart" data-testid="cases-chart">
      <figcaption>
        Share of facts kept per strategy over the runs that compacted, in the ranking's order (bottom axis,
        percent), and the tokens each left (top axis)
      </figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={ranked.length * ROW + 70}>
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 0, left: 4 }}
            barGap={1}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke={c.border} horizontal={false} />
            <XAxis
              xAxisId="facts"
              type="number"
              domain={[0, 100]}
              allowDecimals={false}
              tick={{ fill: c.muted, fontSize: 11 }}
              stroke={c.border}
            />
            <XAxis
              xAxisId="tokens"
              type="number"
              orientation="top"
              tickFormatter={compact}
              tick={{ fill: c.muted, fontSize: 11 }}
              stroke={c.border}
            />
            <YAxis
              type="category"
              dataKey="name"
              tick={{ fill: c.fg, fontSize: narrow ? 11 : 12 }}
              tickFormatter={narrow ? shortName : undefined}
              stroke={c.border}
              width={narrow ? 96 : 172}
              interval={0}
            />
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              xAxisId="facts"
              dataKey="facts"
              name="facts kept"
              fill={c.accent}
              isAnimationActive={false}
            />
            <Bar
              xAxisId="tokens"
              dataKey="tokens"
              name="tokens after"
              fill={c.muted}
              fillOpacity={0.55}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {ranked.some((t) => compactedTier(t) === 'few') && (
        <p className="muted cases-chart-note" data-testid="cases-chart-few">
          *: compacted in fewer than half its runs; its share is over those few, ranked after the strategies
          that compacted more often.
        </p>
      )}
      <div className="visually-hidden">
        <table data-testid="cases-chart-table">
          <caption>Facts kept and tokens after, per strategy, in the ranking's order</caption>
          <tbody>
            {ranked.map((t) => (
              <tr key={t.strategy}>
                <th scope="row">{t.strategy}</th>
                <td>{share(t.factsKept, t.factsTotal)} facts kept</td>
                <td>{fmt(t.tokensAfter)} tokens after</td>
                <td>{t.compacted === 0 ? compactedCell(t) : `compacted in ${compactedCell(t)} runs`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
