/**
 * A provider's own count against our estimate of the same transcript: the
 * ratio is the scale that makes the page's counts the provider's. The
 * estimate is taken at scale 1, so the ratio does not depend on a scale set
 * earlier.
 */
import { MAX_SCALE, MIN_SCALE } from './settings';

export interface Calibration {
  /** What the provider's counting endpoint answered. */
  providerTokens: number;
  /** Our estimate of the same messages at scale 1, with the chosen tokenizer. */
  estimatedTokens: number;
  /** providerTokens / estimatedTokens to three decimals; 1 when there is nothing to compare. */
  scale: number;
}

export function calibrate(providerTokens: number, estimatedTokens: number): Calibration {
  const scale = estimatedTokens > 0 ? Math.round((providerTokens / estimatedTokens) * 1000) / 1000 : 1;
  return { providerTokens, estimatedTokens, scale };
}

/** The scale the settings accept: a ratio outside 0.5–1.5 says more about the transcript than the tokenizer. */
export function settableScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}
