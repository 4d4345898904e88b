import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCutIndex } from '../../core/cutPoint';
import type { Role } from '../../core/message';
import {
  KIND_ASSISTANT,
  KIND_SUMMARY,
  KIND_SYSTEM,
  KIND_TOOL,
  KIND_USER,
  barHeight,
  binAtX,
  boundaryAtX,
  buildBins,
  clampView,
  fateRuns,
  keepRecentAtX,
  keepRecentStep,
  labelRows,
  markerLabel,
  messageAtX,
  panView,
  positionForTail,
  snapCut,
  stepCut,
  stepKeepRecent,
  tailTokensAt,
  tooltipText,
  xOfBoundary,
  zoomView,
} from './geometry';

/*
 * #  role       tokens  tail from here (suffix)
 * 0  system      100    2500
 * 1  user         50    2400
 * 2  assistant   200    2350
 * 3  tool       1000    2150
 * 4  tool        300    1150
 * 5  assistant   150     850
 * 6  user         40     700
 * 7  assistant    60     660
 * 8  tool        500     600
 * 9  assistant   100     100
 */
const roles: Role[] = [
  'system',
  'user',
  'assistant',
  'tool',
  'tool',
  'assistant',
  'user',
  'assistant',
  'tool',
  'assistant',
];
const counts = [100, 50, 200, 1000, 300, 150, 40, 60, 500, 100];
const plain = roles.map(() => false);
const index = buildCutIndex(roles, counts);
const full = { from: 0, to: 10 };

