/** What every strategy would have left at the moment of a recorded compaction, beside the agent's own summary. */
import { useEffect } from 'react';
import type { Settings } from '../../core/settings';
import { useTimeline } from '../../state/timelineStore';
import type { LedgerEntryView } from '../../worker/protocol';
import { fmt } from '../format';
import { STRATEGY_LABELS } from '../labels';
import { useDebounced } from '../useDebounced';
import { agentFacts, cutOf, n } from './ledgerText';

/** Settings typed in a row compare once, when the typing pauses. */
const COMPARE_QUIET_MS = 250;
/**
 * What each strategy would have left in place of this compaction: asked of
 * the worker when the panel opens (the offline summarizer, these settings),
 * shown when it answers. The agent's own summary comes first, for comparison.
 */
export function StrategiesAt({ entry, settings }: { entry: LedgerEntryView; settings: Settings }) {
  const compareAt = useTimeline((s) => s.compareAt);
  const strategies = useTimeline((s) => s.strategies);
  const quiet = useDebounced(settings, COMPARE_QUIET_MS);
  useEffect(() => {
    void compareAt(entry.index, quiet);
  }, [compareAt, entry.index, quiet]);
  const agent = agentFacts(entry);
  const data = strategies?.status === 'ready' ? strategies.data : null;
  const mine = data && data.compaction === entry.index ? data : null;
  return (
    <>
      <h3>At the same moment</h3>
      {!mine && strategies?.status === 'error' ? (
        <p className="error" role="alert">
          The strategies could not be compared: {strategies.error}
        </p>
      ) : !mine ? (
        <p className="muted" role="status" data-testid="ledger-strategies-loading">
          Comparing the strategies…
        </p>
      ) : (
        <table className="ledger-strategies" data-testid="ledger-strategies">
          <caption>
            What the strategies would have left at the same moment: each compacts the{' '}
            {fmt(mine.contextMessages)} messages the agent had, with the offline summarizer and these settings
          </caption>
          <thead>
            <tr>
              <th scope="col">strategy</th>
              <th scope="col">cut</th>
              <th scope="col">tokens after</th>
              <th scope="col">facts kept</th>
            </tr>
          </thead>
          <tbody>
            <tr data-strategy="agent">
              <th scope="row">the agent's own summary</th>
              <td>summarizes {fmt(entry.summarized.messages)}</td>
              <td>{n(entry.tokensAfter)}</td>
              <td>
                {fmt(agent.kept)}/{fmt(agent.all)}
              </td>
            </tr>
            {mine.strategies.map((s) => (
              <tr key={s.strategy} data-strategy={s.strategy}>
                <th scope="row" title={STRATEGY_LABELS[s.strategy]}>
                  {s.strategy}
                </th>
                <td>{cutOf(s, mine.contextMessages)}</td>
                <td>{n(s.tokensAfter)}</td>
                <td>
                  {fmt(s.facts.all - s.facts.lost)}/{fmt(s.facts.all)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
