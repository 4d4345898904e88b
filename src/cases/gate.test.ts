import { describe, expect, it } from 'vitest';
import type { CaseRun } from './caseRun';
import { breach, brokenLines, checkGate, gateVerdict, judge } from './gate';
import { parseGateConfig, type Budget } from './gateConfig';

/** One run: facts a (kept) and b (lost) before the cut, control c (kept) after it. */
const RUN: CaseRun = {
  case: 'c1',
  strategy: 'budget',
  cut: 'auto',
  outcome: 'compacted',
  compacted: true,
  keptFrom: 3,
  facts: [
    { id: 'a', kind: 'artifact', side: 'before', kept: true, foundIn: 'summary', foundAt: null },
    { id: 'b', kind: 'constraint', side: 'before', kept: false, foundIn: null, foundAt: null },
    { id: 'c', kind: 'constraint', side: 'after', kept: true, foundIn: 'message', foundAt: 4 },
  ],
  factsKept: 1,
  factsTotal: 2,
  controlsKept: 1,
  controlsTotal: 1,
  tokensBefore: 900,
  tokensAfter: 400,
  summarizerMs: 12,
  costUsd: 0,
  compactsAgain: true,
  probes: [],
  failures: [],
};

/** The budgets of a file holding `budgets`. */
const budgetsOf = (...budgets: object[]): Budget[] =>
  parseGateConfig('b.json', JSON.stringify({ cases: '.', budgets })).budgets;
const one = (budget: object) => budgetsOf(budget)[0];

describe('a budget held to one run', () => {
  it('a facts-kept floor: holds at the share, breaks under it naming the facts lost', () => {
    expect(breach(one({ factsKept: { min: 0.5 } }), RUN)).toBeNull();
    expect(breach(one({ factsKept: { min: 0.75 } }), RUN)).toBe(
      'budget cut auto: 1/2 facts (0.5 < 0.75); lost b',
    );
  });

  it('a controls floor counts the facts after the cut only', () => {
    expect(breach(one({ controlsKept: { min: 1 } }), RUN)).toBeNull();
    const lostControl: CaseRun = {
      ...RUN,
      controlsKept: 0,
      facts: RUN.facts.map((f) => (f.id === 'c' ? { ...f, kept: false, foundIn: null, foundAt: null } : f)),
    };
    expect(breach(one({ controlsKept: { min: 1 } }), lostControl)).toBe(
      'budget cut auto: 0/1 controls (0 < 1); lost c',
    );
  });

  it('a share with nothing to count holds: a case with no probe passes a probes floor', () => {
    expect(breach(one({ probesPassed: { min: 1 } }), RUN)).toBeNull();
    const probed: CaseRun = {
      ...RUN,
      probes: [
        { kind: 'recall', question: 'q1', expected: ['x'], named: 0, passed: false },
        { kind: 'recall', question: 'q2', expected: ['y'], named: 1, passed: true },
        { kind: 'artifact', question: 'q3', expected: ['z'], named: 0, passed: false },
      ],
    };
    expect(breach(one({ probesPassed: { min: 0.5 } }), probed)).toBe(
      'budget cut auto: 1/3 probes passed (0.333 < 0.5)',
    );
  });

  it('a tokens-after ceiling: holds at the ceiling, breaks one token over it', () => {
    expect(breach(one({ tokensAfter: { max: 400 } }), RUN)).toBeNull();
    expect(breach(one({ tokensAfter: { max: 399 } }), RUN)).toBe('budget cut auto: tokensAfter 400 > 399');
  });

  it('a time ceiling, and a cost ceiling that breaks when the model has no price', () => {
    expect(breach(one({ summarizerMs: { max: 11 } }), { ...RUN, cut: 7 })).toBe(
      'budget cut 7: summarizerMs 12 > 11',
    );
    expect(breach(one({ costUsd: { max: 0.01 } }), { ...RUN, costUsd: 0.0123456 })).toBe(
      'budget cut auto: costUsd 0.012 > 0.01',
    );
    expect(breach(one({ costUsd: { max: 1 } }), { ...RUN, costUsd: null })).toBe(
      'budget cut auto: costUsd unknown (the model has no list price)',
    );
  });

  it('no compaction loop: breaks when the result is still over the threshold', () => {
    expect(breach(one({ noCompactionLoop: true }), RUN)).toBe(
      'budget cut auto: 400 tokens after compaction are still over the threshold; the next turn compacts again',
    );
    expect(breach(one({ noCompactionLoop: true }), { ...RUN, compactsAgain: false })).toBeNull();
  });
});

