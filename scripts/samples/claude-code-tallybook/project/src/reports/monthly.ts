import { localDate } from '../dates/zone';
import { formatMonth, monthRange } from '../dates/month';
import { convert, convertExact } from '../money/convert';
import { add, fromMajor, negate, zero, type Currency, type Money } from '../money/money';
import type { RateTable } from '../money/rates';
import type { ExpenseStore } from '../store/expenses';
import type { CategoryTotal, MonthlyReport, ReportRow } from './types';

export interface MonthlyReportInput {
  teamId: string;
  year: number;
  month: number;
  tz: string;
  currency: Currency;
  now?: () => Date;
}

export async function buildMonthlyReport(
  store: ExpenseStore,
  rates: RateTable,
  input: MonthlyReportInput,
): Promise<MonthlyReport> {
  const { teamId, year, month, tz, currency } = input;
  const range = monthRange(year, month, tz);
  const expenses = await store.listBetween(teamId, range.from, range.to);

  const rows: ReportRow[] = [];
  const categories = new Map<string, CategoryTotal>();
  // Accumulate the exact value and round once at the end, so a month with
  // hundreds of small foreign-currency rows does not drift by a cent per row.
  let exactTotal = 0;

  for (const e of expenses) {
    const day = localDate(new Date(e.occurredAt), tz);
    const signed: Money = e.kind === 'refund' ? negate(e.amount) : e.amount;
    const rate = await rates.rate(day, signed.currency, currency);
    const converted = convert(signed, currency, rate);
    rows.push({
      id: e.id,
      occurredAt: e.occurredAt,
      localDate: day,
      category: e.category,
      description: e.description,
      kind: e.kind,
      original: signed,
      converted,
      rate,
    });
    exactTotal += convertExact(signed, currency, rate);

    const cat = categories.get(e.category) ?? { category: e.category, total: zero(currency), count: 0 };
    cat.total = add(cat.total, converted);
    cat.count += 1;
    categories.set(e.category, cat);
  }

  return {
    teamId,
    month: formatMonth({ year, month }),
    tz,
    currency,
    rows,
    byCategory: [...categories.values()].sort(
      (a, b) => b.total.minor - a.total.minor || a.category.localeCompare(b.category),
    ),
    total: fromMajor(exactTotal, currency),
    generatedAt: (input.now?.() ?? new Date()).toISOString(),
  };
}
