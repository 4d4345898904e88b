import { describe, expect, it } from 'vitest';
import type { Verdict } from './gate';
import { parseGateConfig } from './gateConfig';
import { junitXml, stepSummary, xmlText } from './gateReport';

const [loose, strict] = parseGateConfig(
  'b.json',
  JSON.stringify({
    cases: '.',
    budgets: [{ strategy: 'budget', factsKept: { min: 0.5 } }, { factsKept: { min: 0.75 } }],
  }),
).budgets;
const LOST_B = 'budget cut auto: 1/2 facts (0.5 < 0.75); lost b';
/** The two budgets held to case c1, the second broken by one run. */
const verdicts = (): Verdict[] => [
  { budget: loose, case: 'c1', runs: 1, failures: [] },
  { budget: strict, case: 'c1', runs: 1, failures: [LOST_B] },
];

describe('the gate’s reports for CI', () => {
  it('JUnit XML: a suite per budget, a test case per budget and case, a failure per broken one, escaped', () => {
    const both = verdicts();
    both[1].failures.push('a <b> & "c" \u0001');
    expect(junitXml(both)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="compaction-playground check" tests="2" failures="1">',
        '  <testsuite name="budget 1: budget: factsKept ≥ 0.5" tests="1" failures="0">',
        '    <testcase classname="budget 1: budget: factsKept ≥ 0.5" name="c1"/>',
        '  </testsuite>',
        '  <testsuite name="budget 2: factsKept ≥ 0.75" tests="1" failures="1">',
        '    <testcase classname="budget 2: factsKept ≥ 0.75" name="c1">',
        '      <failure message="2 of 1 runs broke the budget">budget cut auto: 1/2 facts (0.5 &lt; 0.75); lost b',
        'a &lt;b&gt; &amp; &quot;c&quot; </failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    expect(xmlText(`it's`)).toBe('it&apos;s');
  });

  it('a Markdown summary for GitHub: a row per budget and case, its cells kept in their column', () => {
    const broken = verdicts().slice(1);
    broken[0].failures.push('a | b\nc');
    expect(stepSummary(broken)).toBe(
      [
        '## Compaction check',
        '',
        '1 of 1 budget checks broken.',
        '',
        '| budget | case | result | detail |',
        '|---|---|---|---|',
        '| 2. factsKept ≥ 0.75 | c1 | ❌ broken | budget cut auto: 1/2 facts (0.5 < 0.75); lost b<br>a \\| b<br>c |',
        '',
      ].join('\n'),
    );
  });
});
