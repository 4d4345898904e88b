/** The survival chart's numbers as a table, under the archive's charts. */
import type { SurvivalDistribution } from './archiveChartData';

/** The survival chart's numbers, for reading and for screen readers. */
export function SurvivalTable({ survival }: { survival: SurvivalDistribution }) {
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
