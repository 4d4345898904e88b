import { describe, expect, it } from 'vitest';
import type { PreviewRow } from '../../worker/protocol';
import { calibration, clearedTokens, diffFigures, prettyBody } from './resultFigures';

const row = (from: number | null, extra: Partial<PreviewRow> = {}): PreviewRow => ({
  role: 'user',
  tokens: 10,
  preview: `row ${from}`,
  isSummary: false,
  from,
  ...extra,
});

describe('the tokens a clearing freed', () => {
  it('adds before and after over every cleared message', () => {
    expect(
      clearedTokens({
        cleared: [
          { index: 3, tokensBefore: 500, tokensAfter: 12 },
          { index: 7, tokensBefore: 1200, tokensAfter: 12 },
        ],
      }),
    ).toEqual({ before: 1700, after: 24 });
  });

  it('is zero on both sides when nothing was cleared', () => {
    expect(clearedTokens({ cleared: [] })).toEqual({ before: 0, after: 0 });
  });
});

describe('the diff between the loaded list and the compacted one', () => {
  // Five messages of 40, 30, 20, 20 and 10 tokens: suffix[i] is the tokens from i to the end.
  const suffix = Float64Array.from([120, 80, 50, 30, 10, 0]);

  it('names the removed messages and their tokens, the cleared rows, and the kept ones past the system prompt', () => {
    const rows = [
      row(0, { role: 'system' }),
      row(null, { isSummary: true, role: 'assistant' }),
      row(3, { cleared: { tokensBefore: 20 }, tokens: 2 }),
      row(4),
    ];
    const figures = diffFigures(rows, 5, suffix);
    expect(figures.removed).toEqual([1, 2]);
    expect(figures.removedTokens).toBe(50);
    expect(figures.shown).toEqual([1, 2]);
    expect(figures.keptRows.map((r) => r.from)).toEqual([3, 4]);
    expect(figures.clearedRows.map((r) => r.from)).toEqual([3]);
  });

  it('keeps a system message that is not the first in the kept rows', () => {
    expect(diffFigures([row(2, { role: 'system' })], 3, suffix).keptRows.map((r) => r.from)).toEqual([2]);
  });

  it('draws the first 30 and the last 20 of more than 60 removed messages, with a gap between', () => {
    const many = new Float64Array(62);
    const { removed, shown } = diffFigures([], 61, many);
    expect(removed).toHaveLength(61);
    expect(shown).toHaveLength(51);
    expect(shown.slice(28, 32)).toEqual([28, 29, -1, 41]);
    expect(shown[50]).toBe(60);
    expect(diffFigures([], 60, many).shown).toHaveLength(60);
  });
});

describe('a request body as shown', () => {
  it('is indented by two spaces when it is JSON', () => {
    expect(prettyBody('{"model":"m","stream":true}')).toBe('{\n  "model": "m",\n  "stream": true\n}');
  });

  it('is left as sent when it is not JSON, and empty when there is none', () => {
    expect(prettyBody('model=m&stream=1')).toBe('model=m&stream=1');
    expect(prettyBody(undefined)).toBe('');
    expect(prettyBody('')).toBe('');
  });
});

describe('calibrating the scale from a provider count', () => {
  it('gives the ratio to our estimate and the scale that matches it, to the hundredth', () => {
    expect(calibration(1100, 1000, 1)).toEqual({ ratio: 1.1, calibrated: 1.1 });
    expect(calibration(900, 1000, 1.2)).toEqual({ ratio: 0.9, calibrated: 1.08 });
  });

  it('keeps the scale within its bounds, 0.5 to 1.5', () => {
    expect(calibration(3000, 1000, 1)).toEqual({ ratio: 3, calibrated: 1.5 });
    expect(calibration(100, 1000, 1)).toEqual({ ratio: 0.1, calibrated: 0.5 });
  });

  it('has nothing to offer without a reported count or an estimate', () => {
    expect(calibration(undefined, 1000, 1)).toEqual({ ratio: null, calibrated: null });
    expect(calibration(1000, 0, 1)).toEqual({ ratio: null, calibrated: null });
  });
});
