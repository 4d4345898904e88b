/**
 * What the sample project's report code computes for its March fixture
 * (`project/test/fixtures/`), before and after each fix the session makes.
 * The session quotes these numbers (row counts, totals, the two refunds that
 * land on exactly half a cent), so they are computed from the fixture the
 * session reads instead of being typed into the script, where they could
 * drift from it.
 */
import type { Values } from '../lib/script';

type Currency = 'NZD' | 'AUD' | 'USD' | 'EUR' | 'GBP' | 'JPY' | 'SGD';
const EXPONENT: Record<Currency, number> = { NZD: 2, AUD: 2, USD: 2, EUR: 2, GBP: 2, JPY: 0, SGD: 2 };

export interface Expense {
  id: string;
  teamId: string;
  occurredAt: string;
  category: string;
  description: string;
  amount: { minor: number; currency: Currency };
  kind: 'expense' | 'refund';
  createdBy: string;
}

/** Daily reference rates on weekdays: `rates[day][currency].NZD`. */
export type Rates = Record<string, Partial<Record<Currency, Partial<Record<Currency, number>>>>>;

/** NZDT holds from September to 6 April 2025: the team, and the developer's machine, are in Auckland. */
export const AUCKLAND_MS = 13 * 3_600_000;
const aucklandDay = (iso: string): string =>
  new Date(Date.parse(iso) + AUCKLAND_MS).toISOString().slice(0, 10);

/** Rounding half away from zero, the session's fix for Math.round. */
const halfAway = (x: number): number => Math.sign(x) * Math.round(Number(Math.abs(x).toPrecision(15))) || 0;

/** Minor units as a decimal string, `-12.50`. */
const dec = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

interface Row {
  e: Expense;
  day: string;
  rate: number;
  exact: number;
  /** Converted with Math.round, as the code did before the last fix. */
  before: number;
  /** Converted with rounding half away from zero, after it. */
  after: number;
}

/** The March report with the month range the code had before the first fix (`buggy`) or after it. */
function simulate(expenses: Expense[], rates: Rates, range: 'buggy' | 'fixed') {
  const [from, to] =
    range === 'buggy'
      ? ['2025-03-01T13:00:00.000Z', '2025-04-01T13:00:00.000Z']
      : ['2025-02-28T11:00:00.000Z', '2025-03-31T11:00:00.000Z'];
  const rows: Row[] = [];
  for (const e of expenses) {
    if (e.occurredAt < from || e.occurredAt >= to) continue;
    const day = aucklandDay(e.occurredAt);
    const cur = e.amount.currency;
    const signed = e.kind === 'refund' ? -e.amount.minor : e.amount.minor;
    let rate = 1;
    if (cur !== 'NZD') {
      // The rate of the local day, or of the latest weekday before it.
      let t = Date.parse(`${day}T00:00:00Z`);
      for (;;) {
        const r = rates[new Date(t).toISOString().slice(0, 10)]?.[cur]?.NZD;
        if (r !== undefined) {
          rate = r;
          break;
        }
        t -= 86_400_000;
      }
    }
    const x = signed * rate * 10 ** (2 - EXPONENT[cur]);
    rows.push({
      e,
      day,
      rate,
      exact: cur === 'NZD' ? signed / 100 : (signed / 10 ** EXPONENT[cur]) * rate,
      before: cur === 'NZD' ? signed : Math.round(x),
      after: cur === 'NZD' ? signed : halfAway(x),
    });
  }
  const exactTotal = Math.round(rows.reduce((s, r) => s + r.exact, 0) * 100);
  const rowsBefore = rows.reduce((s, r) => s + r.before, 0);
  const rowsAfter = rows.reduce((s, r) => s + r.after, 0);
  return { rows, exactTotal, rowsBefore, rowsAfter };
}

/** Expenses as `jq -r … | @tsv` prints them. */
const tsv = (rows: Expense[]) =>
  rows
    .map((e) => [e.id, e.occurredAt, e.kind, e.amount.minor, e.amount.currency, e.description].join('\t'))
    .join('\n');

const signedMinor = (r: Row) => (r.e.kind === 'refund' ? -r.e.amount.minor : r.e.amount.minor);

