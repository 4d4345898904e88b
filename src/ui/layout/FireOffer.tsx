/** The offer of a window where compaction fires, for a transcript under the threshold. */
import { useMemo } from 'react';
import { keepRecentNote, triggerThatFires, triggerWith, windowThatFires } from '../../core/fireWindow';
import { clearsOnly, triggerParamOf, type HarnessId } from '../../core/harness/registry';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';

/**
 * The part no compaction touches, by the names the line of numbers gives its
 * terms: one number, one name, wherever it is said.
 */
function fixedParts(framing: number, unseen: number, inferred: boolean): string {
  const named = inferred ? 'not explained by the file (inferred)' : 'system prompt and tools (set)';
  return [framing > 0 ? `${fmt(framing)} framing` : '', unseen > 0 ? `${fmt(unseen)} ${named}` : '']
    .filter(Boolean)
    .join(' + ');
}

/**
 * A transcript under the threshold shows no cut at all. One click sets a
 * window where it just fires under the chosen strategy's own threshold rule,
 * as if the session had grown that far, so the cut and the summary can be
 * seen on the transcript at hand. The Anthropic API's clearing has a trigger
 * of its own instead of a window, so its offer is a trigger.
 */
export function FireOffer({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  const setParam = useSettings((s) => s.setParam);
  const { settings, shouldCompact, contextTokens, threshold, totalTokens, framingTokens, unseenTokens } =
    analysis;
  // What the verdict counts and no compaction touches: the unseen part and the framing.
  const fixed = contextTokens - totalTokens;
  const offer = useMemo(() => {
    const param = triggerParamOf(settings.strategy);
    if (param !== null) {
      const trigger = triggerThatFires(contextTokens);
      return trigger === null ? null : ({ kind: 'trigger', param, trigger } as const);
    }
    const found = windowThatFires(contextTokens, settings, fixed);
    if (found) return { kind: 'window', found, trigger: triggerWith(settings, found).trigger } as const;
    // A window would fire, but the part no compaction touches leaves no room under its threshold.
    return windowThatFires(contextTokens, settings) ? ({ kind: 'no-room' } as const) : null;
  }, [contextTokens, settings, fixed]);
  // Estimated counts are provisional: a window computed from them would be off.
  if (shouldCompact || !settings.enabled || analysis.view.estimatedFor || !offer) return null;
  const under =
    threshold > 0
      ? `${fmt(contextTokens)} tokens stay under the threshold of ${fmt(threshold)}`
      : `With ${analysis.current.trigger.formula}, compaction is off for these ${fmt(contextTokens)} tokens`;
  if (offer.kind === 'no-room')
    return (
      <div className="fire-offer" role="status" data-testid="fire-offer-no-room">
        <span>
          {under}. No window makes it fire usefully: {fmt(fixed)} of them are ones no compaction touches (
          {fixedParts(framingTokens, unseenTokens, analysis.unseenSource === 'recorded-usage')}), and beside
          them the kept messages and even the smallest summary would stay over any threshold these tokens
          cross.
        </span>
      </div>
    );
  if (offer.kind === 'trigger') {
    return (
      <div className="fire-offer" role="status">
        <span>
          {under}: nothing would be {clearsOnly(settings.strategy) ? 'cleared' : 'compacted'}. A trigger of{' '}
          {fmt(offer.trigger)} is the largest round one this transcript exceeds.
        </span>
        <button
          type="button"
          className="primary"
          data-testid="make-it-fire"
          onClick={() => setParam(settings.strategy as HarnessId, offer.param as never, offer.trigger)}
        >
          Make it fire: trigger {fmt(offer.trigger)}
        </button>
      </div>
    );
  }
  const { found, trigger } = offer;
  const keepWhy = keepRecentNote(contextTokens, settings, found, fixed);
  return (
    <div className="fire-offer" role="status">
      <span>
        {under}: nothing would be compacted. A window of {fmt(found.maxContextTokens)} (reserve{' '}
        {fmt(found.reserveTokens)}, keep recent {fmt(found.keepRecentTokens)}
        {keepWhy && <span data-testid="fire-offer-keep-why"> ({keepWhy})</span>}
        {found.maxSummaryTokens !== undefined && `, summary at most ${fmt(found.maxSummaryTokens)}`}) is the
        largest round one where this transcript crosses {settings.strategy}&apos;s threshold:{' '}
        <span data-testid="fire-offer-threshold">
          {trigger.formula} = {fmt(trigger.threshold)}
        </span>
        .
      </span>
      <button type="button" className="primary" data-testid="make-it-fire" onClick={() => update(found)}>
        Make it fire: window {fmt(found.maxContextTokens)}
      </button>
    </div>
  );
}
