import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Role } from '../../core/message';
import {
  KIND_ASSISTANT,
  KIND_SUMMARY,
  KIND_SYSTEM,
  KIND_TOOL,
  KIND_USER,
  barHeight,
  binAtX,
  buildBins,
} from './bins';
import { counts, full, plain, roles } from './testSupport.node';

// The ten-message transcript and its tail sums are tabled in testSupport.node.ts.

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
