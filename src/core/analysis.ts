/**
 * Everything the CLI's `inspect` and the playground show about a transcript
 * under one set of settings: the verdict, the threshold, every strategy's cut
 * with what it leaves, the fates and the budgets. One function for both
 * surfaces, so their numbers cannot disagree.
 *
 * It works on the transcript's shape (roles, per-message counts, summary
 * flags), not its text: the page holds only that (the worker keeps the
 * messages), and a drag recomputes it from an index built once.
 */
import { buildCutIndex, type CutIndex } from './cutPoint';
import type { Estimator } from './estimate';
import { fatesFor, type Fate } from './fates';
import type { Message, Role } from './message';
import { boundaryFor, planFromIndex, type Boundary, type CompactionPlan } from './prepare';
import {
  STRATEGIES,
  explainSettings,
  shouldCompact,
  summaryBudget,
  threshold,
  type Adjustment,
  type Settings,
  type SettingsInput,
  type Strategy,
} from './settings';
import { isSummaryMessage } from './summaryEnvelope';

/** What the analysis needs of a transcript. The worker sends the page exactly this. */
export interface TranscriptShape {
  roles: readonly Role[];
  /** Tokens per message, without the list's closing tokens. */
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  /** The list's closing tokens (3 for BPE tokenizers, 0 for chars4). */
  listTail: number;
}

/** A shape built from messages: plain arrays, ready to send from the worker. */
export interface CountedShape extends TranscriptShape {
  roles: Role[];
  counts: number[];
  isSummary: boolean[];
}

/** The shape of `messages` under `estimator`: the one way the CLI builds it. */
export function shapeOf(messages: readonly Message[], estimator: Estimator): CountedShape {
  return shapeWithCounts(
    messages,
    messages.map((m) => estimator.countMessage(m)),
    estimator,
  );
}

/**
 * The same from counts made elsewhere with `estimator.countMessage` (the
 * worker counts in slices, so Cancel and its watchdog are heard meanwhile):
 * everything but the counting is decided here, for both surfaces.
 */
export function shapeWithCounts(
  messages: readonly Message[],
  counts: number[],
  estimator: Estimator,
): CountedShape {
  return {
    roles: messages.map((m) => m.role),
    counts,
    isSummary: messages.map(isSummaryMessage),
    listTail: estimator.countMessages([]),
  };
}

/**
 * A compacted context that still does not fit. Measured against the
 * threshold (window − reserve), not the bare window: a context over it leaves
 * the next response less than its reserve, and the very next turn compacts
 * again; over the window it cannot be sent at all.
 */
export interface ResultOverflow {
  /** Tokens over the threshold, always more than 0. */
  overThreshold: number;
  /** Tokens over the window itself; 0 when only the reserve is cut into. */
  overWindow: number;
}

export interface StrategyOutcome {
  strategy: Strategy;
  plan: CompactionPlan;
  /** Tokens of the messages kept verbatim (all of them after the start when nothing is compacted). */
  keptTokens: number;
  /** System messages + kept tail + a summary at its full budget: the most the context can be afterwards. */
  tokensAfter: number;
  /** How far `tokensAfter` is still over the threshold; null when it fits, or without a window. */
  overflow: ResultOverflow | null;
}

export interface Analysis {
  settings: Settings;
  adjustments: Adjustment[];
  index: CutIndex;
  boundary: Boundary;
  /** The whole list's estimate, as compared against the threshold. */
  totalTokens: number;
  threshold: number;
  shouldCompact: boolean;
  summaryBudget: number;
  /** The chosen strategy's outcome, and its plan. */
  current: StrategyOutcome;
  plan: CompactionPlan;
  /** What the chosen strategy does to each message. */
  fates: Fate[];
  keptTokens: number;
  /** The chosen strategy's result that would still not fit, by how much. */
  overflow: ResultOverflow | null;
  /** Every strategy on the same transcript, in `STRATEGIES` order. */
  outcomes: StrategyOutcome[];
}

/** How far a context of `tokensAfter` is over the threshold and the window, or null when it fits. */
export function overflowOf(settings: Settings, tokensAfter: number): ResultOverflow | null {
  const limit = threshold(settings);
  if (limit === 0 || tokensAfter <= limit) return null;
  return {
    overThreshold: tokensAfter - limit,
    overWindow: Math.max(0, tokensAfter - settings.maxContextTokens),
  };
}

function outcomeOf(
  index: CutIndex,
  boundary: Boundary,
  listTail: number,
  settings: Settings,
  strategy: Strategy,
): StrategyOutcome {
  const plan = planFromIndex(index, { ...settings, strategy }, boundary);
  const total = index.suffix[0] + listTail;
  if (plan.nothingToCompact) {
    // Nothing to cut: the context stays as it is, which may itself be over.
    return {
      strategy,
      plan,
      keptTokens: index.suffix[plan.start],
      tokensAfter: total,
      overflow: overflowOf(settings, total),
    };
  }
  const keptTokens = index.suffix[plan.firstKeptIdx];
  // Every system message before the cut stays, ahead of the summary.
  const system = index.systemTokens[plan.firstKeptIdx];
  const tokensAfter = system + keptTokens + summaryBudget(settings) + listTail;
  return { strategy, plan, keptTokens, tokensAfter, overflow: overflowOf(settings, tokensAfter) };
}

/**
 * The analysis of `shape` under the settings as typed, normalized here once.
 * Pass the `index` of the same shape when you keep one (the page does, so a
 * drag is a binary search).
 */
export function analyze(
  shape: TranscriptShape,
  input: SettingsInput,
  index: CutIndex = buildCutIndex(shape.roles, shape.counts),
): Analysis {
  const { settings, adjustments } = explainSettings(input);
  const boundary = boundaryFor(shape.roles, shape.isSummary);
  const totalTokens = index.suffix[0] + shape.listTail;
  const outcomes = STRATEGIES.map((strategy) =>
    outcomeOf(index, boundary, shape.listTail, settings, strategy),
  );
  const current = outcomes.find((o) => o.strategy === settings.strategy)!;
  return {
    settings,
    adjustments,
    index,
    boundary,
    totalTokens,
    threshold: threshold(settings),
    shouldCompact: shouldCompact(settings, totalTokens),
    summaryBudget: summaryBudget(settings),
    current,
    plan: current.plan,
    fates: fatesFor(shape.roles, shape.isSummary, current.plan),
    keptTokens: current.keptTokens,
    overflow: current.overflow,
    outcomes,
  };
}
