import { describe, expect, it } from 'vitest';
import { compactionCost, type CostInput } from './cost';

const SONNET = { model: 'sonnet', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

/** An auto-compaction of a cached session: 167,000 → 20,000 tokens, a 3,000-token summary. */
const cached = (calls: number, summaryCached = true): CostInput => ({
  recorded: { before: 167_000, after: 20_000 },
  estimated: { before: 150_000, after: 3_000 },
  summaryTokens: 3_000,
  cacheWriteAfter: 20_000,
  calls,
  cachedCalls: true,
  summaryCached,
  price: SONNET,
});

describe('whether a compaction paid for itself', () => {
  it('pays when the cache reads it saved over the calls after cost more than its summary call and cache write', () => {
    const c = compactionCost(cached(10));
    // The summary call reads the 167,000 tokens from the cache the call before wrote: $0.0501; writes
    // 3,000 ($0.045); the next call writes 20,000 to the cache ($0.075).
    expect(c.usd).toBeCloseTo(0.0501 + 0.045 + 0.075, 12);
    // 147,000 tokens fewer in each of 10 calls, each a cache read: $0.441.
    expect(c.savedTokens).toBe(1_470_000);
    expect(c.savedUsd).toBeCloseTo(0.441, 12);
    expect(c.paidForItself).toBe(true);
  });

  it('does not pay when too few calls follow it to earn back the summary call', () => {
    const c = compactionCost(cached(2));
    expect(c.savedUsd).toBeCloseTo(0.0882, 12);
    expect(c.paidForItself).toBe(false);
  });

  it('prices the summary call’s input as plain input when the session read no cache before it', () => {
    const c = compactionCost(cached(10, false));
    expect(c.usd).toBeCloseTo(0.501 + 0.045 + 0.075, 12);
    expect(c.paidForItself).toBe(false);
  });

  it('uses the recorded pair when both sizes are recorded, never one recorded and one counted', () => {
    expect(compactionCost(cached(1)).savedTokens).toBe(147_000);
    const half = compactionCost({ ...cached(1), recorded: { before: 167_000, after: null } });
    expect(half.savedTokens).toBe(147_000);
    expect(half.summaryInputTokens).toBe(167_000);
  });
});