describe('the gate over every case', () => {
  const budgets = budgetsOf(
    { strategy: 'budget', factsKept: { min: 0.5 } },
    { factsKept: { min: 0.75 } },
    { noCompactionLoop: true },
    { tokensAfter: { max: 399 } },
    { strategy: 'pi', tokensAfter: { max: 1 } },
    { name: 'c2 only', case: 'c2', tokensAfter: { max: 1 } },
  );

  it('a verdict per budget and case it covers: the runs it covers and each that broke it', () => {
    const verdicts = judge(budgets, ['c1'], [RUN]);
    expect(verdicts.map((v) => [v.budget.number, v.case, v.runs, v.failures])).toEqual([
      [1, 'c1', 1, []],
      [2, 'c1', 1, ['budget cut auto: 1/2 facts (0.5 < 0.75); lost b']],
      [
        3,
        'c1',
        1,
        [
          'budget cut auto: 400 tokens after compaction are still over the threshold; the next turn compacts again',
        ],
      ],
      [4, 'c1', 1, ['budget cut auto: tokensAfter 400 > 399']],
      [5, 'c1', 0, []],
    ]);
  });

  it('each broken budget as a line naming the budget, its label and the case', () => {
    const runs = [RUN, { ...RUN, case: 'c2', strategy: 'pi' as const, tokensAfter: 1, compactsAgain: false }];
    const gate = gateVerdict(budgets, ['c1', 'c2'], runs);
    expect(gate.passed).toBe(false);
    expect(gate.broken).toEqual([
      'budget 2 (factsKept ≥ 0.75) broken by c1: budget cut auto: 1/2 facts (0.5 < 0.75); lost b',
      'budget 2 (factsKept ≥ 0.75) broken by c2: pi cut auto: 1/2 facts (0.5 < 0.75); lost b',
      'budget 3 (no compaction loop) broken by c1: budget cut auto: 400 tokens after compaction are still over the threshold; the next turn compacts again',
      'budget 4 (tokensAfter ≤ 399) broken by c1: budget cut auto: tokensAfter 400 > 399',
    ]);
    expect(brokenLines(gate.verdicts)).toEqual(gate.broken);
    expect(gate.verdicts.filter((v) => v.budget.number === 6).map((v) => v.case)).toEqual(['c2']);
  });

  it('passes when every budget holds', () => {
    const gate = gateVerdict(budgetsOf({ tokensAfter: { max: 400 } }), ['c1'], [RUN]);
    expect(gate).toEqual({
      verdicts: [{ budget: expect.objectContaining({ number: 1 }), case: 'c1', runs: 1, failures: [] }],
      broken: [],
      passed: true,
    });
  });
});

describe('the gate as the page checks it, from the budgets file’s text', () => {
  const file = (budgets: object[]) => JSON.stringify({ cases: 'cases/', budgets });

  it('counts the checks that hold and lists each breach', () => {
    expect(
      checkGate(
        'compaction-check.json',
        file([{ tokensAfter: { max: 400 } }, { noCompactionLoop: true }]),
        ['c1'],
        [RUN],
      ),
    ).toEqual({
      passed: false,
      checks: 2,
      held: 1,
      broken: [
        'budget 2 (no compaction loop) broken by c1: budget cut auto: 400 tokens after compaction are still over the threshold; the next turn compacts again',
      ],
    });
    expect(checkGate('g.json', file([{ tokensAfter: { max: 400 } }]), ['c1'], [RUN])).toEqual({
      passed: true,
      checks: 1,
      held: 1,
      broken: [],
    });
  });

  it('refuses a bad file with every problem, and a budget naming a case not run', () => {
    expect(checkGate('g.json', file([{ factsKept: { min: 2 } }, {}]), ['c1'], [RUN])).toEqual({
      refused: [
        'g.json: budgets[0].factsKept.min: factsKept.min is a share from 0 to 1',
        'g.json: budgets[1]: a budget names exactly one of factsKept, controlsKept, probesPassed, tokensAfter, summarizerMs, costUsd, noCompactionLoop',
      ],
    });
    expect(checkGate('g.json', file([{ case: 'c9', noCompactionLoop: true }]), ['c1'], [RUN])).toEqual({
      refused: ['budget 1: no case with id c9 in the cases run'],
    });
  });
});
