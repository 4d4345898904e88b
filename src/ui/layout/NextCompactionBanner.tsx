/** While a file is followed: the next compaction in tokens and in calls at the recent pace. */
import { liveReport } from '../../core/nextCompaction';
import { useFollow } from '../../state/followStore';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';

/**
 * While a file is followed: how far the chosen strategy's next compaction
 * is, in tokens and in calls at the pace the session has been growing, as
 * `watch` says it on the command line.
 */
export function NextCompactionBanner({ analysis }: { analysis: PageAnalysis }) {
  const following = useFollow((s) => s.status !== 'off');
  if (!following) return null;
  const report = liveReport(analysis.view, analysis);
  const next = report.next.find((n) => n.strategy === report.strategy);
  return (
    <div className="next-compaction" role="status" data-testid="next-compaction">
      {sentence(next?.tokensUntil ?? null, next?.callsUntil ?? null)}
    </div>
  );
}

function sentence(tokens: number | null, calls: number | null): string {
  if (tokens === null) return 'No compaction ahead: without a window it never fires on its own';
  if (tokens === 0) return 'Compaction is due: the next call compacts';
  const pace =
    calls === null
      ? ' (the recent rate needs two calls)'
      : ` (about ${fmt(calls)} call${calls === 1 ? '' : 's'} at the recent rate)`;
  return `Next compaction in ~${fmt(tokens)} tokens${pace}`;
}