describe('x ↔ message mapping', () => {
  it('puts boundary i at i/n of the width in the full view', () => {
    expect(xOfBoundary(full, 1000, 0)).toBe(0);
    expect(xOfBoundary(full, 1000, 3)).toBe(300);
    expect(xOfBoundary(full, 1000, 10)).toBe(1000);
    expect(xOfBoundary({ from: 4, to: 8 }, 400, 5)).toBe(100);
  });

  it('reads the fractional boundary under x, clamped to the view', () => {
    expect(boundaryAtX(full, 1000, 350)).toBe(3.5);
    expect(boundaryAtX(full, 1000, -20)).toBe(0);
    expect(boundaryAtX(full, 1000, 5000)).toBe(10);
    expect(boundaryAtX({ from: 4, to: 8 }, 400, 150)).toBe(5.5);
  });

  it('names the message under x, the last one at the right edge', () => {
    expect(messageAtX(full, 1000, 399.9, 10)).toBe(3);
    expect(messageAtX(full, 1000, 400, 10)).toBe(4);
    expect(messageAtX(full, 1000, 1000, 10)).toBe(9);
    expect(messageAtX({ from: 0, to: 1 }, 100, 50, 0)).toBe(-1);
  });
});

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

  it('turns a pointer x into a rounded budget within [0, max]', () => {
    expect(keepRecentAtX(index, full, 1000, 350, 5000)).toBe(1650);
    expect(keepRecentAtX(index, full, 1000, 333, 5000)).toBe(1820);
    expect(keepRecentAtX(index, full, 1000, 350, 1000)).toBe(1000);
    expect(keepRecentAtX(index, full, 1000, 1200, 1000)).toBe(0);
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

  it('moves the budget the way the arrow points: left keeps more', () => {
    expect(stepKeepRecent(5_000, 20_000, 'ArrowLeft')).toBe(5_200);
    expect(stepKeepRecent(5_000, 20_000, 'ArrowUp')).toBe(5_200);
    expect(stepKeepRecent(5_000, 20_000, 'ArrowRight')).toBe(4_800);
    expect(stepKeepRecent(5_000, 20_000, 'ArrowDown')).toBe(4_800);
    expect(stepKeepRecent(5_000, 20_000, 'PageUp')).toBe(7_000);
    expect(stepKeepRecent(5_000, 20_000, 'PageDown')).toBe(3_000);
    expect(stepKeepRecent(5_000, 20_000, 'Home')).toBe(0);
    expect(stepKeepRecent(5_000, 20_000, 'End')).toBe(20_000);
  });

  it('clamps the budget to [0, max]', () => {
    expect(stepKeepRecent(19_900, 20_000, 'ArrowLeft')).toBe(20_000);
    expect(stepKeepRecent(50, 20_000, 'ArrowRight')).toBe(0);
    expect(stepKeepRecent(30_000, 20_000, 'ArrowRight')).toBe(19_800);
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

describe('bins', () => {
  it('gives each message its own bar when there are pixels to spare', () => {
    const bins = buildBins(roles, counts, plain, full, 100, 200);
    expect(bins.perMessage).toBe(true);
    expect(bins.size).toBe(10);
    expect(Array.from(bins.edges)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(Array.from(bins.peak)).toEqual(counts);
    expect(Array.from(bins.kind)).toEqual([
      KIND_SYSTEM,
      KIND_USER,
      KIND_ASSISTANT,
      KIND_TOOL,
      KIND_TOOL,
      KIND_ASSISTANT,
      KIND_USER,
      KIND_ASSISTANT,
      KIND_TOOL,
      KIND_ASSISTANT,
    ]);
    expect(Array.from(bins.turn)).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(bins.max).toBe(1000);
  });

  it('folds messages into pixel columns: tallest count, most-tokens role, any turn start', () => {
    // 2 CSS px at dpr 2: four device columns over ten messages.
    const bins = buildBins(roles, counts, plain, full, 2, 4);
    expect(bins.perMessage).toBe(false);
    expect(Array.from(bins.first)).toEqual([0, 3, 5, 8]);
    expect(Array.from(bins.end)).toEqual([3, 5, 8, 10]);
    expect(Array.from(bins.edges)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(Array.from(bins.peak)).toEqual([200, 1000, 150, 500]);
    expect(Array.from(bins.peakIdx)).toEqual([2, 3, 5, 8]);
    expect(Array.from(bins.mean)).toEqual([350 / 3, 650, 250 / 3, 300]);
    // Column 2: assistant 150 + 60 against user 40.
    expect(Array.from(bins.kind)).toEqual([KIND_ASSISTANT, KIND_TOOL, KIND_ASSISTANT, KIND_TOOL]);
    expect(Array.from(bins.turn)).toEqual([1, 0, 1, 0]);
    expect(bins.turns).toBe(2);
    expect(bins.max).toBe(1000);
  });

  it('draws summaries apart and breaks colour ties by kind order', () => {
    const summary = plain.slice();
    summary[2] = true;
    expect(buildBins(roles, counts, summary, full, 100, 200).kind[2]).toBe(KIND_SUMMARY);
    const tie = buildBins(['user', 'assistant'], [10, 10], [false, false], { from: 0, to: 2 }, 1, 1);
    expect(tie.kind[0]).toBe(KIND_USER);
    const empty = buildBins(['tool', 'user'], [0, 0], [false, false], { from: 0, to: 2 }, 1, 1);
    expect(empty.kind[0]).toBe(KIND_TOOL);
    expect(empty.peak[0]).toBe(0);
  });

  it('covers only the zoomed range', () => {
    const bins = buildBins(roles, counts, plain, { from: 3, to: 7 }, 40, 80);
    expect(bins.size).toBe(4);
    expect(Array.from(bins.first)).toEqual([3, 4, 5, 6]);
    expect(Array.from(bins.edges)).toEqual([0, 10, 20, 30, 40]);
    expect(bins.max).toBe(1000);
  });

  it('puts every message of a 50,000-message transcript in exactly one column', () => {
    const n = 50_000;
    const big: Role[] = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 'user' : 'assistant'));
    const bins = buildBins(
      big,
      new Float64Array(n).fill(3),
      new Array(n).fill(false),
      { from: 0, to: n },
      1200,
      2400,
    );
    expect(bins.size).toBe(2400);
    expect(bins.first[0]).toBe(0);
    expect(bins.end[2399]).toBe(n);
    for (let b = 1; b < bins.size; b++) expect(bins.first[b]).toBe(bins.end[b - 1]);
  });

  it('partitions any view into contiguous, non-empty columns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, cols, a, b) => {
          const from = Math.floor(Math.min(a, b) * (n - 1));
          const to = Math.max(from + 1, Math.ceil(Math.max(a, b) * n));
          const rs: Role[] = new Array(n).fill('assistant');
          const bins = buildBins(rs, new Array(n).fill(1), new Array(n).fill(false), { from, to }, 100, cols);
          expect(bins.first[0]).toBe(from);
          expect(bins.end[bins.size - 1]).toBe(to);
          for (let k = 0; k < bins.size; k++) {
            expect(bins.end[k]).toBeGreaterThan(bins.first[k]);
            if (k > 0) expect(bins.first[k]).toBe(bins.end[k - 1]);
          }
        },
      ),
    );
  });

  it('finds the column under x, and none outside the strip', () => {
    const bins = buildBins(roles, counts, plain, full, 2, 4);
    expect(binAtX(bins, 0)).toBe(0);
    expect(binAtX(bins, 0.6)).toBe(1);
    expect(binAtX(bins, 1.99)).toBe(3);
    expect(binAtX(bins, 2)).toBe(-1);
    expect(binAtX(bins, -0.1)).toBe(-1);
  });

  it('scales bars linearly or by square root', () => {
    expect(barHeight(25, 100, 80, false)).toBe(20);
    expect(barHeight(25, 100, 80, true)).toBe(40);
    expect(barHeight(0, 100, 80, true)).toBe(0);
    expect(barHeight(5, 0, 80, false)).toBe(0);
  });
});

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

