import { describe, expect, it } from 'vitest';
import { readFileUsage } from './fileUsage';

describe('readFileUsage', () => {
  it('keeps every count and the model name as they were recorded', () => {
    const recorded = {
      contextTokens: 21_956,
      inputTokens: 3,
      cachedInputTokens: 21_900,
      outputTokens: 412,
      reasoningTokens: 0,
      totalTokens: 22_368,
      contextWindow: 200_000,
      model: 'claude-sonnet-4-5',
    };
    expect(readFileUsage(recorded)).toEqual(recorded);
  });

  it('drops counts that are not whole numbers of 0 or more, a model that is not a string, and unknown fields', () => {
    expect(
      readFileUsage({
        inputTokens: -1,
        outputTokens: 2.5,
        totalTokens: '900',
        contextWindow: Number.NaN,
        contextTokens: 120,
        model: 7,
        cost: 0.12,
      }),
    ).toEqual({ contextTokens: 120 });
  });

  it('is undefined when nothing of the usage is well formed', () => {
    expect(readFileUsage({})).toBeUndefined();
    expect(readFileUsage({ inputTokens: null, model: undefined })).toBeUndefined();
  });

  it('reads only the record’s own fields, not what its prototype lends', () => {
    const lent = Object.create({ inputTokens: 5, model: 'inherited' }) as object;
    expect(readFileUsage(lent)).toBeUndefined();
  });
});
