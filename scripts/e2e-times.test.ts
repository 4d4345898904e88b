import { describe, expect, it } from 'vitest';
import { describeTimes, timesOf, type Report } from './e2e-times';

const passed = (ms: number) => ({ duration: ms, status: 'passed' });

/** Two specs, one test retried, one nested in a describe block. */
const REPORT: Report = {
  stats: { duration: 10_000 },
  suites: [
    {
      specs: [
        { file: 'a.spec.ts', title: 'loads', tests: [{ projectName: 'shared', results: [passed(4_000)] }] },
        {
          file: 'a.spec.ts',
          title: 'drags',
          tests: [{ projectName: 'shared', results: [{ duration: 6_000, status: 'failed' }, passed(3_000)] }],
        },
      ],
      suites: [
        {
          specs: [
            {
              file: 'b.spec.ts',
              title: 'counts',
              tests: [{ projectName: 'alone', results: [passed(5_500)] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('the end-to-end times', () => {
  it('add each test’s attempts, and each spec’s tests, slowest first', () => {
    const times = timesOf(REPORT);
    expect(times.wallSeconds).toBe(10);
    expect(times.testSeconds).toBe(18.5);
    expect(times.tests.map((t) => [t.title, t.seconds, t.attempts])).toEqual([
      ['drags', 9, 2],
      ['counts', 5.5, 1],
      ['loads', 4, 1],
    ]);
    expect(times.specs).toEqual([
      { file: 'a.spec.ts', seconds: 13, tests: 2 },
      { file: 'b.spec.ts', seconds: 5.5, tests: 1 },
    ]);
  });

  it('print how many ran at once, the slowest N, and the attempts that failed', () => {
    expect(describeTimes(timesOf(REPORT), 1)).toBe(
      [
        'wall 10.0 s; tests 18.5 s in all (1.85 at once on average)',
        '',
        'per spec:',
        '   13.0 s  a.spec.ts (2)',
        '    5.5 s  b.spec.ts (1)',
        '',
        'the 1 slowest tests:',
        '    9.0 s  a.spec.ts: drags',
        '',
        'attempts that did not pass:',
        '  failed, passed  a.spec.ts: drags',
      ].join('\n'),
    );
  });
});
