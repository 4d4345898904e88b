import { describe, expect, it } from 'vitest';
import { add, allocate, format, fromMajor, money, negate, sum, toDecimalString, zero } from './money';

describe('money', () => {
  it('refuses fractional minor units', () => {
    expect(() => money(1.5, 'NZD')).toThrow(TypeError);
  });

  it('adds within one currency only', () => {
    expect(add(money(150, 'NZD'), money(275, 'NZD'))).toEqual(money(425, 'NZD'));
    expect(() => add(money(1, 'NZD'), money(1, 'USD'))).toThrow(/mismatch/);
  });

  it('sums a list', () => {
    expect(sum([money(1, 'EUR'), money(2, 'EUR'), negate(money(5, 'EUR'))], 'EUR')).toEqual(money(-2, 'EUR'));
    expect(sum([], 'JPY')).toEqual(zero('JPY'));
  });

  it('rounds floats to the nearest minor unit', () => {
    expect(fromMajor(12.345, 'NZD')).toEqual(money(1235, 'NZD'));
    expect(fromMajor(99.5, 'JPY')).toEqual(money(100, 'JPY'));
  });
});

describe('allocate', () => {
  it('spreads the remainder one unit at a time', () => {
    expect(allocate(money(100, 'NZD'), 3).map((m) => m.minor)).toEqual([34, 33, 33]);
  });

  it('keeps the sign for negative amounts', () => {
    expect(allocate(money(-100, 'NZD'), 3).map((m) => m.minor)).toEqual([-34, -33, -33]);
  });
});

describe('toDecimalString', () => {
  it.each([
    [money(0, 'NZD'), '0.00'],
    [money(7, 'NZD'), '0.07'],
    [money(-1250, 'USD'), '-12.50'],
    [money(1200, 'JPY'), '1200'],
  ])('%o -> %s', (m, text) => {
    expect(toDecimalString(m)).toBe(text);
  });
});

describe('format', () => {
  it('uses the locale', () => {
    expect(format(money(123456, 'NZD'))).toBe('$1,234.56');
    expect(format(money(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00a0€');
  });
});
