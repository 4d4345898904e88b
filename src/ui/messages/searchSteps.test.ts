import { describe, expect, it } from 'vitest';
import { hitLabel, stepHit } from './searchSteps';

describe('stepHit', () => {
  it('moves forward and wraps from the last match to the first', () => {
    expect(stepHit(0, 3, 1)).toBe(1);
    expect(stepHit(1, 3, 1)).toBe(2);
    expect(stepHit(2, 3, 1)).toBe(0);
  });

  it('moves backward and wraps from the first match to the last', () => {
    expect(stepHit(2, 3, -1)).toBe(1);
    expect(stepHit(0, 3, -1)).toBe(2);
  });

  it('starts at the first going forward and at the last going backward when no match is current', () => {
    expect(stepHit(-1, 12, 1)).toBe(0);
    expect(stepHit(-1, 12, -1)).toBe(11);
  });

  it('starts over when the current match is past a shorter new list', () => {
    expect(stepHit(7, 3, 1)).toBe(0);
  });

  it('has nowhere to go without matches, and stays on a single one', () => {
    expect(stepHit(-1, 0, 1)).toBe(-1);
    expect(stepHit(0, 1, 1)).toBe(0);
    expect(stepHit(0, 1, -1)).toBe(0);
  });
});

describe('hitLabel', () => {
  it('says which match of how many', () => {
    expect(hitLabel(2, 12, false)).toBe('3 of 12');
    expect(hitLabel(0, 1, false)).toBe('1 of 1');
    expect(hitLabel(1233, 10_000, true)).toBe('1,234 of 10,000+');
  });

  it('counts the matches before one is current, and says when there are none', () => {
    expect(hitLabel(-1, 1, false)).toBe('1 match');
    expect(hitLabel(-1, 4, false)).toBe('4 matches');
    expect(hitLabel(-1, 0, false)).toBe('No matches');
  });
});
