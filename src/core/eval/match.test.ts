import { describe, expect, it } from 'vitest';
import { indexSummary } from './match';

const TEXT =
  'Testing the Tests: tested_fn() passes; the PASSED runs, retried 3 times at 20,000 rows.\n' +
  'Read src/Month.ts and month_test.go, then "Fixes" and DON\'T-retry it:ing';

describe('the index of a text for the judge', () => {
  it('stems each word of an ASCII text as it stems the same words in any other text', () => {
    const ascii = indexSummary(TEXT);
    // A word outside ASCII sends the whole text down the general path.
    const general = indexSummary(`${TEXT} café`);
    expect([...general.stems].sort()).toEqual([...ascii.stems, 'café'].sort());
    expect([...ascii.stems].sort()).toEqual(
      [
        '000',
        '20',
        '3',
        'and',
        'at',
        'don',
        'fix',
        'go',
        'ing',
        'it',
        'month',
        'month_test',
        'pass',
        'read',
        'retri',
        'retry',
        'row',
        'run',
        'src',
        't',
        'test',
        'tested_fn',
        'the',
        'then',
        'tim',
        'ts',
      ].sort(),
    );
    expect([...ascii.numbers].sort()).toEqual(['20000', '3']);
  });
});
