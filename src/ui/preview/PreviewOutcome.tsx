/** What a preview run came to: the failure with its fix, a stop, a degraded summary, and the flags of a result. */
import type { PreviewResult, WorkerFailure } from '../../worker/protocol';
import { ExportMenu } from '../ExportMenu';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';

/** A run that failed, with the provider's words and the fix; a stop says nothing changed. */
export function PreviewError({ error }: { error: WorkerFailure }) {
  if (error.kind === 'cancelled') return <p data-testid="preview-stopped">Stopped. Nothing was changed.</p>;
  return (
    <div
      className="import-error"
      role="alert"
      data-testid="preview-error"
      data-category={error.kind === 'preview' ? error.description.category : error.kind}
    >
      {error.kind === 'preview' ? (
        <>
          <strong>{error.description.title}</strong>
          {error.description.detail && <div>{error.description.detail}</div>}
          {error.description.fix && <div className="fix">{error.description.fix}</div>}
          {error.description.providerMessage && (
            <pre className="message-text">{error.description.providerMessage}</pre>
          )}
        </>
      ) : (
        <strong>{error.message}</strong>
      )}
    </div>
  );
}

/** A summary that fell back to the raw archive, with why. */
export function DegradedNotice({ result }: { result: PreviewResult }) {
  return (
    <div
      className="import-error"
      role="alert"
      data-testid="preview-degraded"
      data-category={result.problems[0]?.category ?? 'stall'}
    >
      <strong>The summarizer failed, so the summary is a raw archive of the messages.</strong>
      {result.problems.map((p) => (
        <div key={p.title}>
          <strong>{p.title}</strong> {p.detail} {p.fix && <span className="fix">{p.fix}</span>}
        </div>
      ))}
      {result.problems.length === 0 && result.failures.map((f) => <div key={f}>{f}</div>)}
    </div>
  );
}

/** The result's numbers and flags, and its export. */
export function ResultFlags({ result, analysis }: { result: PreviewResult; analysis: PageAnalysis }) {
  return (
    <div className="flags" data-testid="preview-flags">
      {result.forced && (
        <span className="flag warn" data-testid="flag-forced">
          forced: compaction would not fire yet
        </span>
      )}
      <span data-testid="preview-tokens">
        {fmt(result.tokensBefore)} → {fmt(result.tokensAfter)} tokens
      </span>
      <span>
        {fmt(result.messagesBefore)} → {fmt(result.messagesAfter)} messages
      </span>
      {result.degraded && (
        <span className="flag warn" data-testid="flag-degraded">
          degraded: raw archive
        </span>
      )}
      {result.splitTurn && (
        <span className="flag" data-testid="flag-split">
          split turn
        </span>
      )}
      {result.cleared.length > 0 && (
        <span className="flag" data-testid="flag-cleared">
          {fmt(result.cleared.length)} cleared in place
        </span>
      )}
      {result.omitted > 0 && (
        <span className="flag">{fmt(result.omitted)} messages left out of the summarizer input</span>
      )}
      {analysis.trigger.comparison !== 'always' && (
        <span className={`flag ${result.wouldCompactAgain ? 'warn' : 'ok'}`} data-testid="flag-again">
          {result.wouldCompactAgain
            ? 'still over the threshold: would compact again'
            : 'under the threshold afterwards'}
        </span>
      )}
      {result.contextLimit.map((hit) => (
        <span
          key={hit.part}
          className="flag warn"
          data-testid="flag-context-limit"
          title="The answer was shaped by a full context window, not by the summary budget: the server may have truncated the input."
        >
          {hit.part === 'history' ? 'history summary' : 'turn-prefix summary'} hit the context window
          {hit.promptTokens !== undefined
            ? ` (${fmt(hit.promptTokens)} prompt tokens for a window of ${fmt(analysis.settings.maxContextTokens)})`
            : ''}
        </span>
      ))}
      <ExportMenu which="compacted" stem={analysis.view.sourceName} label="Export the compacted list…" />
    </div>
  );
}
