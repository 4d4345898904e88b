import type { Currency, Money } from '../money/money';
import type { ExpenseKind } from '../store/expenses';

export interface ReportRow {
  id: string;
  occurredAt: string;
  /** The team-local calendar date, which is what people expect to see. */
  localDate: string;
  category: string;
  description: string;
  kind: ExpenseKind;
  /** Signed: refunds are negative. */
  original: Money;
  /** `original` in the report currency, rounded to its minor unit. */
  converted: Money;
  rate: number;
}

export interface CategoryTotal {
  category: string;
  total: Money;
  count: number;
}

export interface MonthlyReport {
  teamId: string;
  month: string;
  tz: string;
  currency: Currency;
  rows: ReportRow[];
  byCategory: CategoryTotal[];
  total: Money;
  generatedAt: string;
}
