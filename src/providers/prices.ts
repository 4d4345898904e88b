/**
 * List prices of popular models, for the preview's cost estimate. Prices
 * change: this is a convenience, and an unknown model gets no estimate
 * rather than a guess.
 */
import type { LedgerPrice } from '../core/ledger/cost';
import type { Usage } from '../core/summarizer';

export interface ModelPrice {
  /** The model id as the provider spells it, without a date suffix. */
  model: string;
  /** USD per million input (prompt) tokens. */
  input: number;
  /** USD per million output (completion) tokens. */
  output: number;
}

/** Standard (non-batch, non-cached, short-prompt) list prices in USD per million tokens, 2025. */
export const MODEL_PRICES: readonly ModelPrice[] = [
  { model: 'gpt-4o', input: 2.5, output: 10 },
  { model: 'gpt-4o-mini', input: 0.15, output: 0.6 },
  { model: 'gpt-4.1', input: 2, output: 8 },
  { model: 'gpt-4.1-mini', input: 0.4, output: 1.6 },
  { model: 'gpt-4.1-nano', input: 0.1, output: 0.4 },
  { model: 'o4-mini', input: 1.1, output: 4.4 },
  { model: 'gpt-5', input: 1.25, output: 10 },
  { model: 'gpt-5-codex', input: 1.25, output: 10 },
  { model: 'gpt-5-mini', input: 0.25, output: 2 },
  { model: 'gpt-5-nano', input: 0.05, output: 0.4 },
  { model: 'claude-opus-4-5', input: 5, output: 25 },
  { model: 'claude-opus-4-1', input: 15, output: 75 },
  { model: 'claude-sonnet-4-5', input: 3, output: 15 },
  { model: 'claude-sonnet-4', input: 3, output: 15 },
  { model: 'claude-haiku-4-5', input: 1, output: 5 },
  { model: 'claude-3-5-haiku', input: 0.8, output: 4 },
  { model: 'gemini-2.5-pro', input: 1.25, output: 10 },
  { model: 'gemini-2.5-flash', input: 0.3, output: 2.5 },
  { model: 'gemini-2.5-flash-lite', input: 0.1, output: 0.4 },
  { model: 'gemini-2.0-flash', input: 0.1, output: 0.4 },
];

/**
 * A dated or aliased id (`gpt-4o-2024-08-06`, `claude-sonnet-4-20250514`,
 * `claude-3-5-haiku-latest`) has the price of its base id; any other suffix
 * names a different model (`gpt-4o` is not `gpt-4o-mini`).
 */
const VERSION_SUFFIX = /^(-\d{4}-\d{2}-\d{2}|-\d{8}|-latest)?$/;

export function findModelPrice(model: string): ModelPrice | null {
  // OpenRouter prefixes the vendor (`openai/gpt-4o`); Gemini lists `models/…`.
  const id = model.trim().toLowerCase().replace(/^.*\//, '');
  for (const price of MODEL_PRICES) {
    if (id.startsWith(price.model) && VERSION_SUFFIX.test(id.slice(price.model.length))) return price;
  }
  return null;
}

export interface CostEstimate {
  inputUsd: number;
  outputUsd: number;
  totalUsd: number;
  price: ModelPrice;
}

/** Cost of one call at list price; null when the model's price is not known. */
export function estimateCost(model: string, usage: Usage): CostEstimate | null {
  const price = findModelPrice(model);
  if (!price) return null;
  const inputUsd = (usage.promptTokens * price.input) / 1_000_000;
  const outputUsd = (usage.completionTokens * price.output) / 1_000_000;
  return { inputUsd, outputUsd, totalUsd: inputUsd + outputUsd, price };
}

/**
 * Cache prices as shares of the input price, by the provider's rule: Anthropic
 * charges 1.25× for a cache write and 0.1× for a read; OpenAI and Gemini
 * charge a write as plain input and discount reads by model family. The
 * first prefix that matches wins, so the longer ids come first.
 */
const CACHE_RATES: readonly { prefix: string; read: number; write: number }[] = [
  { prefix: 'claude', read: 0.1, write: 1.25 },
  { prefix: 'gpt-5', read: 0.1, write: 1 },
  { prefix: 'gpt-4.1', read: 0.25, write: 1 },
  { prefix: 'o4-mini', read: 0.25, write: 1 },
  { prefix: 'gpt-4o', read: 0.5, write: 1 },
  { prefix: 'gemini', read: 0.25, write: 1 },
];

/** A model's prices with its cache reads and writes, as the ledger of a session prices them; null when unknown. */
export function ledgerPrice(model: string | undefined): LedgerPrice | null {
  const price = model ? findModelPrice(model) : null;
  if (!price) return null;
  const rate = CACHE_RATES.find((r) => price.model.startsWith(r.prefix)) ?? { read: 1, write: 1 };
  return {
    model: price.model,
    input: price.input,
    output: price.output,
    // Rounded to a millionth of a dollar: 3 × 0.1 is 0.30000000000000004 in floating point.
    cacheRead: Math.round(price.input * rate.read * 1e6) / 1e6,
    cacheWrite: Math.round(price.input * rate.write * 1e6) / 1e6,
  };
}
