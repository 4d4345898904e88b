/** Where the tokens went at the call shown: one stacked bar by category, and the same numbers as a table. */
import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { Breakdown } from '../../core/session/breakdown';
import { fmt } from '../format';
import { useThemeColors } from '../useThemeColors';
import { breakdownCaption, breakdownRows, TIMELINE_COLORS } from './tables';

export function CategoryBreakdown({
  breakdown,
  pinned,
}: {
  breakdown: Breakdown;
  pinned: number | undefined;
}) {
  const c = useThemeColors(TIMELINE_COLORS);
  const rows = breakdownRows(breakdown);
  const bar = Object.fromEntries(breakdown.categories.map((cat, i) => [`c${i}`, cat.tokens]));
  return (
    <figure className="category-breakdown" data-testid="category-breakdown">
      <figcaption>{breakdownCaption(pinned)}</figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={48}>
          <BarChart
            data={[bar]}
            layout="vertical"
            margin={{ top: 4, right: 8, bottom: 4, left: 8 }}
            accessibilityLayer={false}
          >
            <XAxis type="number" hide domain={[0, breakdown.total]} />
            <YAxis type="category" hide />
            {rows.map((row, i) => (
              <Bar
                key={row.label}
                dataKey={`c${i}`}
                stackId="all"
                fill={c[row.color]}
                fillOpacity={row.opacity}
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
          {rows.map((row) => (
            <tr key={row.label} data-category={row.kind}>
              <th scope="row">
                <span className="marker-swatch" style={{ background: c[row.color] }} aria-hidden="true" />
                {row.label}
              </th>
              <td>{row.tokens}</td>
              <td>{row.share}</td>
              <td>{row.messages}</td>
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
