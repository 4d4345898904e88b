/**
 * What the page shows for the loaded transcript under the current settings,
 * derived on the main thread from the worker's per-message counts. A drag
 * recomputes only the cut (a binary search), never the counts.
 */
import { useDeferredValue, useMemo } from 'react';
import { buildCutIndex, type CutIndex } from '../core/cutPoint';
import { fatesFor, type Fate } from '../core/fates';
import { planFromIndex, type CompactionPlan } from '../core/prepare';
import {
  STRATEGIES,
  explainSettings,
  shouldCompact,
  summaryBudget,
  threshold,
  type Adjustment,
  type Settings,
  type Strategy,
} from '../core/settings';
import { useSettings } from '../state/settingsStore';
import { useTranscript } from '../state/transcriptStore';
import type { TranscriptView } from '../worker/protocol';

export interface StrategyOutcome {
  strategy: Strategy;
  plan: CompactionPlan;
  keptTokens: number;
  /** System messages + kept tail + a summary at its full budget: the most the context can be afterwards. */
  tokensAfter: number;
}

export interface PageAnalysis {
  view: TranscriptView;
  settings: Settings;
  adjustments: Adjustment[];
  index: CutIndex;
  totalTokens: number;
  threshold: number;
  shouldCompact: boolean;
  plan: CompactionPlan;
  fates: Fate[];
  keptTokens: number;
  outcomes: StrategyOutcome[];
  summaryBudget: number;
}

export function outcomeOf(
  index: CutIndex,
  view: TranscriptView,
  settings: Settings,
  strategy: Strategy,
): StrategyOutcome {
  const plan = planFromIndex(index, { ...settings, strategy }, view.boundary);
  const total = index.suffix[0] + view.listTail;
  if (plan.nothingToCompact)
    return { strategy, plan, keptTokens: index.suffix[plan.start], tokensAfter: total };
  const keptTokens = index.suffix[plan.firstKeptIdx];
  // Every system message before the cut stays, ahead of the summary.
  const system = index.systemTokens[plan.firstKeptIdx];
  return {
    strategy,
    plan,
    keptTokens,
    tokensAfter: system + keptTokens + summaryBudget(settings) + view.listTail,
  };
}

export function analyzeView(view: TranscriptView, index: CutIndex, input: Settings): PageAnalysis {
  const { settings, adjustments } = explainSettings(input);
  const totalTokens = index.suffix[0] + view.listTail;
  const outcomes = STRATEGIES.map((strategy) => outcomeOf(index, view, settings, strategy));
  const current = outcomes.find((o) => o.strategy === settings.strategy)!;
  return {
    view,
    settings,
    adjustments,
    index,
    totalTokens,
    threshold: threshold(settings),
    shouldCompact: shouldCompact(settings, totalTokens),
    plan: current.plan,
    fates: fatesFor(view.roles, view.isSummary, current.plan),
    keptTokens: current.keptTokens,
    outcomes,
    summaryBudget: summaryBudget(settings),
  };
}

export function useCutIndex(view: TranscriptView | null): CutIndex | null {
  return useMemo(() => (view ? buildCutIndex(view.roles, view.counts) : null), [view]);
}

export function useAnalysis(): PageAnalysis | null {
  // A new transcript re-renders the whole page; deferred, React can do it in
  // slices instead of one long task that freezes the page.
  const view = useDeferredValue(useTranscript((s) => s.view));
  const settings = useSettings((s) => s.settings);
  const index = useCutIndex(view);
  return useMemo(() => (view && index ? analyzeView(view, index, settings) : null), [view, index, settings]);
}
