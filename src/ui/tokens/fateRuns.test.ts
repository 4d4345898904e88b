import { describe, expect, it } from 'vitest';
import { fateRuns } from './fateRuns';

describe('fate runs', () => {
  it('groups consecutive messages with the same fate', () => {
    expect(fateRuns(['system', 'summarized', 'summarized', 'turn-prefix', 'kept', 'kept'])).toEqual([
      { fate: 'system', from: 0, to: 1 },
      { fate: 'summarized', from: 1, to: 3 },
      { fate: 'turn-prefix', from: 3, to: 4 },
      { fate: 'kept', from: 4, to: 6 },
    ]);
    expect(fateRuns([])).toEqual([]);
  });
});
