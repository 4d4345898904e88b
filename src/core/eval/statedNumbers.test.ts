import { describe, expect, it } from 'vitest';
import { indexSummary, numberKept } from './match';
import { StatedNumbers, type StatedNumber } from './statedNumbers';

function stated(from: 'user' | 'tool', text: string): string[] {
  const out: StatedNumber[] = [];
  const numbers = new StatedNumbers(out, 50);
  if (from === 'user') numbers.fromUser(text, 0);
  else numbers.fromTool(text, 0);
  return out.map((n) => n.text);
}

describe('stated numbers', () => {
  it('takes every number of two digits or more the user wrote, once, and no part of a path, version, date or address', () => {
    expect(
      stated(
        'user',
        'Keep the limit at 20,000 and the timeout at 30 s (30 s!), a backoff of 1.5, 15% jitter. ' +
          'Not v1.2.3, 2026-01-05, src/v2/a10.ts, 127.0.0.1:8080, step 3 or issue #41.',
      ),
    ).toEqual(['20,000', '30', '1.5', '15%']);
  });

  it('takes a number from tool output only beside a unit or a count', () => {
    expect(
      stated('tool', 'Tests: 2 failed, 40 passed (212)\nDuration 1.25 s\nline 118 col 4\n97% covered'),
    ).toEqual(['40', '1.25', '97%']);
  });

  it('is kept when the summary writes the same digits, with or without thousands separators', () => {
    const summary = indexSummary('The limit is 20000 tokens; 40 tests pass; coverage 97%.');
    expect(['20,000', '40', '97%', '30'].map((n) => numberKept(n, summary))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
