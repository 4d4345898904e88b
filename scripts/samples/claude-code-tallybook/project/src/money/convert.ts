import { EXPONENT, money, type Currency, type Money } from './money';

/**
 * Converts `amount` into `to` at `rate` (units of `to` per unit of the
 * source currency) and rounds to the target's minor unit.
 */
export function convert(amount: Money, to: Currency, rate: number): Money {
  if (amount.currency === to) return amount;
  if (!(rate > 0) || !Number.isFinite(rate)) {
    throw new RangeError(`invalid rate ${rate} for ${amount.currency}->${to}`);
  }
  const scale = 10 ** (EXPONENT[to] - EXPONENT[amount.currency]);
  return money(Math.round(amount.minor * rate * scale), to);
}

/** The exact converted value in major units of `to`, before any rounding. */
export function convertExact(amount: Money, to: Currency, rate: number): number {
  if (amount.currency === to) return amount.minor / 10 ** EXPONENT[to];
  return (amount.minor / 10 ** EXPONENT[amount.currency]) * rate;
}
