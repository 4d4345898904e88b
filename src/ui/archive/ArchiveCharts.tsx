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
import { compact, plural } from '../format';
import { perDay, survivalDistribution, tickInterval, undated } from './archiveChartData';
import { SurvivalTable } from './SurvivalTable';
import { BarsChart, LineOf } from './SvgCharts';

const usd = (v: number) => `$${compact(v)}`;

export default memo(ArchiveChartsComponent);

function ArchiveChartsComponent({ rows }: { rows: readonly SessionRow[] }) {
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
}
