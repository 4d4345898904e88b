import { describe, expect, it } from 'vitest';
import { estimateCost, estimateSessionCost, findModelPrice, ledgerPrice } from './prices';

describe('findModelPrice', () => {
  it.each([
    ['gpt-4o-mini', 'gpt-4o-mini'],
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['openai/gpt-4.1-mini', 'gpt-4.1-mini'],
    ['claude-sonnet-4-20250514', 'claude-sonnet-4'],
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['claude-3-5-haiku-latest', 'claude-3-5-haiku'],
    ['models/gemini-2.5-flash', 'gemini-2.5-flash'],
    ['gemini-2.5-flash-lite', 'gemini-2.5-flash-lite'],
    ['gpt-5-codex', 'gpt-5-codex'],
  ])('prices %s as %s', (model, priced) => {
    expect(findModelPrice(model)?.model).toBe(priced);
  });

  it.each(['gpt-4o-audio-preview', 'llama3.2', 'mock', ''])('does not guess a price for %j', (model) => {
    expect(findModelPrice(model)).toBeNull();
  });
});

describe('estimateCost', () => {
  it('charges input and output tokens at the per-million list prices', () => {
    expect(estimateCost('gpt-4o-mini', { promptTokens: 2_000_000, completionTokens: 500_000 })).toEqual({
      inputUsd: 0.3,
      outputUsd: 0.3,
      totalUsd: 0.6,
      price: { model: 'gpt-4o-mini', input: 0.15, output: 0.6, cacheRead: 0.075 },
    });
  });

  it('is null for a model without a known price', () => {
    expect(estimateCost('my-finetune', { promptTokens: 1, completionTokens: 1 })).toBeNull();
  });
});

describe('ledgerPrice', () => {
  it('adds the cache prices by the provider rule: Anthropic writes at 1.25× and reads at 0.1×', () => {
    expect(ledgerPrice('claude-sonnet-4-5-20250929')).toEqual({
      model: 'claude-sonnet-4-5',
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
    });
  });

  it('prices an OpenAI cache write as input and a read at the family discount; an unknown model not at all', () => {
    expect(ledgerPrice('gpt-5-codex')).toMatchObject({ input: 1.25, cacheRead: 0.125, cacheWrite: 1.25 });
    expect(ledgerPrice('gpt-4o')).toMatchObject({ cacheRead: 1.25, cacheWrite: 2.5 });
    expect(ledgerPrice('my-local-model')).toBeNull();
    expect(ledgerPrice(undefined)).toBeNull();
  });
});

describe('estimateSessionCost', () => {
  it('bills the uncached prompt at the input price and cache reads and writes at their own', () => {
    // 1M prompt tokens of which 0.8M read from the cache and 0.1M written: 0.1M uncached.
    const tokens = {
      inputTokens: 1_000_000,
      cacheReadTokens: 800_000,
      cacheWriteTokens: 100_000,
      outputTokens: 10_000,
    };
    // 0.1 × 3 + 0.8 × 0.3 + 0.1 × 3.75 + 0.01 × 15 = 0.3 + 0.24 + 0.375 + 0.15
    expect(estimateSessionCost('claude-sonnet-4-5-20250929', tokens)).toBeCloseTo(1.065, 10);
  });

  it("bills cached tokens by the provider's rule where the table lists no cache price", () => {
    const tokens = {
      inputTokens: 1_000_000,
      cacheReadTokens: 500_000,
      cacheWriteTokens: null,
      outputTokens: null,
    };
    // Gemini reads from its cache at a quarter of the input price: 0.5 × 1.25 + 0.5 × 0.3125.
    expect(estimateSessionCost('gemini-2.5-pro', tokens)).toBeCloseTo(0.78125, 10);
    expect(estimateSessionCost('my-finetune', tokens)).toBeNull();
  });
});
