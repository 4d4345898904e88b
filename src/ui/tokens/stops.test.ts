import { describe, expect, it } from 'vitest';
import { cutForKeepRecent } from '../../core/analysis';
import { boundaryFor } from '../../core/prepare';
import { normalizeSettings, type SettingsInput, type Strategy } from '../../core/settings';
import { cutStopText, keepStopText } from './labels';
import { snapCut, tailTokensAt } from './sliders';
import type { CutFor } from './stops';
import { keepRecentCap, resolveCut, resolveKeep, stepCutTo } from './stops';
import { index, plain, roles } from './testSupport.node';
import { boundaryAtX } from './view';

// The ten-message transcript and its tail sums are tabled in testSupport.node.ts:
// compaction may touch #1 on (after the system prompt), 2,400 tokens in all.
const START = 1;
const boundary = boundaryFor(roles, plain);
const ROOMY: SettingsInput = { maxContextTokens: 128_000, reserveTokens: 16_384 };
/** A quarter of (10,000 − 2,000) is 2,000: less than the 2,400 tokens there are. */
const TIGHT: SettingsInput = { maxContextTokens: 10_000, reserveTokens: 2_000 };

/** The strategy's cut for a budget, as the page finds it. */
function cutFor(input: SettingsInput, strategy: Strategy): CutFor {
  const settings = normalizeSettings({ ...input, strategy });
  return (keepRecentTokens) => cutForKeepRecent({ index, settings, boundary }, keepRecentTokens);
}

const capOf = (input: SettingsInput) => keepRecentCap(normalizeSettings(input), index, START);

describe('the keep-recent ceiling', () => {
  it('is the whole conversation after the start when the settings allow more', () => {
    expect(capOf(ROOMY)).toEqual({ max: 2400, by: 'transcript', start: 1 });
  });

  it('is the quarter of window − reserve when normalization would lower a bigger budget', () => {
    expect(capOf(TIGHT)).toEqual({
      max: 2000,
      by: 'settings',
      reason: 'a quarter of window − reserve (10,000 − 2,000) / 4',
    });
  });

  it('does not depend on the budget typed', () => {
    expect(capOf({ ...TIGHT, keepRecentTokens: 5 })).toEqual(capOf(TIGHT));
  });

  it('says what holds the budget', () => {
    expect(keepStopText(capOf(TIGHT))).toBe(
      'capped at 2,000: a quarter of window − reserve (10,000 − 2,000) / 4',
    );
    expect(keepStopText(capOf(ROOMY))).toBe('capped at 2,400 tokens: everything from #1 on is kept');
  });
});

describe('the handle', () => {
  it('writes the rounded tail under the pointer, with no note below the ceiling', () => {
    // x = 350 of 1000 is boundary 3.5: halfway into #3's 1,000 tokens.
    const asked = tailTokensAt(index, boundaryAtX({ from: 0, to: 10 }, 1000, 350));
    expect(resolveKeep(asked, capOf(ROOMY))).toEqual({ keep: 1650, stop: null });
    expect(resolveKeep(1820.4, capOf(ROOMY))).toEqual({ keep: 1820, stop: null });
  });

  it('stops at the ceiling and names it when the pointer asks for more', () => {
    const cap = capOf(TIGHT);
    expect(resolveKeep(2350, cap)).toEqual({ keep: 2000, stop: cap });
    expect(resolveKeep(Infinity, cap)).toEqual({ keep: 2000, stop: cap });
  });

  it('keeps at least one token: normalization would turn 0 into the default', () => {
    expect(resolveKeep(0, capOf(ROOMY))).toEqual({ keep: 1, stop: null });
  });
});

