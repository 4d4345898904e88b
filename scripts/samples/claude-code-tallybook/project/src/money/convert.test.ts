import { describe, expect, it } from 'vitest';
import { money } from './money';
import { convert, convertExact } from './convert';

describe('convert', () => {
  it('returns same-currency amounts unchanged', () => {
    const m = money(1234, 'NZD');
    expect(convert(m, 'NZD', 1.7)).toBe(m);
  });

  it('converts between two-decimal currencies', () => {
    expect(convert(money(1999, 'USD'), 'NZD', 1.7421)).toEqual(money(3482, 'NZD'));
  });

  it('handles zero-decimal currencies both ways', () => {
    expect(convert(money(1000, 'JPY'), 'NZD', 0.01163)).toEqual(money(1163, 'NZD'));
    expect(convert(money(1000, 'NZD'), 'JPY', 86.02)).toEqual(money(860, 'JPY'));
  });

  it('rounds half up like Math.round', () => {
    expect(convert(money(5, 'USD'), 'NZD', 1.5)).toEqual(money(8, 'NZD'));
    expect(convert(money(-5, 'USD'), 'NZD', 1.5)).toEqual(money(-7, 'NZD'));
  });

  it('rejects nonsense rates', () => {
    expect(() => convert(money(1, 'USD'), 'NZD', 0)).toThrow(RangeError);
    expect(() => convert(money(1, 'USD'), 'NZD', Number.NaN)).toThrow(RangeError);
  });
});

describe('convertExact', () => {
  it('does not round', () => {
    expect(convertExact(money(1999, 'USD'), 'NZD', 1.7421)).toBeCloseTo(34.8246, 6);
  });
});
