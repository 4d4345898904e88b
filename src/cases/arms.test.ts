import { describe, expect, it } from 'vitest';
import { armScores, spreadCell, spreadOf, type Trial } from './arms';
import type { CaseRun } from './caseRun';

/** A run of `budget` that compacted (or not), with `kept` of 4 facts and `passed` of 2 probes. */
function runOf(kept: number, passed: number, compacted = true): CaseRun {
  return {
    case: 'c',
    strategy: 'budget',
    cut: 5,
    outcome: compacted ? 'compacted' : 'nothing',
    compacted,
    keptFrom: compacted ? 5 : null,
    facts: [],
    factsKept: kept,
    factsTotal: 4,
    controlsKept: 1,
    controlsTotal: 1,
    tokensBefore: 1000,
    tokensAfter: compacted ? 400 : 1000,
    summarizerMs: 1,
    costUsd: 0,
    compactsAgain: false,
    probes: [0, 1].map((i) => ({
      kind: 'recall' as const,
      question: `q${i}`,
      expected: ['x'],
      named: i < passed ? 1 : 0,
      passed: i < passed,
    })),
    failures: [],
  };
}

describe('arm scores', () => {
  it('gives the mean and the sample SD (n − 1) of the trials, to one decimal', () => {
    expect(spreadOf([50, 75, 100])).toEqual({ n: 3, mean: 75, sd: 25, values: [50, 75, 100] });
    expect(spreadOf([100 / 3, 50])).toEqual({ n: 2, mean: 41.7, sd: 11.8, values: [33.3, 50] });
  });

  it('leaves a trial that did not score out of the mean, and gives no SD under two trials', () => {
    expect(spreadOf([null, 40])).toEqual({ n: 1, mean: 40, sd: null, values: [null, 40] });
    expect(spreadOf([null])).toEqual({ n: 0, mean: null, sd: null, values: [null] });
    expect(spreadCell(spreadOf([40]))).toBe('40.0%');
    expect(spreadCell(spreadOf([null]))).toBe('-');
    expect(spreadCell(spreadOf([50, 75, 100]))).toBe('75.0% ± 25.0');
  });

  it('scores each arm over its own trials: a model that answers differently each time has an SD', () => {
    const trials: Trial[] = [
      { arm: 'a', trial: 1, runs: [runOf(2, 1)] },
      { arm: 'a', trial: 2, runs: [runOf(3, 2)] },
      { arm: 'a', trial: 3, runs: [runOf(4, 2)] },
      // Arm b's second trial did not compact: it is not scored, and n says so.
      { arm: 'b', trial: 1, runs: [runOf(1, 0)] },
      { arm: 'b', trial: 2, runs: [runOf(4, 2, false)] },
    ];
    const scores = armScores(trials, [{ label: 'a' }, { label: 'b' }], ['budget']);
    expect(scores).toEqual([
      {
        strategy: 'budget',
        prompt: 'a',
        repeats: 3,
        facts: { n: 3, mean: 75, sd: 25, values: [50, 75, 100] },
        probes: { n: 3, mean: 83.3, sd: 28.9, values: [50, 100, 100] },
      },
      {
        strategy: 'budget',
        prompt: 'b',
        repeats: 2,
        facts: { n: 1, mean: 25, sd: null, values: [25, null] },
        probes: { n: 1, mean: 0, sd: null, values: [0, null] },
      },
    ]);
  });
});
