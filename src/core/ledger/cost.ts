/**
 * What one compaction cost, and whether it paid for itself. The summary
 * call reads the whole context and writes the summary; the next call writes
 * the new, shorter prefix to the cache. What it buys: every call until the
 * next compaction sends the tokens it removed no more (cache reads when the
 * session reads its cache, plain input when it does not). When the call
 * before it read or wrote a cache, the summary call reads the context from
 * that cache too: both sides are priced alike, or a cached session's
 * compaction could never pay. A compaction followed by two calls rarely earns
 * back its summary call; that is what a compaction loop costs.
 */

/** USD per million tokens. The core holds no price table: the caller looks the model up. */
export interface LedgerPrice {
  model: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface CompactionCost {
  /** The summary call's input: the context before (recorded, else our count). */
  summaryInputTokens: number;
  /** The summary call's output: the summary. */
  summaryOutputTokens: number;
  /** Cache writes of the first call after, 0 when not recorded. */
  cacheWriteTokens: number;
  /** Tokens removed from each later call, times the calls until the next compaction. */
  savedTokens: number;
  /** The model priced, or null without a price. */
  model: string | null;
  /** Summary call and cache write, in USD; null without a price. */
  usd: number | null;
  /** What the saved tokens would have cost; null without a price. */
  savedUsd: number | null;
  /** savedUsd ≥ usd; null without a price. */
  paidForItself: boolean | null;
}

export interface CostInput {
  recorded: { before: number | null; after: number | null };
  estimated: { before: number; after: number };
  summaryTokens: number;
  cacheWriteAfter: number | null;
  /** Calls after the compaction, up to the next one. */
  calls: number;
  /** Whether those calls read a cache: the removed tokens would have been cache reads. */
  cachedCalls: boolean;
  /**
   * Whether the call before the compaction read or wrote a cache: the summary
   * call then reads the context it sends from the cache (priced as cache reads).
   */
  summaryCached?: boolean;
  /** The summary call's model's prices (the model in use when it compacted). */
  price: LedgerPrice | null;
  /**
   * The prices of each of those `calls`, in order, when they name their own
   * model (a session can change model after a compaction); else every one is
   * priced at `price`. One without a price leaves the saving unpriced.
   */
  callPrices?: readonly (LedgerPrice | null)[];
  /** The prices of the call that wrote `cacheWriteAfter`, when it names its own model; else `price`. */
  cacheWritePrice?: LedgerPrice | null;
}

const perMillion = (tokens: number, usd: number) => (tokens * usd) / 1_000_000;

/**
 * Sizes before and after come as a pair, recorded or estimated, never one of
 * each: a recorded size counts the system prompt and tools that our count of
 * the messages cannot see, and a mixed pair would report that as saved.
 */
export function compactionCost(input: CostInput): CompactionCost {
  const { recorded, estimated, price } = input;
  const pair =
    recorded.before !== null && recorded.after !== null
      ? { before: recorded.before, after: recorded.after }
      : estimated;
  const summaryInputTokens = recorded.before ?? estimated.before;
  const cacheWriteTokens = input.cacheWriteAfter ?? 0;
  const savedTokens = Math.max(0, pair.before - pair.after) * input.calls;
  if (!price)
    return {
      summaryInputTokens,
      summaryOutputTokens: input.summaryTokens,
      cacheWriteTokens,
      savedTokens,
      model: null,
      usd: null,
      savedUsd: null,
      paidForItself: null,
    };
  const usd =
    perMillion(summaryInputTokens, input.summaryCached ? price.cacheRead : price.input) +
    perMillion(input.summaryTokens, price.output) +
    perMillion(cacheWriteTokens, (input.cacheWritePrice ?? price).cacheWrite);
  const removed = Math.max(0, pair.before - pair.after);
  // Calls at the same price are summed first: one product per model, as a session of one model always was.
  // Keyed by model, not by object: each call's prices may be a fresh object for the same model.
  const callsAt = new Map<string | null, { price: LedgerPrice | null; calls: number }>();
  const count = (p: LedgerPrice | null, calls: number) => {
    const key = p === null ? null : p.model;
    const entry = callsAt.get(key);
    if (entry) entry.calls += calls;
    else callsAt.set(key, { price: p, calls });
  };
  for (const p of input.callPrices ?? []) count(p, 1);
  if (!input.callPrices) count(price, input.calls);
  let savedUsd: number | null = 0;
  for (const { price: p, calls } of callsAt.values()) {
    if (savedUsd === null || p === null) savedUsd = null;
    else savedUsd += perMillion(removed * calls, input.cachedCalls ? p.cacheRead : p.input);
  }
  return {
    summaryInputTokens,
    summaryOutputTokens: input.summaryTokens,
    cacheWriteTokens,
    savedTokens,
    model: price.model,
    usd,
    savedUsd,
    paidForItself: savedUsd === null ? null : savedUsd >= usd,
  };
}
