import { describeVerdict } from '../../core/explain';
import { useUi } from '../../state/uiStore';
import { ExportMenu } from '../ExportMenu';
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
  const setReportOpen = useUi((s) => s.setReportOpen);
  const problems = view.issues.length;
  return (
    <div className="summary-bar" aria-label="Transcript summary">
      <span title={view.detection.reason}>
        <span className="muted">format </span>
        <strong data-testid="format">{view.format}</strong>
      </span>
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
      <ExportMenu which="loaded" stem={view.sourceName} label="Export…" />
      <button type="button" onClick={() => setReportOpen(true)} data-testid="open-report">
        {problems ? `${problems} import problem${problems > 1 ? 's' : ''}` : 'Import report'}
      </button>
    </div>
  );
}
