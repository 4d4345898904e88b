/** The session as recorded beside every strategy's replay under the page's settings, one row each. */
import type { TimelineData } from '../../worker/protocol';
import { replayRows } from './tables';

export function ReplayTable({ data, chosen }: { data: TimelineData; chosen: string }) {
  return (
    <div className="table-scroll">
      <table className="replay-table" data-testid="replay-table">
        <caption>The session as recorded, and replayed under these settings with each strategy</caption>
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">threshold</th>
            <th scope="col">compactions</th>
            <th scope="col">peak context</th>
            <th scope="col">input tokens, all calls</th>
            <th scope="col">summarized again</th>
            <th scope="col">overflow</th>
          </tr>
        </thead>
        <tbody>
          {replayRows(data, chosen).map((r) => (
            <tr key={r.id} data-strategy={r.id} className={r.chosen ? 'chosen' : undefined}>
              <th scope="row" title={r.title}>
                {r.name}
              </th>
              <td>{r.threshold}</td>
              <td data-testid="replay-compactions">
                {r.compactions}
                {r.why && (
                  <span className="muted" data-testid="replay-why" title={r.why.text}>
                    {' '}
                    ({r.why.short}
                    <span className="visually-hidden">: {r.why.text}</span>)
                  </span>
                )}
              </td>
              <td>{r.peak}</td>
              <td>{r.input}</td>
              <td>{r.summarizedAgain}</td>
              <td className={r.overflows ? 'bad' : undefined}>{r.overflow}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
