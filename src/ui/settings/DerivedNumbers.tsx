/** The numbers the settings lead to: the threshold and its formula, the summary and turn-prefix budgets. */
import { turnPrefixBudget } from '../../core/settings';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { thresholdFormula } from './thresholdFormula';

export function DerivedNumbers({ analysis }: { analysis: PageAnalysis }) {
  const s = analysis.settings;
  return (
    <dl className="derived">
      <dt>Threshold</dt>
      <dd>
        <strong data-testid="threshold">
          {analysis.trigger.comparison === 'always' ? 'every call' : fmt(analysis.threshold)}
        </strong>
        <div className="muted formula" data-testid="threshold-formula">
          {thresholdFormula(analysis)}
        </div>
      </dd>
      <dt>Summary budget</dt>
      <dd>
        {fmt(analysis.summaryBudget)}
        <div className="muted formula">max(min(reserve·4/5, cap, keep-recent), 1024)</div>
      </dd>
      <dt>Turn-prefix budget</dt>
      <dd>{fmt(turnPrefixBudget(s))}</dd>
    </dl>
  );
}
