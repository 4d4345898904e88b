/** How the chosen strategy's threshold comes about, in words with the numbers filled in. */
import type { Analysis } from '../../core/analysis';
import { fmt } from '../format';

/** The threshold's formula for the chosen strategy, with the numbers filled in. */
export function thresholdFormula(analysis: Pick<Analysis, 'trigger' | 'settings'>): string {
  const { trigger, settings } = analysis;
  if (trigger.comparison === 'always') return `${settings.strategy} acts at every call`;
  if (trigger.threshold <= 0) return 'no window: compaction is off';
  const when = trigger.comparison === 'exceed' ? 'fires above it' : 'fires when reached';
  return `${settings.strategy}: ${trigger.formula} = ${fmt(trigger.threshold)}; ${when}`;
}
