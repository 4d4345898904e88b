/** The offer of a window where compaction fires, for a transcript under the threshold. */
import { windowThatFires } from '../../core/fireWindow';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';

/**
 * A transcript under the threshold shows no cut at all. One click sets a
 * window where it just fires, as if the session had grown that far, so the
 * cut and the summary can be seen on the transcript at hand.
 */
export function FireOffer({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  const { settings, shouldCompact, contextTokens: totalTokens, threshold } = analysis;
  // Estimated counts are provisional: a window computed from them would be off.
  if (shouldCompact || !settings.enabled || analysis.view.estimatedFor) return null;
  const found = windowThatFires(totalTokens, settings);
  if (!found) return null;
  const under =
    threshold > 0
      ? `${fmt(totalTokens)} tokens stay under the threshold of ${fmt(threshold)}`
      : `With no window, compaction is off for these ${fmt(totalTokens)} tokens`;
  return (
    <div className="fire-offer" role="status">
      <span>
        {under}: nothing would be compacted. A window of {fmt(found.maxContextTokens)} (reserve{' '}
        {fmt(found.reserveTokens)}, keep recent {fmt(found.keepRecentTokens)}) is the largest round one where
        this transcript crosses the threshold.
      </span>
      <button type="button" className="primary" data-testid="make-it-fire" onClick={() => update(found)}>
        Make it fire: window {fmt(found.maxContextTokens)}
      </button>
    </div>
  );
}
