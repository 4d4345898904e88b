import { beforeEach, describe, expect, it } from 'vitest';
import { money, type Currency } from '../money/money';
import { RateTable, StaticRates } from '../money/rates';
import { MemoryExpenseStore, type Expense } from '../store/expenses';
import { buildMonthlyReport } from './monthly';

function expense(id: string, occurredAt: string, minor: number, currency: Currency, extra: Partial<Expense> = {}): Expense {
  return {
    id,
    teamId: 'team_kea',
    occurredAt,
    category: 'travel',
    description: id,
    amount: money(minor, currency),
    kind: 'expense',
    createdBy: 'usr_1',
    ...extra,
  };
}

const rates = () =>
  new RateTable(
    new StaticRates({
      '2025-03-03': { USD: { NZD: 1.7421 }, AUD: { NZD: 1.1037 } },
      '2025-03-14': { USD: { NZD: 1.7388 }, EUR: { NZD: 1.8932 } },
    }),
  );

const input = { teamId: 'team_kea', year: 2025, month: 3, tz: 'Pacific/Auckland', currency: 'NZD' as const };
const fixedNow = () => new Date('2025-04-01T09:00:00.000Z');

describe('buildMonthlyReport', () => {
  let store: MemoryExpenseStore;

  beforeEach(() => {
    store = new MemoryExpenseStore([
      expense('e1', '2025-03-02T20:00:00.000Z', 4500, 'NZD'),
      expense('e2', '2025-03-02T23:30:00.000Z', 1999, 'USD', { category: 'software' }),
      expense('e3', '2025-03-14T01:00:00.000Z', 12000, 'EUR', { category: 'meals' }),
      expense('e4', '2025-03-14T03:00:00.000Z', 2500, 'EUR', { category: 'meals', kind: 'refund' }),
      expense('other-team', '2025-03-05T00:00:00.000Z', 100, 'NZD', { teamId: 'team_tui' }),
    ]);
  });

  it('lists the team\'s expenses in order with local dates', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows.map((r) => [r.id, r.localDate])).toEqual([
      ['e1', '2025-03-03'],
      ['e2', '2025-03-03'],
      ['e3', '2025-03-14'],
      ['e4', '2025-03-14'],
    ]);
  });

  it('converts with the rate of the local day', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows[1]!.rate).toBe(1.7421);
    expect(report.rows[1]!.converted).toEqual(money(3482, 'NZD'));
  });

  it('makes refunds negative', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.rows[3]!.original).toEqual(money(-2500, 'EUR'));
    expect(report.rows[3]!.converted.minor).toBeLessThan(0);
  });

  it('totals the month', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.total).toEqual(money(25968, 'NZD'));
  });

  it('groups by category, largest first', async () => {
    const report = await buildMonthlyReport(store, rates(), { ...input, now: fixedNow });
    expect(report.byCategory.map((c) => [c.category, c.count])).toEqual([
      ['meals', 2],
      ['travel', 1],
      ['software', 1],
    ]);
  });
});
