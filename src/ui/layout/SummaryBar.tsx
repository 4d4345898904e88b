import { describeVerdict } from '../../core/explain';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { CutSummary } from './CutSummary';

export function Verdict({ analysis }: { analysis: PageAnalysis }) {
  return (
    <span data-testid="verdict" className={`verdict ${analysis.shouldCompact ? 'fires' : 'quiet'}`}>
      {describeVerdict(analysis)}
    </span>
  );
}

export function SummaryBar({ analysis }: { analysis: PageAnalysis }) {
  const { view } = analysis;
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
      <CutSummary analysis={analysis} />
    </div>
  );
}
