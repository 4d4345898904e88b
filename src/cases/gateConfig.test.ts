import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../core';
import { GateConfigError, insideItsFolder, parseGateConfig, strategiesOf, unknownCases } from './gateConfig';

/** Every problem a budgets file is refused for. */
function problemsOf(raw: object | string): readonly string[] {
  try {
    parseGateConfig('b.json', typeof raw === 'string' ? raw : JSON.stringify(raw));
  } catch (error) {
    if (error instanceof GateConfigError) return error.problems;
    throw error;
  }
  throw new Error('the file was read');
}

describe('the budgets file', () => {
  it('reads budgets with their labels, strategies and bounds, the case folder as written', () => {
    const config = parseGateConfig(
      'compaction-check.json',
      JSON.stringify({
        cases: 'cases/',
        budgets: [
          { strategy: 'claude-code', factsKept: { min: 0.9 } },
          { noCompactionLoop: true },
          { name: 'small', case: ['a', 'b'], tokensAfter: { max: 5000 } },
          { strategy: ['budget', 'pi'], case: 'a', controlsKept: { min: 1 } },
        ],
      }),
    );
    expect(config.cases).toBe('cases/');
    expect(config.budgets).toEqual([
      {
        number: 1,
        label: 'claude-code: factsKept ≥ 0.9',
        strategies: ['claude-code'],
        cases: null,
        measure: 'factsKept',
        min: 0.9,
      },
      { number: 2, label: 'no compaction loop', strategies: null, cases: null, measure: 'noCompactionLoop' },
      { number: 3, label: 'small', strategies: null, cases: ['a', 'b'], measure: 'tokensAfter', max: 5000 },
      {
        number: 4,
        label: 'budget,pi case a: controlsKept ≥ 1',
        strategies: ['budget', 'pi'],
        cases: ['a'],
        measure: 'controlsKept',
        min: 1,
      },
    ]);
  });

  it.each([
    [{ budgets: [{ noCompactionLoop: true }] }, 'b.json: cases: missing'],
    [{ cases: 'c', budgets: [] }, 'b.json: budgets: budgets must not be empty'],
    [
      { cases: 'c', budgets: [{ factsKept: { min: 1.5 } }] },
      'b.json: budgets[0].factsKept.min: factsKept.min is a share from 0 to 1',
    ],
    [
      { cases: 'c', budgets: [{ tokensAfter: { max: 1 }, noCompactionLoop: true }] },
      'b.json: budgets[0]: a budget names exactly one of factsKept, controlsKept, probesPassed, tokensAfter, summarizerMs, costUsd, noCompactionLoop',
    ],
    [
      { cases: 'c', budgets: [{ costUsd: { max: -1 } }] },
      'b.json: budgets[0].costUsd.max: costUsd.max must be 0 or more',
    ],
    [
      { cases: '../elsewhere', budgets: [{ noCompactionLoop: true }] },
      "b.json: cases: cases must be a folder inside the budgets file's own, named relative to it",
    ],
    ['{"cases": ', 'b.json: not JSON (Unexpected end of JSON input)'],
  ])('refuses %j with one line naming the file and the key', (raw, line) => {
    expect(problemsOf(raw)).toEqual([line]);
  });

  it('names both halves of a bound written the wrong way round', () => {
    expect(problemsOf({ cases: 'c', budgets: [{ factsKept: { max: 1 } }] })).toEqual([
      'b.json: budgets[0].factsKept.min: missing',
      'b.json: budgets[0].factsKept.max: not a field this file knows',
    ]);
  });

  it('names a strategy that is not one, with the strategies there are', () => {
    expect(problemsOf({ cases: 'c', budgets: [{ strategy: 'claude', noCompactionLoop: true }] })).toEqual([
      `b.json: budgets[0].strategy: strategy must be a name or a list of names (${STRATEGIES.join(', ')})`,
    ]);
  });

  it('reports every problem of a file at once, each with its file and key path', () => {
    const error = (() => {
      try {
        parseGateConfig(
          'ci/gate.json',
          JSON.stringify({
            cases: '/etc',
            extra: 1,
            budgets: [
              { factsKept: { min: 2 } },
              { noCompactionLoop: true },
              { tokensAfter: { max: 'many' } },
              { name: '', controlsKept: { min: 0.5, max: 1 } },
            ],
          }),
        );
      } catch (caught) {
        return caught as GateConfigError;
      }
    })()!;
    expect(error).toBeInstanceOf(GateConfigError);
    expect(error.message).toBe('ci/gate.json: 6 problems');
    expect(error.problems).toEqual([
      "ci/gate.json: cases: cases must be a folder inside the budgets file's own, named relative to it",
      'ci/gate.json: budgets[0].factsKept.min: factsKept.min is a share from 0 to 1',
      'ci/gate.json: budgets[2].tokensAfter.max: tokensAfter.max must be a number',
      'ci/gate.json: budgets[3].name: name must not be empty',
      'ci/gate.json: budgets[3].controlsKept.max: not a field this file knows',
      'ci/gate.json: extra: not a field this file knows',
    ]);
  });

  it('keeps the case folder inside the budgets file’s own, for either separator', () => {
    expect(['cases', 'cases/', './cases', 'a/../cases', 'a\\b', '.'].map(insideItsFolder)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['/etc', '\\\\server\\share', 'C:cases', 'c:\\x', '..', 'a/../../b', '..\\x'].map(insideItsFolder),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('names each budget’s case the folder does not hold', () => {
    const { budgets } = parseGateConfig(
      'b.json',
      JSON.stringify({
        cases: 'c',
        budgets: [
          { case: ['a', 'x'], noCompactionLoop: true },
          { noCompactionLoop: true },
          { case: 'y', noCompactionLoop: true },
        ],
      }),
    );
    expect(unknownCases(budgets, ['a', 'b'], 'c')).toEqual([
      'budget 1: no case with id x in c',
      'budget 3: no case with id y in c',
    ]);
  });

  it('runs the strategies its budgets name, in the registry’s order, or all when one names none', () => {
    const read = (budgets: object[]) =>
      parseGateConfig('b.json', JSON.stringify({ cases: 'c', budgets })).budgets;
    expect(
      strategiesOf(
        read([
          { strategy: ['pi', 'budget'], noCompactionLoop: true },
          { strategy: 'pi', factsKept: { min: 1 } },
        ]),
      ),
    ).toEqual(STRATEGIES.filter((s) => s === 'budget' || s === 'pi'));
    expect(
      strategiesOf(read([{ strategy: 'pi', noCompactionLoop: true }, { noCompactionLoop: true }])),
    ).toEqual([...STRATEGIES]);
  });
});
