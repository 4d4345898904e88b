import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../archive/row';
import type { ArchiveReplay } from '../../worker/archiveProtocol';
import {
  compare,
  formatsOf,
  matches,
  NO_FILTERS,
  num,
  projectsOf,
  replayTotals,
  startedAt,
  usd,
} from './archiveTable';

function row(file: string, fields: Partial<SessionRow> = {}): SessionRow {
  return {
    file,
    format: 'claude-code',
    project: null,
    firstTime: null,
    compactions: 0,
    costUsd: null,
    ...fields,
  } as SessionRow;
}

const replay = (compactions: number, inputTokensTotal: number, costUsd: number | null): ArchiveReplay => ({
  compactions,
  peakContextTokens: 0,
  inputTokensTotal,
  costUsd,
  overflow: false,
});

describe('the cells of the archive table', () => {
  it('writes dollars to the cent, counts with separators, and a dash for a missing number', () => {
    expect(usd(1.234)).toBe('$1.23');
    expect(usd(null)).toBe('–');
    expect(num(123456)).toBe('123,456');
    expect(num(null)).toBe('–');
  });

  it('gives the start to the minute, or a dash', () => {
    expect(startedAt('2025-03-04T05:06:07.890Z')).toBe('2025-03-04 05:06');
    expect(startedAt(null)).toBe('–');
  });
});

describe('sorting the archive table', () => {
  it('puts the largest first, a row without the number last, and ties by file name', () => {
    const rows = [
      row('b', { costUsd: 2 }),
      row('c', { costUsd: null }),
      row('a', { costUsd: 2 }),
      row('d', { costUsd: 5 }),
    ];
    expect(rows.sort(compare('costUsd')).map((r) => r.file)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('puts the latest start first', () => {
    const rows = [
      row('early', { firstTime: '2025-01-01T00:00:00Z' }),
      row('late', { firstTime: '2025-02-01T00:00:00Z' }),
    ];
    expect(rows.sort(compare('firstTime')).map((r) => r.file)).toEqual(['late', 'early']);
  });
});

describe('filtering the archive table', () => {
  const r = row('x', { project: 'shop', format: 'codex', firstTime: '2025-03-10T12:00:00Z' });

  it('lets every row through with no filter set', () => {
    expect(matches(r, NO_FILTERS)).toBe(true);
    expect(matches(row('y'), NO_FILTERS)).toBe(true);
  });

  it('keeps the chosen project and format, a failed row going by "error"', () => {
    expect(matches(r, { ...NO_FILTERS, project: 'shop', format: 'codex' })).toBe(true);
    expect(matches(r, { ...NO_FILTERS, project: 'blog' })).toBe(false);
    expect(matches(row('bad', { format: null }), { ...NO_FILTERS, format: 'error' })).toBe(true);
  });

  it('includes both end days, and leaves out a row without a time once a day is set', () => {
    expect(matches(r, { ...NO_FILTERS, from: '2025-03-10', to: '2025-03-10' })).toBe(true);
    expect(matches(r, { ...NO_FILTERS, from: '2025-03-11' })).toBe(false);
    expect(matches(r, { ...NO_FILTERS, to: '2025-03-09' })).toBe(false);
    expect(matches(row('undated'), { ...NO_FILTERS, to: '2025-03-09' })).toBe(false);
  });

  it('offers each named project once and every format, sorted', () => {
    const rows = [
      row('1', { project: 'shop' }),
      row('2', { project: 'blog', format: 'codex' }),
      row('3', { project: 'shop', format: null }),
      row('4'),
    ];
    expect(projectsOf(rows)).toEqual(['blog', 'shop']);
    expect(formatsOf(rows)).toEqual(['claude-code', 'codex', 'error']);
  });
});

describe('the totals of a replay under the settings', () => {
  it('sums the replayed sessions, skipping unreadable ones, beside what their files recorded', () => {
    const rows = [row('a', { compactions: 3 }), row('b', { compactions: 1 }), row('c', { compactions: 7 })];
    expect(replayTotals(rows, { a: replay(2, 1000, 0.5), b: replay(0, 300, null), c: null })).toEqual({
      sessions: 2,
      compactions: 2,
      recorded: 4,
      inputTokens: 1300,
      costUsd: 0.5,
    });
  });

  it('is all zero before anything is replayed', () => {
    expect(replayTotals([row('a', { compactions: 3 })], {})).toEqual({
      sessions: 0,
      compactions: 0,
      recorded: 0,
      inputTokens: 0,
      costUsd: 0,
    });
  });
});
