import { describe, expect, it } from 'vitest';
import { elapsedShare, periodContaining } from './period';

describe('periodContaining', () => {
  it('finds the month of an instant', () => {
    expect(periodContaining('monthly', new Date('2025-03-15T12:00:00Z'), 'UTC')).toEqual({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it("uses the team's zone for the month", () => {
    // 31 March 23:30 UTC is already 1 April in Auckland.
    const range = periodContaining('monthly', new Date('2025-03-31T23:30:00Z'), 'UTC');
    expect(range.from).toBe('2025-03-01T00:00:00.000Z');
  });

  it('finds Q1', () => {
    expect(periodContaining('quarterly', new Date('2025-02-10T00:00:00Z'), 'UTC')).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
    });
  });

  it('finds Q4 across the year end', () => {
    expect(periodContaining('quarterly', new Date('2024-12-31T10:00:00Z'), 'UTC').to).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });

  it('starts quarters in January, April, July and October', () => {
    const starts = [1, 4, 7, 10].map(
      (m) => periodContaining('quarterly', new Date(Date.UTC(2025, m - 1, 20)), 'UTC').from,
    );
    expect(starts).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-04-01T00:00:00.000Z',
      '2025-07-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
    ]);
  });
});

describe('elapsedShare', () => {
  const march = { from: '2025-03-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z' };

  it('is 0 at the start', () => {
    expect(elapsedShare(march, new Date(march.from))).toBe(0);
  });

  it('is 1 at the end', () => {
    expect(elapsedShare(march, new Date(march.to))).toBe(1);
  });

  it('clamps before the period', () => {
    expect(elapsedShare(march, new Date('2025-02-01T00:00:00Z'))).toBe(0);
  });

  it('clamps after the period', () => {
    expect(elapsedShare(march, new Date('2025-05-01T00:00:00Z'))).toBe(1);
  });

  it('is 0.5 in the middle of a 30-day month', () => {
    const april = { from: '2025-04-01T00:00:00.000Z', to: '2025-05-01T00:00:00.000Z' };
    expect(elapsedShare(april, new Date('2025-04-16T00:00:00Z'))).toBe(0.5);
  });
});
