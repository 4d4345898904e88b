/**
 * The worker's estimators, one per tokenizer, made once: a tokenizer's ranks
 * take seconds to load and parse, so every request after the first reuses
 * them, and a scale is a cheap wrapper around the same counts. Whether one is
 * already at hand decides if a load draws estimated bars first.
 */
import { createEstimator, type Estimator, loadTokenizer, type TextCounter, type TokenizerId } from '../core';

export type EstimatorFor = (tokenizer: TokenizerId, scale: number) => Promise<Estimator>;

export class Estimators {
  private readonly made = new Map<TokenizerId, Estimator>();

  /** `load` is the tokenizer's counter; tests give one that fails or waits. */
  constructor(private readonly load: (tokenizer: TokenizerId) => Promise<TextCounter> = loadTokenizer) {}

  /** Whether `tokenizer`'s estimator is made, so counting with it starts at once. */
  has(tokenizer: TokenizerId): boolean {
    return this.made.has(tokenizer);
  }

  /** Starts loading `tokenizer`'s ranks without waiting for them; a failure is met by whoever asks next. */
  prefetch(tokenizer: TokenizerId): void {
    if (tokenizer !== 'chars4') this.load(tokenizer).catch(() => undefined);
  }

  /** The estimator for `tokenizer` at `scale`, made on first use. */
  readonly get: EstimatorFor = async (tokenizer, scale) => {
    let base = this.made.get(tokenizer);
    if (!base) {
      base = createEstimator(tokenizer, await this.load(tokenizer));
      this.made.set(tokenizer, base);
    }
    return scale === 1 ? base : base.withScale(scale);
  };
}
