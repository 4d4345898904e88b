import { describe, expect, it } from 'vitest';
import type { TranscriptView } from '../worker/protocol';
import { DRAW_AT_ONCE_MAX_MESSAGES, drawsAtOnce } from './useAnalysis';

const viewOf = (messages: number) => ({ counts: new Array<number>(messages).fill(1) }) as TranscriptView;

describe('drawsAtOnce', () => {
  it('draws a view of up to 1,000 messages as it arrives (the default sample has 198)', () => {
    expect(DRAW_AT_ONCE_MAX_MESSAGES).toBe(1000);
    expect(drawsAtOnce(viewOf(198))).toBe(true);
    expect(drawsAtOnce(viewOf(1000))).toBe(true);
  });

  it('defers a larger view, and there is nothing to draw without one', () => {
    expect(drawsAtOnce(viewOf(1001))).toBe(false);
    expect(drawsAtOnce(viewOf(50_000))).toBe(false);
    expect(drawsAtOnce(null)).toBe(false);
  });
});
