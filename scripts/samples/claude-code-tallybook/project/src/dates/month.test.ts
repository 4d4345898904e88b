import { describe, expect, it } from 'vitest';
import { formatMonth, monthLabel, monthRange, parseMonth, previousMonth } from './month';

describe('parseMonth', () => {
  it('reads YYYY-MM', () => {
    expect(parseMonth('2025-03')).toEqual({ year: 2025, month: 3 });
  });

  it('rejects other shapes', () => {
    expect(() => parseMonth('2025-3')).toThrow(RangeError);
    expect(() => parseMonth('03-2025')).toThrow(RangeError);
    expect(() => parseMonth('2025-13')).toThrow(/out of range/);
  });
});

describe('previousMonth', () => {
  it('wraps at January', () => {
    expect(previousMonth({ year: 2025, month: 1 })).toEqual({ year: 2024, month: 12 });
    expect(formatMonth(previousMonth({ year: 2025, month: 4 }))).toBe('2025-03');
  });
});

describe('monthRange', () => {
  it('covers a UTC month exactly', () => {
    expect(monthRange(2025, 3, 'UTC')).toEqual({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it('handles February in a leap year', () => {
    expect(monthRange(2024, 2, 'UTC').to).toBe('2024-03-01T00:00:00.000Z');
  });

  it('handles December', () => {
    expect(monthRange(2024, 12, 'UTC')).toEqual({
      from: '2024-12-01T00:00:00.000Z',
      to: '2025-01-01T00:00:00.000Z',
    });
  });
});

describe('monthLabel', () => {
  it('names the month in the given locale', () => {
    expect(monthLabel({ year: 2025, month: 3 })).toBe('March 2025');
    expect(monthLabel({ year: 2025, month: 3 }, 'de-DE')).toBe('März 2025');
  });
});
