/**
 * The header's account of the cut: where it falls (or why there is none),
 * the tokens actually kept against the keep-recent budget, and a red badge
 * when even the compacted context would not fit. Two numbers, two names: the
 * budget is what the handle sets, "kept" is what the cut leaves.
 */
import { describeOverflow, explainNothingToCompact, keptOverBudget } from '../../core/explain';
import { isCutStrategy } from '../../core/settings';
import { fmt } from '../format';
import { keepsNothingNote, NOTHING_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';

export function CutSummary({ analysis }: { analysis: PageAnalysis }) {
  const { plan, keptTokens, settings, overflow } = analysis;
  // Under the threshold the cut is what would happen if it fired: every figure of it says "would".
  const would = !analysis.shouldCompact && !plan.nothingToCompact;
  const over = keptOverBudget(analysis);
  // A plan that keeps from past the last message summarizes everything: there is no "first kept".
  const keepsNothing = !plan.nothingToCompact && plan.firstKeptIdx >= analysis.view.roles.length;
  const nothing = plan.nothingToCompact ? explainNothingToCompact(analysis.index, plan, settings) : null;
  const overflowText =
    overflow &&
    describeOverflow(overflow, analysis.current.tokensAfter, {
      threshold: overflow.threshold,
      window: settings.maxContextTokens,
    });
  return (
    <>
      {nothing ? (
        <span className="badge" data-testid="nothing-to-compact" title={nothing.text}>
          nothing to compact: {NOTHING_LABELS[nothing.reason]}
          {/* Not a cut: everything from the start stays. */}
          <span className="visually-hidden">
            , everything kept from #<span data-testid="cut-index">{plan.start}</span>
          </span>
        </span>
      ) : keepsNothing ? (
        <span data-testid="keeps-nothing">
          <strong>{would ? 'would keep nothing verbatim' : 'keeps nothing verbatim'}</strong>
          <span className="visually-hidden">{keepsNothingNote(plan.start, analysis.view.roles.length)}</span>
        </span>
      ) : (
        <span>
          <span className="muted">{would ? 'would keep from ' : 'first kept '}</span>
          <strong>
            #<span data-testid="cut-index">{plan.firstKeptIdx}</span>
          </strong>
          {plan.isSplitTurn && <span className="badge split"> splits turn #{plan.turnStartIdx}</span>}
        </span>
      )}
      {analysis.cleared.length > 0 && (
        <span data-testid="cleared-summary">
          <span className="muted">cleared </span>
          <strong data-testid="cleared-count">{fmt(analysis.cleared.length)}</strong>
          {analysis.shouldCompact ? (
            <>
              <span className="muted"> in place, </span>
              <strong>{fmt(analysis.current.tokensAfter)}</strong>
              <span className="muted"> tokens after</span>
            </>
          ) : (
            <span className="muted"> in place once it fires</span>
          )}
        </span>
      )}
      <span data-testid="kept-summary">
        <span className="muted">{would ? 'would keep ' : 'kept '}</span>
        <strong data-testid="kept-tokens">{fmt(keptTokens)}</strong>
        {isCutStrategy(settings.strategy) && (
          <>
            <span className="muted"> of </span>
            <span data-testid="kept-budget">{fmt(settings.keepRecentTokens)}</span>
          </>
        )}
        {over && (
          <span className="muted" data-testid="kept-over-budget">
            {' '}
            ({over})
          </span>
        )}
      </span>
      {overflowText && (
        <span className="badge overflow" data-testid="result-overflow" title={overflowText.long}>
          {overflowText.short}
        </span>
      )}
    </>
  );
}
