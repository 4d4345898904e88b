import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import { STRATEGY_LABELS } from '../labels';
import type { PageAnalysis } from '../useAnalysis';

export function StrategyTable({ analysis }: { analysis: PageAnalysis }) {
  const update = useSettings((s) => s.update);
  return (
    <table className="strategies" data-testid="strategy-table">
      <caption className="visually-hidden">The three cut strategies on this transcript</caption>
      <thead>
        <tr>
          <th scope="col">strategy</th>
          <th scope="col">first kept</th>
          <th scope="col">turn</th>
          <th scope="col" className="num">
            kept
          </th>
          <th scope="col" className="num">
            after (at most)
          </th>
        </tr>
      </thead>
      <tbody>
        {analysis.outcomes.map((o) => (
          <tr
            key={o.strategy}
            className={o.strategy === analysis.settings.strategy ? 'current' : ''}
            data-strategy={o.strategy}
          >
            <th scope="row">
              <button
                type="button"
                className="link"
                onClick={() => update({ strategy: o.strategy })}
                title={STRATEGY_LABELS[o.strategy]}
              >
                <span className={`swatch swatch-${o.strategy}`} aria-hidden="true" />
                {o.strategy}
              </button>
            </th>
            <td>{o.plan.nothingToCompact ? 'nothing to compact' : `#${o.plan.firstKeptIdx}`}</td>
            <td>{o.plan.isSplitTurn ? `split (#${o.plan.turnStartIdx})` : 'whole'}</td>
            <td className="num">{fmt(o.keptTokens)}</td>
            <td className="num">{fmt(o.tokensAfter)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
