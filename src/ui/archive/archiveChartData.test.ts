import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../archive/row';
import { axisTop, perDay, survivalDistribution, tickInterval, undated } from './archiveChartData';

function row(
  file: string,
  compactions: number,
  paths: number | null,
  commands: number | null,
  error?: string,
) {
  return {
    file,
    compactions,
    pathSurvival: paths,
    commandSurvival: commands,
    instructionSurvival: null,
    ...(error ? { error } : {}),
  } as unknown as SessionRow;
}

describe('survivalDistribution', () => {
  it('counts each session with compactions in the bin its share reaches, 100% apart', () => {
    const d = survivalDistribution([
      row('a', 2, 0, 0.19),
      row('b', 1, 0.2, null),
      row('c', 3, 0.999, 1),
      row('d', 1, 1, 0.6),
    ]);
    expect(d.bins.map((b) => [b.label, b.paths, b.commands, b.instructions])).toEqual([
      ['0–20%', 1, 1, 0],
      ['20–40%', 1, 0, 0],
      ['40–60%', 0, 0, 0],
      ['60–80%', 0, 1, 0],
      ['80–99%', 1, 0, 0],
      ['100%', 1, 1, 0],
    ]);
    expect(d).toMatchObject({ compacted: 4, uncompacted: 0 });
  });

  it('leaves out sessions without compactions (saying how many) and rows that did not import', () => {
    const d = survivalDistribution([
      row('a', 0, null, null),
      row('b', 0, null, null, 'torn'),
      row('c', 1, 0.5, null),
    ]);
    expect(d).toMatchObject({ compacted: 1, uncompacted: 1 });
    expect(d.bins.reduce((n, b) => n + b.paths, 0)).toBe(1);
    expect(d.bins.reduce((n, b) => n + b.commands, 0)).toBe(0);
  });
});

describe('tickInterval', () => {
  it('labels every day while there are at most five', () => {
    expect(tickInterval(1)).toBe(0);
    expect(tickInterval(5)).toBe(0);
  });

  it('skips days between labels so a half-year shows at most five', () => {
    expect(tickInterval(6)).toBe(1);
    expect(tickInterval(180)).toBe(35);
    // Every 36th of 180 days: days 0, 36, 72, 108 and 144 are labelled.
    expect(Math.ceil(180 / (tickInterval(180) + 1))).toBe(5);
  });
});

describe('axisTop', () => {
  it('rounds the largest value up to a step of 1, 2 or 5 times a power of ten, four steps or so', () => {
    expect(axisTop(7)).toEqual({ top: 8, step: 2 });
    expect(axisTop(100)).toEqual({ top: 100, step: 50 });
    expect(axisTop(11_020.15)).toEqual({ top: 15_000, step: 5000 });
    expect(axisTop(3)).toEqual({ top: 3, step: 1 });
  });

  it('gives an empty chart an axis of 0 to 1', () => {
    expect(axisTop(0)).toEqual({ top: 1, step: 0.25 });
  });

  it('steps by whole numbers on an axis of counts, so one compaction has no tick at 0.5', () => {
    expect(axisTop(1)).toEqual({ top: 1, step: 0.5 });
    expect(axisTop(1, 4, true)).toEqual({ top: 1, step: 1 });
    expect(axisTop(3, 4, true)).toEqual({ top: 3, step: 1 });
    expect(axisTop(7, 4, true)).toEqual({ top: 8, step: 2 });
    expect(axisTop(0, 4, true)).toEqual({ top: 1, step: 1 });
  });
});

describe('the sessions the charts by day leave out', () => {
  const rows = [
    { firstTime: '2026-01-02T10:00:00.000Z', compactions: 2, costUsd: 1.5 },
    { firstTime: null, compactions: 3, costUsd: 4.25 },
    { firstTime: null, compactions: 0, costUsd: null },
  ] as unknown as SessionRow[];

  it('are those that name no time, with their compactions and cost, which the days plus these sum to', () => {
    expect(undated(rows)).toEqual({ sessions: 2, compactions: 3, cost: 4.25 });
    expect(perDay(rows)).toEqual([{ day: '2026-01-02', compactions: 2, cost: 1.5, cumulative: 1.5 }]);
  });
});
