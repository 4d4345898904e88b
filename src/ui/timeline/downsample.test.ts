import { describe, expect, it } from 'vitest';
import { sampleCalls } from './downsample';

describe('sampleCalls', () => {
  it('keeps every call of a short session', () => {
    expect(sampleCalls(5, () => 1, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the peak of each bucket, the last call and the calls it is told to keep', () => {
    const heights = [1, 9, 2, 3, 8, 1, 1, 7, 2, 5];
    expect(sampleCalls(10, (i) => heights[i]!, 3, [5])).toEqual([1, 4, 5, 7, 9]);
  });

  it('draws 50,000 calls from a few hundred points', () => {
    expect(sampleCalls(50_000, (i) => i % 97, 400).length).toBeLessThanOrEqual(402);
  });
});
