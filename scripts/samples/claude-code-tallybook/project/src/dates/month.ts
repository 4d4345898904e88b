import { offsetMinutes } from './zone';

/** A calendar month as a half-open interval of instants: `from <= t < to`. */
export interface MonthRange {
  from: string;
  to: string;
}

export interface YearMonth {
  year: number;
  month: number;
}

export function parseMonth(value: string): YearMonth {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) throw new RangeError(`expected YYYY-MM, got "${value}"`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new RangeError(`month out of range in "${value}"`);
  return { year, month };
}

export function formatMonth({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * The instants that bound a calendar month for a team in `tz`. Reports are
 * half-open so an expense at exactly midnight belongs to one month only.
 */
export function monthRange(year: number, month: number, tz: string): MonthRange {
  const start = Date.UTC(year, month - 1, 1);
  const end = Date.UTC(year, month, 1);
  return {
    // Shift local midnight to the UTC instant it corresponds to.
    from: new Date(start + offsetMinutes(new Date(start), tz) * 60_000).toISOString(),
    to: new Date(end + offsetMinutes(new Date(end), tz) * 60_000).toISOString(),
  };
}

export function monthLabel({ year, month }: YearMonth, locale = 'en-NZ'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
