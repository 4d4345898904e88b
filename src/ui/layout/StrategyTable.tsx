/** The strategy table: every cut rule and preset with its own threshold, whether it fires, its cut and what is left. */
import { memo } from 'react';
/**
 * Every strategy on the loaded transcript, side by side: the three cut rules
 * and the agents' presets, each with its own threshold, whether it would act
 * on its own now, what it cuts, what it clears in place and what is left.
 * A row's name picks that strategy.
 */
import type { StrategyOutcome } from '../../core/analysis';
import type { Trigger } from '../../core/harness/preset';
import { isCutStrategy } from '../../core/settings';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import { STRATEGY_GROUPS, STRATEGY_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';

/** The threshold as a comparison: "≥ 167,000", "> 111,616", "every call", "off". */
export function thresholdText(trigger: Trigger): string {
  if (trigger.comparison === 'always') return 'every call';
  if (trigger.threshold <= 0) return 'off';
  return `${trigger.comparison === 'exceed' ? '>' : '≥'} ${fmt(trigger.threshold)}`;
}

/** The formula behind it, with the numbers filled in, for the cell's tooltip. */
function thresholdTitle(trigger: Trigger): string {
  if (trigger.comparison === 'always') return 'Acts at every call: it has no threshold.';
  // The trigger's formula says why there is none: no window, or no trigger set (LangChain's default).
  if (trigger.threshold <= 0)
    return `${trigger.formula.charAt(0).toUpperCase()}${trigger.formula.slice(1)}: it never acts on its own.`;
  const when = trigger.comparison === 'exceed' ? 'more than' : 'at least';
  return `${trigger.formula} = ${fmt(trigger.threshold)}; acts when the context holds ${when} that.`;
}

/** Where it cuts: the first kept message, "everything" when it keeps none, or why it does not cut. */
function cutText(o: StrategyOutcome, messages: number): string {
  if (o.plan.nothingToCompact) return o.cleared.length > 0 ? 'no cut' : 'nothing to compact';
  if (o.plan.firstKeptIdx >= messages) return 'summarizes all';
  const split = o.plan.isSplitTurn ? `, splits #${o.plan.turnStartIdx}` : '';
  return `#${o.plan.firstKeptIdx}${split}`;
}

/** A strategy that fires with nothing to cut or clear changes nothing: the cell says so. */
function isIdle(o: StrategyOutcome): boolean {
  return o.fires && o.plan.nothingToCompact && o.cleared.length === 0;
}

function firesText(o: StrategyOutcome): string {
  if (!o.fires) return 'no';
  return isIdle(o) ? 'fires: no change' : 'fires';
}

function firesTitle(o: StrategyOutcome): string | undefined {
  if (!isIdle(o)) return undefined;
  return `It fires, but has nothing to cut or clear: the context stays at ${fmt(o.tokensAfter)} tokens.`;
}

function clearedTitle(o: StrategyOutcome): string {
  if (o.cleared.length === 0) return 'Clears nothing on this transcript.';
  let before = 0;
  let after = 0;
  for (const c of o.cleared) {
    before += c.tokensBefore;
    after += c.tokensAfter;
  }
  const what = o.cleared.length === 1 ? 'message' : 'messages';
  return `${fmt(o.cleared.length)} ${what} cleared in place: ${fmt(before)} → ${fmt(after)} tokens.`;
}

function Row({ o, current, messages }: { o: StrategyOutcome; current: boolean; messages: number }) {
  const update = useSettings((s) => s.update);
  return (
    <tr className={current ? 'current' : ''} data-testid="strategy-row" data-strategy={o.strategy}>
      <th scope="row">
        <button
          type="button"
          className="link"
          onClick={() => update({ strategy: o.strategy })}
          title={STRATEGY_LABELS[o.strategy]}
          aria-pressed={current}
        >
          <span
            className={`swatch ${isCutStrategy(o.strategy) ? `swatch-${o.strategy}` : 'swatch-preset'}`}
            aria-hidden="true"
          />
          {o.strategy}
        </button>
      </th>
      <td className="num" data-testid="strategy-threshold" title={thresholdTitle(o.trigger)}>
        {thresholdText(o.trigger)}
      </td>
      <td data-testid="strategy-fires" className={o.fires ? 'fires' : 'quiet'} title={firesTitle(o)}>
        {firesText(o)}
      </td>
      <td className="cut-col" data-testid="strategy-cut">
        {cutText(o, messages)}
      </td>
      <td className="num" data-testid="strategy-cleared" title={clearedTitle(o)}>
        {isCutStrategy(o.strategy) ? '–' : fmt(o.cleared.length)}
      </td>
      <td className="num" data-testid="strategy-after">
        {/* One that does not fire: what it would leave if it did, as the chart and a forced preview show. */}
        {o.fires || o.tokensIfFired === o.tokensAfter ? (
          fmt(o.tokensAfter)
        ) : (
          <>
            <span className="muted would-after">would be </span>
            {fmt(o.tokensIfFired)}
          </>
        )}
      </td>
    </tr>
  );
}

export const StrategyTable = memo(StrategyTableComponent);

function StrategyTableComponent({ analysis }: { analysis: PageAnalysis }) {
  const byStrategy = new Map(analysis.outcomes.map((o) => [o.strategy, o]));
  const messages = analysis.view.roles.length;
  return (
    <table className="strategies" data-testid="strategy-table">
      <caption className="visually-hidden">
        Every strategy on this transcript: its threshold, whether it fires now, where it cuts, how many
        messages it clears in place and the tokens left afterwards
      </caption>
      <thead>
        <tr>
          <th scope="col">strategy</th>
          <th scope="col" className="num">
            threshold
          </th>
          <th scope="col">fires</th>
          <th scope="col" className="cut-col">
            cut
          </th>
          <th scope="col" className="num">
            cleared
          </th>
          <th
            scope="col"
            className="num"
            title="The context after it acts: what it clears, then a summary at its budget but never longer than what it replaces. One that does not fire leaves the context as it is; its cell says what it would leave if it did."
          >
            <span className="wide-only">context </span>after
          </th>
        </tr>
      </thead>
      {STRATEGY_GROUPS.map((group) => (
        <tbody key={group.label}>
          <tr className="group">
            <th scope="colgroup" colSpan={6}>
              {group.label}
            </th>
          </tr>
          {group.strategies.map((strategy) => {
            const o = byStrategy.get(strategy);
            return o ? (
              <Row
                key={strategy}
                o={o}
                current={strategy === analysis.settings.strategy}
                messages={messages}
              />
            ) : null;
          })}
        </tbody>
      ))}
    </table>
  );
}
