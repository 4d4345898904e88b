/** The Result tab: the compacted list, row by row, with what each row was. */
import { memo } from 'react';
import type { PreviewResult } from '../../worker/protocol';
import { fmt } from '../format';
import { VisibleText } from '../text/VisibleText';

export const ResultTab = memo(ResultTabComponent);

function ResultTabComponent({ result }: { result: PreviewResult }) {
  return (
    <div>
      <table
        className={`result-rows${result.cleared.length > 0 ? ' has-cleared' : ''}`}
        data-testid="preview-rows"
      >
        <thead>
          <tr>
            <th>#</th>
            <th>was</th>
            <th>role</th>
            <th className="num">tokens</th>
            <th>text</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((r, i) => (
            <tr
              key={i}
              className={r.isSummary ? 'summary-row' : r.cleared ? 'cleared-row' : ''}
              data-testid={r.cleared ? 'preview-row-cleared' : undefined}
            >
              <td className="mono">{i}</td>
              <td className="mono muted">{r.from === null ? 'new' : `#${r.from}`}</td>
              <td className={`role role-${r.isSummary ? 'summary' : r.role}`}>
                {r.isSummary ? 'summary' : r.role}
              </td>
              <td
                className="num mono"
                title={r.cleared ? `${fmt(r.cleared.tokensBefore)} before clearing` : undefined}
              >
                {r.cleared && <span className="muted was">{fmt(r.cleared.tokensBefore)} → </span>}
                {fmt(r.tokens)}
              </td>
              <td className="msg-preview">
                {r.cleared && <span className="badge cleared-badge">cleared</span>}{' '}
                <VisibleText text={r.preview} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
