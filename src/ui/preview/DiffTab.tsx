/** The preview's diff tab: the loaded list against the compacted one. */
import type { PreviewResult } from '../../worker/protocol';
import { fmt } from '../format';
import { VisibleText } from '../text/VisibleText';
import type { PageAnalysis } from '../useAnalysis';
import { clearedTokens, diffFigures } from './resultFigures';

/** What disappeared, what came in, what stayed: the old list against the new one. */
export function DiffTab({ result, analysis }: { result: PreviewResult; analysis: PageAnalysis }) {
  const { view, index } = analysis;
  const { removed, removedTokens, shown, keptRows, clearedRows } = diffFigures(
    result.rows,
    view.roles.length,
    index.suffix,
  );
  const summaryRow = result.rows.find((r) => r.isSummary);
  return (
    <div className="diff" data-testid="preview-diff">
      <p>
        <span className="del">
          −{fmt(removed.length)} messages ({fmt(removedTokens)} tokens)
        </span>{' '}
        {summaryRow && <span className="add">+1 summary ({fmt(summaryRow.tokens)} tokens)</span>}{' '}
        {result.cleared.length > 0 && (
          <span className="changed">
            ~{fmt(result.cleared.length)} cleared in place ({fmt(clearedTokens(result).before)} →{' '}
            {fmt(clearedTokens(result).after)} tokens)
          </span>
        )}{' '}
        <span className="muted">{fmt(keptRows.length)} kept in place</span>
      </p>
      <pre
        className="diff-lines"
        tabIndex={0}
        aria-label="The removed messages and the summary that replaces them"
      >
        {shown.map((i, k) =>
          i < 0 ? (
            <div key={`gap${k}`} className="muted">
              {'  '}… {fmt(removed.length - 50)} more removed …
            </div>
          ) : (
            <div key={i} className="del">
              − #{i} {view.isSummary[i] ? 'summary' : view.roles[i]} (
              {fmt(index.suffix[i] - index.suffix[i + 1])}) <VisibleText text={view.previews[i]} />
            </div>
          ),
        )}
        {summaryRow && (
          <div className="add">
            + summary ({fmt(summaryRow.tokens)}) <VisibleText text={summaryRow.preview} />
          </div>
        )}
        {clearedRows.slice(0, 50).map((r) => (
          <div key={`c${r.from}`} className="changed">
            ~ #{r.from} {r.role} ({fmt(r.cleared!.tokensBefore)} → {fmt(r.tokens)}){' '}
            <VisibleText text={r.preview} />
          </div>
        ))}
        {clearedRows.length > 50 && (
          <div className="muted">
            {'  '}… {fmt(clearedRows.length - 50)} more cleared …
          </div>
        )}
        {keptRows.length > 0 && (
          <div className="muted">
            {'  '}#{keptRows[0].from}–#{keptRows[keptRows.length - 1].from} kept verbatim (
            {fmt(keptRows.length)} messages)
          </div>
        )}
      </pre>
    </div>
  );
}
