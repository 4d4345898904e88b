import { describe, expect, it } from 'vitest';
import type { Role } from '../../core/message';
import { cutRange, hoverText, type HoverFacts } from './stripModel';

describe('the range the cut line moves over', () => {
  // A budget cut: the bigger the budget, the earlier the cut.
  const byBudget = (keep: number) => (keep >= 50_000 ? 4 : keep >= 20_000 ? 9 : 14);

  it('runs from the cut of the largest budget to the cut of the smallest', () => {
    expect(cutRange(9, byBudget, 60_000, 1_000)).toEqual({ min: 4, max: 14, budgetMoves: true });
  });

  it('always holds the current cut, even one no budget gives', () => {
    expect(cutRange(2, byBudget, 60_000, 1_000)).toEqual({ min: 2, max: 14, budgetMoves: true });
  });

  it('is a single place when no budget moves the cut (a preset with its own rule)', () => {
    expect(cutRange(20, () => 20, 60_000, 1_000)).toEqual({ min: 20, max: 20, budgetMoves: false });
  });
});

describe('the text under the pointer', () => {
  const roles: Role[] = ['system', 'user', 'assistant', 'tool'];
  const facts: HoverFacts = {
    keepRecent: 2_500,
    cut: 2,
    start: 1,
    keptAfterCut: 700,
    roles,
    isSummary: [false, true, false, false],
    counts: [120, 1_500, 300, 400],
    previews: ['You are helpful.', 'Earlier: the tests failed', 'Reading the file', ''],
    clearingOf: new Map([[3, { index: 3, tokensBefore: 400, tokensAfter: 12 } as never]]),
  };

  it('over the handle, the budget; over the cut line, where it cuts and what is kept', () => {
    expect(hoverText('keep', -1, facts)).toBe('keep-recent budget 2,500 tokens · drag to change');
    expect(hoverText('cut', -1, facts)).toBe('cut before #2 (assistant) · 700 tokens kept · drag to move');
  });

  it('over a bar, its message: a summary named so, a cleared one with its old and new size', () => {
    expect(hoverText('bars', 1, facts)).toBe(
      '#1 · user (summary) · 1,500 tokens · Earlier: the tests failed',
    );
    expect(hoverText('bars', 3, facts)).toBe('#3 · tool · 400 tokens · cleared: 400 → 12 tokens');
  });

  it('nothing over the empty plot or with no pointer', () => {
    expect(hoverText('bars', -1, facts)).toBe('');
    expect(hoverText(undefined, -1, facts)).toBe('');
  });
});
