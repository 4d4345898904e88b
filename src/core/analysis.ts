/**
 * Everything the CLI's `inspect` and the playground show about a transcript
 * under one set of settings, computed in one place.
 */
import { indexMessages, type CutIndex } from './cutPoint';
import type { Estimator } from './estimate';
import { messageFates, type Fate } from './fates';
import type { Message } from './message';
import { planWithIndex, type CompactionPlan } from './prepare';
import { explainSettings, shouldCompact, threshold, type Adjustment, type Settings } from './settings';

export interface Analysis {
  settings: Settings;
  adjustments: Adjustment[];
  /** Per-message counts, without the list's tail. */
  counts: number[];
  /** The whole list's estimate, as compared against the threshold. */
  totalTokens: number;
  threshold: number;
  shouldCompact: boolean;
  plan: CompactionPlan;
  fates: Fate[];
  /** Tokens of the kept tail (per-message counts). */
  keptTokens: number;
  index: CutIndex;
}

export function analyze(
  messages: readonly Message[],
  input: Partial<Settings>,
  estimator: Estimator,
): Analysis {
  const { settings, adjustments } = explainSettings(input);
  const index = indexMessages(messages, estimator);
  const counts = Array.from({ length: messages.length }, (_, i) => index.suffix[i] - index.suffix[i + 1]);
  const totalTokens = estimator.countMessages(messages);
  const plan = planWithIndex(messages, index, settings);
  return {
    settings,
    adjustments,
    counts,
    totalTokens,
    threshold: threshold(settings),
    shouldCompact: shouldCompact(settings, totalTokens),
    plan,
    fates: messageFates(messages, plan),
    keptTokens: plan.nothingToCompact ? index.suffix[plan.start] : index.suffix[plan.firstKeptIdx],
    index,
  };
}
