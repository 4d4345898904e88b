import { describe, expect, it } from 'vitest';
import { resized, sessionCost, type CallTokens } from './sessionCost';

// claude-opus-4-5: $5 in, $25 out, $0.50 cache read, $6.25 cache write per million.
// claude-haiku-4-5: $1 in, $5 out, $0.10 cache read, $1.25 cache write per million.
const opus: CallTokens = {
  model: 'claude-opus-4-5-20251101',
  inputTokens: 100_000,
  cacheReadTokens: 60_000,
  cacheWriteTokens: 20_000,
  outputTokens: 1_000,
};
const haiku: CallTokens = {
  model: 'claude-haiku-4-5',
  inputTokens: 50_000,
  cacheReadTokens: 40_000,
  cacheWriteTokens: 0,
  outputTokens: 2_000,
};
const unnamed: CallTokens = {
  inputTokens: 10_000,
  cacheReadTokens: null,
  cacheWriteTokens: null,
  outputTokens: 200,
};

describe('sessionCost: each call at its own model', () => {
  it('prices each call at the model that answered it, and a call that names none at the session model', () => {
    const cost = sessionCost([opus, haiku, unnamed], 'claude-opus-4-5');
    // Opus: the named call (20,000 uncached × 5 + 60,000 × 0.5 + 20,000 × 6.25 + 1,000 × 25 = $0.28)
    // and the unnamed one at the session's model (10,000 × 5 + 200 × 25 = $0.055), under their two names.
    // Haiku: 10,000 × 1 + 40,000 × 0.1 + 2,000 × 5 = $0.024.
    expect(cost.models).toEqual([
      { model: 'claude-opus-4-5-20251101', calls: 1, usd: expect.closeTo(0.28, 12) },
      { model: 'claude-haiku-4-5', calls: 1, usd: expect.closeTo(0.024, 12) },
      { model: 'claude-opus-4-5', calls: 1, usd: expect.closeTo(0.055, 12) },
    ]);
    expect(cost.usd).toBeCloseTo(0.359, 12);
    expect(cost.callsWithoutModel).toBe(1);
  });

  it('is not the session priced at its last model', () => {
    // All three calls at Haiku's prices would be 40,000 × 1 + 100,000 × 0.1 + 20,000 × 1.25 + 3,200 × 5 = $0.091.
    const asOne = sessionCost(
      [opus, haiku, unnamed].map(({ model: _, ...tokens }) => tokens),
      'claude-haiku-4-5',
    );
    expect(asOne.usd).toBeCloseTo(0.091, 12);
    expect(asOne.callsWithoutModel).toBe(3);
  });

  it('has no total when a call with tokens has no list price, but a model whose calls carried none costs nothing', () => {
    const synthetic: CallTokens = {
      model: '<synthetic>',
      inputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      outputTokens: 0,
    };
    const withSynthetic = sessionCost([haiku, synthetic], null);
    expect(withSynthetic.usd).toBeCloseTo(0.024, 12);
    expect(withSynthetic.models[1]).toEqual({ model: '<synthetic>', calls: 1, usd: 0 });
    expect(sessionCost([haiku, { ...haiku, model: 'llama-70b' }], null).usd).toBeNull();
    // No model named anywhere, and none for the session: nothing to price at.
    expect(sessionCost([unnamed], null)).toEqual({ usd: null, models: [], callsWithoutModel: 1 });
  });

  it('prices output recorded outside any call at the session model', () => {
    const rest = { inputTokens: 0, cacheReadTokens: null, cacheWriteTokens: null, outputTokens: 4_000 };
    // $0.024 for the call, and 4,000 × $5 = $0.02 of output at Haiku's prices.
    expect(sessionCost([haiku], 'claude-haiku-4-5', rest).usd).toBeCloseTo(0.044, 12);
  });
});

describe('resized: the same calls with other prompt sizes', () => {
  it('keeps each call its model and output, and reads the cache in the share the calls did', () => {
    // The calls read 100,000 of 150,000 prompt tokens from the cache: two thirds.
    expect(resized([opus, haiku], [30_000, 6_000])).toEqual([
      {
        model: 'claude-opus-4-5-20251101',
        inputTokens: 30_000,
        cacheReadTokens: 20_000,
        cacheWriteTokens: null,
        outputTokens: 1_000,
      },
      {
        model: 'claude-haiku-4-5',
        inputTokens: 6_000,
        cacheReadTokens: 4_000,
        cacheWriteTokens: null,
        outputTokens: 2_000,
      },
    ]);
  });
});
