/** The preview's summary and resulting-list tabs; the diff, request, raw stream and usage tabs are files of their own. */
import { memo, useState } from 'react';
import type { PreviewResult } from '../../worker/protocol';
import { fmt } from '../format';
import { VisibleText } from '../text/VisibleText';
import { clearedTokens } from './resultFigures';
import { MarkdownLines, SafeMarkdown } from './SafeMarkdown';
import { isEmptyText, joinParts, wholeText } from './streamedText';
import type { StreamLog } from './streamLog';

export const SummaryTab = memo(SummaryTabComponent);

function SummaryTabComponent({
  result,
  log,
  running,
  strategy,
}: {
  result: PreviewResult | undefined;
  log: StreamLog;
  running: boolean;
  strategy: string;
}) {
  const [plain, setPlain] = useState(false);
  // The stored summary once the run is over; until then what has streamed.
  const done = result && !running ? result.summary : undefined;
  const streamed = joinParts(log.text.history, log.text['turn-prefix']);
  const hasText = done === undefined ? !isEmptyText(streamed) : done !== '';
  const thinking = log.reasoning.history || log.reasoning['turn-prefix'];
  return (
    <div>
      <div className="tab-tools">
        <label className="check small">
          <input type="checkbox" checked={plain} onChange={(e) => setPlain(e.target.checked)} /> Plain text
        </label>
      </div>
      {thinking && running && (
        <pre className="message-text reasoning">
          <VisibleText text={thinking} />
        </pre>
      )}
      {hasText ? (
        plain ? (
          <pre className="message-text" data-testid="preview-summary">
            <VisibleText text={done ?? wholeText(streamed)} />
          </pre>
        ) : (
          <div data-testid="preview-summary" className="summary-text">
            {done === undefined ? (
              <MarkdownLines lines={streamed.lines} open={streamed.open} />
            ) : (
              <SafeMarkdown text={done} />
            )}
          </div>
        )
      ) : result && !running && result.cleared.length > 0 ? (
        <p data-testid="preview-no-summary">
          No summary: {strategy} cleared {fmt(result.cleared.length)} messages in place (
          {fmt(clearedTokens(result).before)} → {fmt(clearedTokens(result).after)} tokens). The resulting
          messages show the placeholders.
        </p>
      ) : (
        <p className="muted">
          {running ? 'Waiting for the first words…' : 'Run a preview to see the summary.'}
        </p>
      )}
      {log.notes.length > 0 && (
        <ul className="notes" data-testid="preview-notes">
          {log.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
