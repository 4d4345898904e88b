import { describeVerdict, explainNothingToCompact } from '../../core/explain';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';

export function Verdict({ analysis }: { analysis: PageAnalysis }) {
  return (
    <span data-testid="verdict" className={`verdict ${analysis.shouldCompact ? 'fires' : 'quiet'}`}>
      {describeVerdict(analysis)}
    </span>
  );
}

export function SummaryBar({ analysis }: { analysis: PageAnalysis }) {
  const { view, plan, keptTokens } = analysis;
  return (
    <div className="summary-bar" aria-label="Transcript summary">
      <span>
        <strong data-testid="message-count">{fmt(view.roles.length)}</strong>{' '}
        <span className="muted">messages</span>
      </span>
      <span>
        <strong data-testid="total-tokens">{fmt(analysis.totalTokens)}</strong>{' '}
        <span className="muted">tokens ({view.tokenizer})</span>
      </span>
      <Verdict analysis={analysis} />
      <span>
        <span className="muted">first kept </span>
        <strong>
          #<span data-testid="cut-index">{plan.nothingToCompact ? plan.start : plan.firstKeptIdx}</span>
        </strong>
        {plan.isSplitTurn && <span className="badge split"> splits turn #{plan.turnStartIdx}</span>}
        {plan.nothingToCompact && (
          <span
            className="badge"
            data-testid="nothing-to-compact"
            title={explainNothingToCompact(analysis.index, plan, analysis.settings).text}
          >
            {' '}
            nothing to compact
          </span>
        )}
      </span>
      <span>
        <strong data-testid="kept-tokens">{fmt(keptTokens)}</strong> <span className="muted">kept</span>
      </span>
    </div>
  );
}