/** The values the session script names: `{{rows.buggy}}`, `{{total.exact.nzd}}`, `{{foreignRows}}`, … */
export function reportValues(expenses: Expense[], rates: Rates): Values {
  const buggy = simulate(expenses, rates, 'buggy');
  const fixed = simulate(expenses, rates, 'fixed');
  const between = (from: string, to: string) =>
    expenses.filter((e) => e.occurredAt >= from && e.occurredAt < to);
  // The windows the old range got wrong: local 1 March 00:00 to 2 March 02:00, and the same in April.
  const gained = between('2025-02-28T11:00:00.000Z', '2025-03-01T13:00:00.000Z');
  const lost = between('2025-03-31T11:00:00.000Z', '2025-04-01T13:00:00.000Z');
  const foreign = fixed.rows.filter((r) => r.e.amount.currency !== 'NZD');
  const halfCent = fixed.rows.filter((r) => r.before !== r.after);
  const [aws, hotel] = halfCent;
  if (
    halfCent.length !== 2 ||
    aws!.e.description !== 'Refund: AWS invoice' ||
    hotel!.e.description !== 'Refund: Hotel Motel One Berlin'
  )
    throw new Error('the fixture must hold exactly the AWS and hotel refunds on half a cent');
  const drift = fixed.rowsBefore - fixed.rows.reduce((acc, r) => acc + r.exact * 100, 0);
  const text = (value: string | number) => () => String(value);
  return {
    'rows.buggy': text(buggy.rows.length),
    'rows.fixed': text(fixed.rows.length),
    'rows.fixed.firstId': text(fixed.rows[0]!.e.id),
    /** As vitest abbreviates an array: `[ { … }, …(N) ]`. */
    'rows.fixed.others': text(fixed.rows.length - 1),
    'rows.foreign': text(foreign.length),
    'rows.refunds': text(fixed.rows.filter((r) => r.e.kind === 'refund').length),
    'gained.count': text(gained.length),
    'gained.tsv': text(tsv(gained)),
    'gained.first.at': text(gained[0]!.occurredAt),
    'gained.first.day': text(aucklandDay(gained[0]!.occurredAt)),
    'lost.count': text(lost.length),
    'lost.tsv': text(tsv(lost)),
    /** The total the code printed: the exact sum rounded once, with each range. */
    'total.buggy': text(buggy.exactTotal),
    'total.exact': text(fixed.exactTotal),
    'total.exact.nzd': text(dec(fixed.exactTotal)),
    /** The sum of the rows as the CSV printed them (Math.round), and after the fix (half away from zero). */
    'total.rows.nzd': text(dec(fixed.rowsBefore)),
    'total.gap.nzd': text(dec(fixed.exactTotal - fixed.rowsBefore)),
    'total.fixed': text(fixed.rowsAfter),
    'total.fixed.nzd': text(dec(fixed.rowsAfter)),
    'refund.aws.minor': text(aws!.e.amount.minor),
    'refund.aws.amount': text(dec(aws!.e.amount.minor)),
    'refund.aws.rate': text(aws!.rate),
    'refund.aws.exact': text(-aws!.e.amount.minor * aws!.rate),
    'refund.hotel.minor': text(hotel!.e.amount.minor),
    'refund.hotel.amount': text(dec(hotel!.e.amount.minor)),
    'refund.hotel.rate': text(hotel!.rate),
    /** Cents the per-row rounding adds up to, with the given number of decimals. */
    drift: (digits) => drift.toFixed(Number(digits)),
    foreignRows: text(
      foreign
        .map((r) =>
          [
            r.day,
            r.e.kind.padEnd(7),
            String(signedMinor(r)).padStart(7),
            r.e.amount.currency,
            r.rate.toFixed(6),
            (signedMinor(r) * r.rate).toFixed(4).padStart(12),
            String(r.before).padStart(8),
          ].join('  '),
        )
        .join('\n'),
    ),
    halfCentRows: text(
      halfCent
        .map(
          (r) =>
            `${r.e.id} ${r.day} refund -${r.e.amount.minor} ${r.e.amount.currency} ${r.rate} ${(-r.e.amount.minor * r.rate).toString()} -> ${r.before}`,
        )
        .join('\n'),
    ),
  };
}
