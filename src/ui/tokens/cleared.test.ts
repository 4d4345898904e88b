import { describe, expect, it } from 'vitest';
import { buildBins } from './bins';
import { clearedNote, clearedOutlines, clearedSummary, countsAfterClearing } from './cleared';
import { counts, full, plain, roles } from './testSupport.node';

// The ten-message transcript of testSupport.node.ts: tool results #3 (1,000), #4 (300) and #8 (500).
const cleared = [
  { index: 3, tokensBefore: 1000, tokensAfter: 12 },
  { index: 8, tokensBefore: 500, tokensAfter: 12 },
];

describe('cleared messages on the strip', () => {
  it('draws a cleared message at its placeholder size and leaves the others as they are', () => {
    expect(Array.from(countsAfterClearing(counts, cleared))).toEqual([
      100, 50, 200, 12, 300, 150, 40, 60, 12, 100,
    ]);
  });

  it('keeps the very same counts when nothing is cleared, so the bars are not folded again', () => {
    expect(countsAfterClearing(counts, [])).toBe(counts);
  });

  it("outlines each cleared message's old height in its own bar, and the scale reaches the tallest", () => {
    const bins = buildBins(roles, countsAfterClearing(counts, cleared), plain, full, 100, 200);
    const outlines = clearedOutlines(bins, cleared);
    expect(Array.from(outlines.before)).toEqual([0, 0, 0, 1000, 0, 0, 0, 0, 500, 0]);
    expect([outlines.max, outlines.count]).toEqual([1000, 2]);
    // The bars themselves no longer reach 1,000: #4's 300 is the tallest drawn, the outline is taller.
    expect(bins.max).toBe(300);
  });

  it('puts the outlines of several cleared messages folded into one pixel column at the tallest of them', () => {
    // Ten messages in 4 device pixels: columns hold #0–#2, #3–#4, #5–#7 and #8–#9.
    const both = [...cleared.slice(0, 1), { index: 4, tokensBefore: 300, tokensAfter: 12 }, cleared[1]];
    const bins = buildBins(roles, countsAfterClearing(counts, both), plain, full, 4, 4);
    expect([Array.from(bins.first), Array.from(bins.end)]).toEqual([
      [0, 3, 5, 8],
      [3, 5, 8, 10],
    ]);
    const outlines = clearedOutlines(bins, both);
    expect(Array.from(outlines.before)).toEqual([0, 1000, 0, 500]);
    expect(outlines.count).toBe(2);
  });

  it('outlines only what is in view when zoomed in', () => {
    const bins = buildBins(roles, countsAfterClearing(counts, cleared), plain, { from: 5, to: 10 }, 100, 200);
    expect(Array.from(clearedOutlines(bins, cleared).before)).toEqual([0, 0, 0, 500, 0]);
  });

  it('says what a cleared message was and is, on hover and to a screen reader', () => {
    expect(clearedNote(cleared[0])).toBe(' · cleared: 1,000 → 12 tokens');
    expect(clearedNote(undefined)).toBe('');
    expect(clearedSummary(cleared)).toBe('2 messages cleared in place, 1,500 tokens down to 24');
    expect(clearedSummary([])).toBe('');
  });
});
