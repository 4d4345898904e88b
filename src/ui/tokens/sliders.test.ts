import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCutIndex } from '../../core/cutPoint';
import type { Role } from '../../core/message';
import {
  grabZones,
  keepRecentStep,
  positionForTail,
  snapCut,
  stepCut,
  keepPosition,
  keepRecentTarget,
  tailTokensAt,
} from './sliders';
import { index } from './testSupport.node';

// The ten-message transcript and its tail sums are tabled in testSupport.node.ts.

describe('keep-recent budget ↔ position', () => {
  it('gives the suffix sum on a boundary and interpolates inside a message', () => {
    expect(tailTokensAt(index, 3)).toBe(2150);
    expect(tailTokensAt(index, 3.5)).toBe(1650);
    expect(tailTokensAt(index, 9.25)).toBe(75);
    expect(tailTokensAt(index, 10)).toBe(0);
    expect(tailTokensAt(index, -1)).toBe(2500);
  });

  it('places a budget where the tail holds exactly that many tokens', () => {
    expect(positionForTail(index, 1650)).toBe(3.5);
    expect(positionForTail(index, 700)).toBe(6);
    expect(positionForTail(index, 0)).toBe(10);
    expect(positionForTail(index, 75)).toBe(9.25);
  });

  it('pins a budget larger than the transcript to the left edge', () => {
    expect(positionForTail(index, 2500)).toBe(0);
    expect(positionForTail(index, 99_999)).toBe(0);
  });

  it('lands a budget just after the message that crosses it when empty messages follow', () => {
    const i = buildCutIndex(['user', 'assistant', 'assistant', 'user'], [10, 0, 0, 10]);
    expect(positionForTail(i, 10)).toBe(1);
    expect(positionForTail(i, 5)).toBe(3.5);
  });

  it('round-trips: the tail at a budget’s position is the budget', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cs, share) => {
          const i = buildCutIndex(
            cs.map(() => 'assistant'),
            cs,
          );
          const tokens = share * i.suffix[0];
          expect(tailTokensAt(i, positionForTail(i, tokens))).toBeCloseTo(tokens, 6);
        },
      ),
    );
  });
});

describe('cut line snapping', () => {
  it('goes to the nearer legal boundary, never before a tool result', () => {
    // 3 and 4 are tool results: the legal neighbours are 2 and 5.
    expect(snapCut(index, 1, 3.4)).toBe(2);
    expect(snapCut(index, 1, 3.6)).toBe(5);
    expect(snapCut(index, 1, 4)).toBe(5);
    expect(snapCut(index, 1, 6.2)).toBe(6);
    expect(snapCut(index, 1, 9.7)).toBe(10);
  });

  it('stays at or after the first message compaction may touch', () => {
    expect(snapCut(index, 1, 0)).toBe(1);
    expect(snapCut(index, 3, 2.1)).toBe(5);
    expect(snapCut(index, 10, 4)).toBe(10);
  });
});

