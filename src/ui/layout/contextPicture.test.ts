import { describe, expect, it } from 'vitest';
import type { Breakdown } from '../../core/session/breakdown';
import { contextPicture, type ContextFigures } from './contextPicture';

/** 1,000 tokens of messages, 3 of list framing and 15,000 not in the file: 16,003 in context. */
const FIGURES: ContextFigures = {
  totalTokens: 1_000,
  framingTokens: 3,
  unseenTokens: 15_000,
  contextTokens: 16_003,
  window: 128_000,
  reserve: 16_384,
};

const BREAKDOWN: Breakdown = {
  categories: [
    { kind: 'unrecorded', label: 'Not explained by the file', tokens: 15_000, messages: 0 },
    { kind: 'summary', label: 'Summaries', tokens: 100, messages: 1 },
    { kind: 'user', label: 'User text', tokens: 150, messages: 2 },
    { kind: 'assistant', label: 'Assistant text', tokens: 200, messages: 3 },
    { kind: 'tool-calls', label: 'Tool calls', tokens: 50, messages: 0 },
    { kind: 'tool-result', label: 'Tool results: Read', tool: 'Read', tokens: 400, messages: 2 },
    { kind: 'tool-result', label: 'Tool results: Bash', tool: 'Bash', tokens: 100, messages: 1 },
  ],
  total: 16_000,
};

describe('the context now against the window', () => {
  it('lists the part not in the file, each category, each tool, and the framing, adding up to the context', () => {
    const picture = contextPicture(FIGURES, BREAKDOWN);
    expect(picture.byCategory).toBe(true);
    expect(picture.parts.map((p) => [p.label, p.tokens])).toEqual([
      ['Not explained by the file', 15_000],
      ['Summaries', 100],
      ['User text', 150],
      ['Assistant text', 200],
      ['Tool calls', 50],
      ['Tool results: Read', 400],
      ['Tool results: Bash', 100],
      ["The list's framing", 3],
    ]);
    expect(picture.parts.reduce((sum, p) => sum + p.tokens, 0)).toBe(16_003);
  });

  it('leaves the reserve and the free space of the window: context + free + reserve = window', () => {
    const picture = contextPicture(FIGURES, BREAKDOWN);
    expect(picture.reserveLeft).toBe(16_384);
    expect(picture.free).toBe(128_000 - 16_003 - 16_384);
    expect(picture.contextTokens + picture.free + picture.reserveLeft).toBe(128_000);
    expect(picture.over).toBe(0);
    expect(picture.scale).toBe(128_000);
  });

  it('draws the messages as one part while the breakdown does not match the header', () => {
    // A breakdown of an earlier view: its messages add up to 999, not the header's 1,000.
    const stale: Breakdown = {
      ...BREAKDOWN,
      categories: BREAKDOWN.categories.map((c) => (c.kind === 'user' ? { ...c, tokens: 149 } : c)),
    };
    for (const breakdown of [stale, null]) {
      const picture = contextPicture(FIGURES, breakdown);
      expect(picture.byCategory).toBe(false);
      expect(picture.parts.map((p) => [p.kind, p.tokens])).toEqual([
        ['unrecorded', 15_000],
        ['messages', 1_000],
        ['framing', 3],
      ]);
    }
    // A typed part not in the file that the breakdown has not caught up with: not drawn either.
    expect(
      contextPicture({ ...FIGURES, unseenTokens: 2_000, contextTokens: 3_003 }, BREAKDOWN).byCategory,
    ).toBe(false);
  });

  it('a context inside the reserve takes from it, and one past the window says by how much', () => {
    const inReserve = contextPicture({ ...FIGURES, contextTokens: 120_000 }, null);
    expect(inReserve.free).toBe(0);
    expect(inReserve.reserveLeft).toBe(8_000);
    expect(inReserve.reserve).toBe(16_384);
    const past = contextPicture({ ...FIGURES, contextTokens: 130_834 }, null);
    expect(past.free).toBe(0);
    expect(past.reserveLeft).toBe(0);
    expect(past.over).toBe(2_834);
    expect(past.scale).toBe(130_834);
  });

  it('without a window there is no free space or reserve: the context is the whole bar', () => {
    const picture = contextPicture({ ...FIGURES, window: 0 }, BREAKDOWN);
    expect([picture.free, picture.reserve, picture.reserveLeft, picture.over]).toEqual([0, 0, 0, 0]);
    expect(picture.scale).toBe(16_003);
  });
});