describe('the cut line under the budget strategy', () => {
  const budget = cutFor(ROOMY, 'budget');
  const cap = capOf(ROOMY);

  it('writes the tail from the cut it lands on', () => {
    expect(resolveCut(index, START, 6, 6, cap, budget)).toEqual({ cut: 6, keep: 700, stop: null });
  });

  it('says that a tool result stays with its call when the pointer is before one', () => {
    // Boundary 3 is before a tool result; the nearest legal cut is 2.
    const move = resolveCut(index, START, 3, snapCut(index, START, 3.4), cap, budget);
    expect(move).toEqual({ cut: 2, keep: 2350, stop: { kind: 'tool-result', at: 3 } });
    expect(cutStopText(move.stop!, roles, plain, 'budget')).toBe(
      '#3 is a tool result: it stays with the call that made it',
    );
  });

  it('does not go before the system prompt', () => {
    const move = resolveCut(index, START, 0, snapCut(index, START, 0), cap, budget);
    expect(move).toEqual({ cut: 1, keep: 2400, stop: { kind: 'start', start: 1 } });
    expect(cutStopText(move.stop!, roles, plain, 'budget')).toBe(
      'the cut cannot go before #1: the system prompt before it stays',
    );
  });

  it('stops before the newest message, which is always kept', () => {
    const move = resolveCut(index, START, 10, 10, cap, budget);
    expect(move).toEqual({ cut: 9, keep: 100, stop: { kind: 'newest', cut: 9 } });
    expect(cutStopText(move.stop!, roles, plain, 'budget')).toBe(
      'the budget strategy always keeps the newest message: the cut stays before #9',
    );
  });

  it('stops where the ceiling allows and writes the tail from there, not the ceiling', () => {
    const tight = capOf(TIGHT);
    // The tail from #2 is 2,350, above 2,000; with 2,000 the budget cuts before #5 (850 tokens).
    const move = resolveCut(index, START, 2, 2, tight, cutFor(TIGHT, 'budget'));
    expect(move).toEqual({ cut: 5, keep: 850, stop: { kind: 'cap', cap: tight, cut: 5 } });
    expect(cutStopText(move.stop!, roles, plain, 'budget')).toBe(
      'capped at 2,000: a quarter of window − reserve (10,000 − 2,000) / 4; the cut goes no further left than #5',
    );
  });
});

describe('the cut line under the turns strategy', () => {
  const turns = cutFor(ROOMY, 'turns');
  const cap = capOf(ROOMY);

  it('moves back to the user message that opens the turn, and says so', () => {
    const move = resolveCut(index, START, 7, 7, cap, turns);
    expect(move).toEqual({ cut: 6, keep: 700, stop: { kind: 'turn', cut: 6 } });
    expect(cutStopText(move.stop!, roles, plain, 'turns')).toBe(
      'the turns strategy keeps whole turns: the cut moves back to #6, where this turn begins',
    );
  });

  it('skips the boundaries inside a turn when stepping, so an arrow always moves the cut', () => {
    // From #6 back: #5 lies inside the first turn, so the cut goes to its start, #1: nothing compacted.
    expect(stepCutTo(index, START, 6, 'ArrowLeft', cap, turns)).toEqual({ cut: 1, keep: 2400, stop: null });
    expect(stepCutTo(index, START, 1, 'ArrowRight', cap, turns)).toEqual({ cut: 6, keep: 700, stop: null });
  });

  it('says why an arrow cannot move past the newest turn', () => {
    const move = stepCutTo(index, START, 6, 'ArrowRight', cap, turns);
    expect(move).toEqual({ cut: 6, keep: 700, stop: { kind: 'newest', cut: 6 } });
    expect(cutStopText(move.stop!, roles, plain, 'turns')).toBe(
      'the turns strategy always keeps the newest turn: the cut stays before #6',
    );
  });
});

describe('cut keys', () => {
  const budget = cutFor(ROOMY, 'budget');

  it('moves between legal cuts with no note', () => {
    expect(stepCutTo(index, START, 5, 'ArrowLeft', capOf(ROOMY), budget)).toEqual({
      cut: 2,
      keep: 2350,
      stop: null,
    });
  });

  it('tells why End stops short of the end', () => {
    expect(stepCutTo(index, START, 5, 'End', capOf(ROOMY), budget)).toEqual({
      cut: 9,
      keep: 100,
      stop: { kind: 'newest', cut: 9 },
    });
  });

  it('tells why Home stops short of the first message under a ceiling', () => {
    const tight = capOf(TIGHT);
    expect(stepCutTo(index, START, 9, 'Home', tight, cutFor(TIGHT, 'budget'))).toEqual({
      cut: 5,
      keep: 850,
      stop: { kind: 'cap', cap: tight, cut: 5 },
    });
  });

  it('says why a step at the leftmost cut the ceiling allows goes nowhere', () => {
    const tight = capOf(TIGHT);
    expect(stepCutTo(index, START, 5, 'ArrowLeft', tight, cutFor(TIGHT, 'budget'))).toEqual({
      cut: 5,
      keep: 850,
      stop: { kind: 'cap', cap: tight, cut: 5 },
    });
  });
});
