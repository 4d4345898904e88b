import { toMajor, type Money } from '../money/money';
import { elapsedShare, periodContaining, type BudgetPeriod } from './period';

export interface Budget {
  id: string;
  teamId: string;
  category: string | null;
  period: BudgetPeriod;
  limit: Money;
  /** Percentages of the limit that trigger an alert, ascending. */
  thresholds: number[];
}

export interface AlertDecision {
  budgetId: string;
  threshold: number;
  spentPercent: number;
  pacePercent: number;
}

/**
 * Decides which alerts to send after an expense was recorded. An alert fires
 * once per threshold and period; `alreadySent` holds the thresholds sent so far.
 */
export function alertsFor(
  budget: Budget,
  spent: Money,
  now: Date,
  tz: string,
  alreadySent: ReadonlySet<number>,
): AlertDecision[] {
  if (budget.limit.minor <= 0) return [];
  const spentPercent = Math.round((spent.minor / budget.limit.minor) * 1000) / 10;
  const range = periodContaining(budget.period, now, tz);
  const pacePercent = Math.round(elapsedShare(range, now) * 1000) / 10;
  return budget.thresholds
    .filter((t) => spentPercent >= t && !alreadySent.has(t))
    .map((threshold) => ({ budgetId: budget.id, threshold, spentPercent, pacePercent }));
}

export function describeAlert(budget: Budget, decision: AlertDecision, spent: Money): string {
  const what = budget.category ? `the ${budget.category} budget` : 'the team budget';
  return (
    `You have spent ${decision.spentPercent}% of ${what} (${toMajor(spent).toFixed(2)} of ` +
    `${toMajor(budget.limit).toFixed(2)} ${budget.limit.currency}) with ${decision.pacePercent}% of the period gone.`
  );
}
