import { monthRange, type MonthRange } from '../dates/month';
import { localDate } from '../dates/zone';

export type BudgetPeriod = 'monthly' | 'quarterly';

/** The period that contains `instant` for a team in `tz`. */
export function periodContaining(period: BudgetPeriod, instant: Date, tz: string): MonthRange {
  const [year, month] = localDate(instant, tz).split('-').map(Number) as [number, number];
  if (period === 'monthly') return monthRange(year, month, tz);
  const first = month - ((month - 1) % 3);
  const start = monthRange(year, first, tz);
  const last = first + 2;
  return { from: start.from, to: monthRange(year, last, tz).to };
}

/** How far into the period `instant` is, from 0 to 1, for "spent 40% of the budget in 20% of the month". */
export function elapsedShare(range: MonthRange, instant: Date): number {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const share = (instant.getTime() - from) / (to - from);
  return Math.min(1, Math.max(0, share));
}
