import { describe, expect, it } from 'vitest';
import { distinctiveClues, indexSummary, sentenceKept } from './match';

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

describe('a sentence is kept only with its distinctive tokens', () => {
  const kept = (sentence: string, text: string) => sentenceKept(sentence, indexSummary(text));

  it('names the numbers, file names, identifiers and quoted names a sentence cannot lose', () => {
    expect(
      distinctiveClues(
        "Store `start_at` in UTC via DateTime.fromISO in src/db/events.ts, retry 3 times; never touch 'Auckland' or GitHub, e.g. TS2345.",
      ),
    ).toEqual([
      { kind: 'bounded', text: 'start_at' },
      { kind: 'bounded', text: 'Auckland' },
      { kind: 'identifier', text: 'DateTime.fromISO' },
      { kind: 'bounded', text: 'events.ts' },
      { kind: 'number', text: '3' },
      { kind: 'identifier', text: 'TS2345' },
    ]);
  });

  it('does not take a log that shares most of the words for the sentence', () => {
    // 4 of the 5 key words (rate, limit, request, minute) are in the log: enough for 60%.
    expect(
      kept(
        'The API rate limit is 120 requests per minute.',
        'npm run check: rate limit hit, 60 requests per minute',
      ),
    ).toBe(false);
    expect(
      kept(
        'Dates are stored in UTC in the events.start_at column.',
        'dates stored in UTC; column events renamed',
      ),
    ).toBe(false);
  });

  it('still takes a rewrite that keeps the distinctive tokens', () => {
    expect(
      kept('The API rate limit is 120 requests per minute.', 'Rate limit: 120 requests/minute on the API.'),
    ).toBe(true);
    expect(
      kept(
        'Dates are stored in UTC in the events.start_at column.',
        'events.start_at keeps dates stored as UTC',
      ),
    ).toBe(true);
    expect(kept('Never run the tests in watch mode.', 'tests must never be run in watch mode')).toBe(true);
  });
});

describe('distinctiveClues, numbers', () => {
  it('reads a number with thousands separators as one number', () => {
    expect(distinctiveClues('an LRU bounded at 5,000 entries, then 1,843,211 URLs.')).toEqual([
      { kind: 'number', text: '5000' },
      { kind: 'number', text: '1843211' },
    ]);
  });
});
