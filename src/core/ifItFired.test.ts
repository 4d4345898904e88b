import { describe, expect, it } from 'vitest';
import { ifItFired } from './explain';

const cut = { nothingToCompact: false, firstKeptIdx: 185, start: 1 };

describe('ifItFired: what a strategy that does not fire would do', () => {
  it('names the cut and the tokens it would keep', () => {
    expect(
      ifItFired({ shouldCompact: false, plan: cut, cleared: [], keptTokens: 13_134, messages: 198 }),
    ).toBe('if it fired, it would cut at #185 and keep 13,134 tokens verbatim');
  });

  it('says a cut past the last message summarizes everything from the start and keeps nothing', () => {
    expect(
      ifItFired({
        shouldCompact: false,
        plan: { nothingToCompact: false, firstKeptIdx: 9, start: 0 },
        cleared: [],
        keptTokens: 0,
        messages: 9,
      }),
    ).toBe('if it fired, it would summarize #0–#8 and keep nothing verbatim');
  });

  it('names a clearing before the cut', () => {
    expect(
      ifItFired({ shouldCompact: false, plan: cut, cleared: [{}, {}], keptTokens: 900, messages: 198 }),
    ).toBe('if it fired, it would clear 2 in place, then cut at #185 and keep 900 tokens verbatim');
  });

  it('says nothing when it fires, or when it would change nothing', () => {
    expect(
      ifItFired({ shouldCompact: true, plan: cut, cleared: [], keptTokens: 1, messages: 198 }),
    ).toBeNull();
    expect(
      ifItFired({
        shouldCompact: false,
        plan: { ...cut, nothingToCompact: true },
        cleared: [],
        keptTokens: 70,
        messages: 7,
      }),
    ).toBeNull();
  });
});
