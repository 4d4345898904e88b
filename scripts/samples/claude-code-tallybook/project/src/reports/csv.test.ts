import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import { csvField, toCsv } from './csv';
import type { MonthlyReport } from './types';

const base: MonthlyReport = {
  teamId: 'team_kea',
  month: '2025-03',
  tz: 'Pacific/Auckland',
  currency: 'NZD',
  rows: [
    {
      id: 'exp_01',
      occurredAt: '2025-03-03T21:15:00.000Z',
      localDate: '2025-03-04',
      category: 'travel',
      description: 'Airport shuttle',
      kind: 'expense',
      original: money(4500, 'NZD'),
      converted: money(4500, 'NZD'),
      rate: 1,
    },
    {
      id: 'exp_02',
      occurredAt: '2025-03-10T02:00:00.000Z',
      localDate: '2025-03-10',
      category: 'software',
      description: 'Figma, "Professional" seat',
      kind: 'expense',
      original: money(1500, 'USD'),
      converted: money(2613, 'NZD'),
      rate: 1.742,
    },
  ],
  byCategory: [],
  total: money(7113, 'NZD'),
  generatedAt: '2025-04-01T09:00:00.000Z',
};

describe('csvField', () => {
  it('leaves plain values alone', () => {
    expect(csvField('Airport shuttle')).toBe('Airport shuttle');
  });

  it('quotes commas, quotes and newlines', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('toCsv', () => {
  it('writes a header, one line per row and a totals line', () => {
    const lines = toCsv(base).split('\r\n');
    expect(lines[0]).toBe('date,category,description,kind,amount,currency,rate,amount_report');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe(',,Total 2025-03,,,,,71.13');
  });

  it('quotes descriptions that need it', () => {
    expect(toCsv(base)).toContain('"Figma, ""Professional"" seat"');
  });

  it('prints the rate with six decimals for foreign rows', () => {
    expect(toCsv(base).split('\r\n')[2]).toContain(',1.742000,');
  });

  it('matches the snapshot', () => {
    expect(toCsv(base)).toMatchSnapshot();
  });
});
