/** On the first screen, when the file records compactions: one click to what they lost, the ledger. */
import { useTimeline } from '../../state/timelineStore';
import type { PageAnalysis } from '../useAnalysis';

/** "What the agent's 2 compactions lost", singular for one. */
export function ledgerLinkText(compactions: number): string {
  return `What the agent's ${compactions === 1 ? 'compaction' : `${compactions} compactions`} lost`;
}

export function LedgerLink({ analysis }: { analysis: PageAnalysis }) {
  const showLedger = useTimeline((s) => s.showLedger);
  const count = analysis.view.recordedCompactions ?? 0;
  if (count === 0) return null;
  return (
    <p className="ledger-link">
      <button type="button" className="link" data-testid="ledger-link" onClick={showLedger}>
        {ledgerLinkText(count)}
      </button>
    </p>
  );
}
