import { describe, expect, it } from 'vitest';
import type { StrategyTotal } from '../../cases/report';
import { compactedCell, compactedTier, keptRate, rankTotals } from './casesTable';

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
      compacted: 2,
      notCompacted: 2,
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
      '2 of 4',
      'did not compact',
    ]);
  });

  it('ranks a strategy that compacted in fewer than half its runs after every one that compacted in more, whatever it kept', () => {
    const rare = total('cline', { runs: 20, compacted: 2, notCompacted: 18, factsKept: 10, factsTotal: 10 });
    const usual = total('budget', { runs: 20, compacted: 20, factsKept: 70, factsTotal: 100 });
    const never = total('letta', { runs: 20, compacted: 0, notCompacted: 20 });
    expect(rankTotals([rare, never, usual]).map((t) => t.strategy)).toEqual(['budget', 'cline', 'letta']);
    expect([compactedTier(usual), compactedTier(rare), compactedTier(never)]).toEqual([
      'most',
      'few',
      'none',
    ]);
    expect(compactedTier({ runs: 20, compacted: 10 })).toBe('most');
    expect(compactedTier({ runs: 20, compacted: 9 })).toBe('few');
  });
});