describe('keyboard', () => {
  it('steps the budget by 1% of its range, at least 100 tokens', () => {
    expect(keepRecentStep(20_000)).toBe(200);
    expect(keepRecentStep(5_000)).toBe(100);
    expect(keepRecentStep(0)).toBe(100);
  });

  it('moves the handle the way the arrow points: right and up ask for a smaller budget', () => {
    expect(keepRecentTarget(5_000, 20_000, 'ArrowRight')).toBe(4_800);
    expect(keepRecentTarget(5_000, 20_000, 'ArrowUp')).toBe(4_800);
    expect(keepRecentTarget(5_000, 20_000, 'ArrowLeft')).toBe(5_200);
    expect(keepRecentTarget(5_000, 20_000, 'ArrowDown')).toBe(5_200);
    expect(keepRecentTarget(5_000, 20_000, 'PageUp')).toBe(3_000);
    expect(keepRecentTarget(5_000, 20_000, 'PageDown')).toBe(7_000);
    expect(keepRecentTarget(5_000, 20_000, 'Home')).toBe(Infinity);
    expect(keepRecentTarget(5_000, 20_000, 'End')).toBe(0);
  });

  it('asks past the maximum (for the strip to cap and explain), never below 0', () => {
    expect(keepRecentTarget(19_900, 20_000, 'ArrowLeft')).toBe(20_100);
    expect(keepRecentTarget(50, 20_000, 'ArrowRight')).toBe(0);
    // A budget above the maximum steps from the maximum.
    expect(keepRecentTarget(30_000, 20_000, 'ArrowRight')).toBe(19_800);
  });

  it("announces the handle's position, which grows to the right as the budget shrinks", () => {
    expect(keepPosition(20_000, 1, 27_904)).toBe(7_904);
    // A step right: 279 tokens less budget, 279 more position.
    expect(keepPosition(keepRecentTarget(20_000, 27_904, 'ArrowRight'), 1, 27_904)).toBe(8_183);
    expect(keepPosition(27_904, 1, 27_904)).toBe(0);
    expect(keepPosition(99_999, 1, 27_904)).toBe(0);
    expect(keepPosition(0, 1, 27_904)).toBe(27_903);
  });

  it('moves the cut between legal boundaries only', () => {
    expect(stepCut(index, 1, 5, 'ArrowLeft')).toBe(2);
    expect(stepCut(index, 1, 2, 'ArrowRight')).toBe(5);
    expect(stepCut(index, 1, 5, 'ArrowUp')).toBe(6);
    expect(stepCut(index, 1, 6, 'ArrowDown')).toBe(5);
    expect(stepCut(index, 1, 9, 'ArrowRight')).toBe(10);
    expect(stepCut(index, 1, 10, 'ArrowRight')).toBe(10);
    expect(stepCut(index, 1, 1, 'ArrowLeft')).toBe(1);
  });

  it('pages ten messages, snapping in the direction of travel, and jumps to the ends', () => {
    const long = buildCutIndex(
      Array.from({ length: 30 }, (_, i): Role => (i % 3 === 0 ? 'user' : i % 3 === 1 ? 'assistant' : 'tool')),
      new Array(30).fill(10),
    );
    // Every third message (2, 5, 8, …) is a tool result.
    expect(stepCut(long, 0, 12, 'PageUp')).toBe(22);
    // 13 + 10 = 23 is a tool result; the next legal cut is 24.
    expect(stepCut(long, 0, 13, 'PageUp')).toBe(24);
    // 24 − 10 = 14 is a tool result; the previous legal cut is 13.
    expect(stepCut(long, 0, 24, 'PageDown')).toBe(13);
    expect(stepCut(long, 0, 5, 'PageDown')).toBe(0);
    expect(stepCut(long, 0, 25, 'PageUp')).toBe(30);
    expect(stepCut(long, 2, 12, 'Home')).toBe(3);
    expect(stepCut(long, 2, 12, 'End')).toBe(30);
  });

  it('repairs a cut below the start before stepping', () => {
    expect(stepCut(index, 3, 0, 'ArrowLeft')).toBe(5);
    expect(stepCut(index, 3, 0, 'ArrowRight')).toBe(6);
  });
});

describe('grab zones', () => {
  it('reach the full half either side when the lines are apart', () => {
    expect(grabZones(100, 300, 7)).toEqual({ keep: { left: 7, right: 7 }, cut: { left: 7, right: 7 } });
  });

  it('meet halfway between lines closer than two halves, so a press takes the nearer one', () => {
    expect(grabZones(100, 104, 7)).toEqual({ keep: { left: 7, right: 2 }, cut: { left: 2, right: 7 } });
    expect(grabZones(210, 205, 7)).toEqual({ keep: { left: 2.5, right: 7 }, cut: { left: 7, right: 2.5 } });
  });

  it('give the handle the left side and the cut line the right when they coincide', () => {
    expect(grabZones(50, 50, 7)).toEqual({ keep: { left: 7, right: 0 }, cut: { left: 0, right: 7 } });
  });
});
