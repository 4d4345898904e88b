import { describe, expect, it } from 'vitest';
import type { StrategyTotal } from '../../cases/report';
import { compactedCell, keptRate, rankTotals } from './casesTable';

function total(strategy: string, over: Partial<StrategyTotal>): StrategyTotal {
  return {
    strategy: strategy as StrategyTotal['strategy'],
    runs: 4,
    compacted: 4,
    notCompacted: 0,
    factsKept: 0,
    factsInSummary: 0,
    factsInKept: 0,
    factsTotal: 0,
    controlsKept: 0,
    controlsTotal: 0,
    probesPassed: 0,
    probesTotal: 0,
    tokensAfter: 0,
    summarizerMs: 0,
    costUsd: 0,
    loops: 0,
    ...over,
  };
}

describe('rankTotals', () => {
  it('ranks by the share of facts kept among the runs that compacted, never a strategy that did nothing first', () => {
    const idle = total('cline', {
      compacted: 0,
      notCompacted: 4,
      factsKept: 0,
      factsTotal: 0,
      tokensAfter: 10_000,
    });
    const few = total('kilo', {
      compacted: 1,
      notCompacted: 3,
      factsKept: 3,
      factsTotal: 5,
      tokensAfter: 400,
    });
    const most = total('budget', { factsKept: 18, factsTotal: 20, tokensAfter: 3_000 });
    const tie = total('turns', { factsKept: 9, factsTotal: 10, tokensAfter: 2_000 });
    expect(rankTotals([idle, few, most, tie]).map((t) => t.strategy)).toEqual([
      'turns',
      'budget',
      'kilo',
      'cline',
    ]);
    expect([keptRate(most), keptRate(few), keptRate(idle)]).toEqual([0.9, 0.6, null]);
    expect([compactedCell(most), compactedCell(few), compactedCell(idle)]).toEqual([
      '4 of 4',
      '1 of 4',
      'did not compact',
    ]);
  });
});