describe('marker labels', () => {
  it('stacks overlapping labels into rows', () => {
    expect(labelRows([0, 50, 20], [40, 40, 40])).toEqual({ rows: [0, 0, 1], count: 2 });
    expect(labelRows([0, 100, 200], [40, 40, 40])).toEqual({ rows: [0, 0, 0], count: 1 });
    expect(labelRows([], [])).toEqual({ rows: [], count: 0 });
  });

  it('names the strategy and its tokens after', () => {
    expect(markerLabel('pi', 41_200, false)).toBe('pi · 41,200 after');
    expect(markerLabel('turns', 0, true)).toBe('turns · nothing to compact');
  });
});

describe('zoom and pan', () => {
  it('zooms around the anchor, which keeps its place', () => {
    expect(zoomView({ from: 0, to: 100 }, 100, 50, 0.5, 20)).toEqual({ from: 25, to: 75 });
    expect(zoomView({ from: 0, to: 100 }, 100, 90, 0.5, 20)).toEqual({ from: 45, to: 95 });
    expect(zoomView({ from: 0, to: 100 }, 100, 100, 0.5, 20)).toEqual({ from: 50, to: 100 });
  });

  it('stops at the minimum span and at the whole transcript', () => {
    expect(zoomView({ from: 0, to: 100 }, 100, 50, 0.01, 20)).toEqual({ from: 40, to: 60 });
    expect(zoomView({ from: 25, to: 75 }, 100, 50, 4, 20)).toEqual({ from: 0, to: 100 });
    expect(zoomView({ from: 0, to: 10 }, 10, 5, 0.5, 20)).toEqual({ from: 0, to: 10 });
  });

  it('pans without leaving the transcript', () => {
    expect(panView({ from: 25, to: 75 }, 100, 10)).toEqual({ from: 35, to: 85 });
    expect(panView({ from: 25, to: 75 }, 100, 40)).toEqual({ from: 50, to: 100 });
    expect(panView({ from: 25, to: 75 }, 100, -100)).toEqual({ from: 0, to: 50 });
  });

  it('repairs a stored view after the transcript changed', () => {
    expect(clampView(null, 0)).toEqual({ from: 0, to: 1 });
    expect(clampView(null, 40)).toEqual({ from: 0, to: 40 });
    expect(clampView({ from: 90, to: 120 }, 100)).toEqual({ from: 70, to: 100 });
    expect(clampView({ from: 5, to: 8 }, 100, 20)).toEqual({ from: 5, to: 25 });
  });
});

describe('tooltip', () => {
  it('reads index, role, tokens and the first line as plain text', () => {
    expect(tooltipText(3, 'tool', false, 1000, 'ls -la')).toBe('#3 · tool · 1,000 tokens · ls -la');
    expect(tooltipText(0, 'user', true, 12_345, '<b>hi</b>')).toBe(
      '#0 · user (summary) · 12,345 tokens · <b>hi</b>',
    );
    expect(tooltipText(7, 'assistant', false, 5, '')).toBe('#7 · assistant · 5 tokens');
  });
});
