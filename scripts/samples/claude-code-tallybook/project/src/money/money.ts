/**
 * Money is an integer number of minor units plus an ISO 4217 code. Never a
 * float: every arithmetic step that could produce a fraction goes through
 * one of the rounding helpers below.
 */

export type Currency = 'NZD' | 'AUD' | 'USD' | 'EUR' | 'GBP' | 'JPY' | 'SGD';

export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

/** Digits after the decimal point, per ISO 4217. */
export const EXPONENT: Record<Currency, number> = {
  NZD: 2,
  AUD: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  SGD: 2,
};

export const CURRENCIES = Object.keys(EXPONENT) as Currency[];

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(EXPONENT, value);
}

export function money(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new TypeError(`minor units must be a safe integer, got ${minor}`);
  return { minor, currency };
}

export function zero(currency: Currency): Money {
  return { minor: 0, currency };
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new TypeError(`currency mismatch: ${a.currency} vs ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

export function negate(a: Money): Money {
  return money(-a.minor, a.currency);
}

export function sum(items: readonly Money[], currency: Currency): Money {
  return items.reduce((acc, m) => add(acc, m), zero(currency));
}

export function isNegative(a: Money): boolean {
  return a.minor < 0;
}

/** Major units as a float, for display maths only. */
export function toMajor(a: Money): number {
  return a.minor / 10 ** EXPONENT[a.currency];
}

/** The nearest minor-unit amount to a float number of major units. */
export function fromMajor(major: number, currency: Currency): Money {
  return money(Math.round(major * 10 ** EXPONENT[currency]), currency);
}

/** Splits `a` into `parts` amounts that differ by at most one minor unit and add up to `a`. */
export function allocate(a: Money, parts: number): Money[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.trunc(a.minor / parts);
  let rest = a.minor - base * parts;
  const step = Math.sign(rest);
  return Array.from({ length: parts }, () => {
    if (rest === 0) return money(base, a.currency);
    rest -= step;
    return money(base + step, a.currency);
  });
}

/** Plain decimal text with the currency's exponent, e.g. "-12.50", for CSV and JSON. */
export function toDecimalString(a: Money): string {
  const exp = EXPONENT[a.currency];
  const sign = a.minor < 0 ? '-' : '';
  const abs = Math.abs(a.minor);
  if (exp === 0) return `${sign}${abs}`;
  const whole = Math.floor(abs / 10 ** exp);
  const frac = String(abs % 10 ** exp).padStart(exp, '0');
  return `${sign}${whole}.${frac}`;
}

export function format(a: Money, locale = 'en-NZ'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: a.currency }).format(toMajor(a));
}
