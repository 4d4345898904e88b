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
import { buildCutIndex, unsentWeights, type CutIndex, type UnsentWeight } from './cutPoint';
import type { Estimator } from './estimate';
import { fatesFor, withClearings, type Fate } from './fates';
import type { Clearing } from './harness/preset';
import { harnessOutcome } from './harnessOutcome';
import type { ToolShape } from './harness/preset';
import { toolShapeOf } from './harness/toolShape';
import type { Trigger } from './harness/preset';
import { harnessTrigger } from './harness/registry';
import type { Message, Role } from './message';
import { alreadyCompacted, boundaryFor, planFromIndex, type Boundary, type CompactionPlan } from './prepare';
import {
  STRATEGIES,
  explainSettings,
  isCutStrategy,
  shouldCompact,
  summaryBudget,
  threshold,
  type Adjustment,
  type Settings,
  type SettingsInput,
  type Strategy,
} from './settings';
import { isSummaryMessage } from './summaryEnvelope';
import { formatCount } from './numbers';
import { resolveUnseen, splitUnseen, type UnseenSource, type UnseenSplit } from './unseen';

/** What the analysis needs of a transcript. The worker sends the page exactly this. */
export interface TranscriptShape {
  roles: readonly Role[];
  /** Tokens per message, without the list's closing tokens. */
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  /** The list's closing tokens (3 for BPE tokenizers, 0 for chars4). */
  listTail: number;
  /** What the presets' clearing rules read; without it no strategy clears anything. */
  tools?: ToolShape;
  /**
   * What every request carried besides these messages, as the file's
   * recorded usage measures it (`unrecordedTokens`); absent or null when the
   * file records no usage. A typed setting takes its place.
   */
  unseenTokens?: number | null;
  /** The newest recorded call's prompt (input + cache read + cache creation) `unseenTokens` was taken from. */
  lastCallTokens?: number | null;
  /**
   * The system prompt and tools the conformance lab measured the file's
   * agent version sending (`labUnseenTokens`); it takes the place of the
   * usage gap, and a typed setting takes its place.
   */
  labTokens?: number | null;
  /** The newest summary kept every message after it (`Boundary.alreadyCompacted`). */
  alreadyCompacted?: boolean;
  /** Entries weighed by the `pi` strategy but never sent (`Message.unsentAfter`). */
  unsent?: UnsentWeight[];
}

/** The cut index of a shape: what every strategy's cut is searched on. */
export function indexShape(shape: TranscriptShape): CutIndex {
  return buildCutIndex(shape.roles, shape.counts, shape.unsent);
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
  const isSummary = messages.map(isSummaryMessage);
  return {
    roles: messages.map((m) => m.role),
    counts,
    isSummary,
    listTail: estimator.countMessages([]),
    tools: toolShapeOf(messages, estimator),
    alreadyCompacted: alreadyCompacted(messages, isSummary.lastIndexOf(true)),
    unsent: unsentWeights(messages, estimator),
  };
}

/**
 * A compacted context that still does not fit. Measured against the
 * threshold (window − reserve, or a preset's own), not the bare window: a
 * context over it leaves the next response less than its reserve, and the
 * very next turn compacts again; over the window it cannot be sent at all.
 */
export interface ResultOverflow {
  /** The threshold it is measured against: the strategy's own, else window − reserve. */
  threshold: number;
  /** Tokens over the threshold, always more than 0. */
  overThreshold: number;
  /** Tokens over the window itself; 0 when only the reserve is cut into. */
  overWindow: number;
}

export interface StrategyOutcome {
  strategy: Strategy;
  /** When it acts on its own, by its own formula (the cut rules: window − reserve, strictly exceeded). */
  trigger: Trigger;
  /** It would act on its own now. */
  fires: boolean;
  /** The cut; "nothing to compact" for a strategy that only clears. */
  plan: CompactionPlan;
  /** Messages it changes in place, ascending; empty for the cut rules. */
  cleared: Clearing[];
  /** Tokens of the messages kept verbatim, after any clearing (all of them after the start when nothing is cut). */
  keptTokens: number;
  /** Tokens the preset carries into the rebuilt context besides the summary (Codex's recent prompts); 0 for the rest. */
  carriedTokens: number;
  /**
   * The context afterwards, when it acts: cleared, then (when it cuts) system
   * messages + kept tail + what it carries over + a summary at its budget,
   * but never longer than what it replaces. A strategy that does not act
   * leaves the context as it is: after = before.
   */
  tokensAfter: number;
  /**
   * The context afterwards if it fired now: `tokensAfter` when it does, else
   * what its cut and clearing would leave. A chart or preview of a strategy
   * that does not fire shows this, named "would", never the context as it is.
   */
  tokensIfFired: number;
  /** How far `tokensAfter` is still over the threshold; null when it fits, or without a window. */
  overflow: ResultOverflow | null;
}

export interface Analysis {
  settings: Settings;
  adjustments: Adjustment[];
  index: CutIndex;
  boundary: Boundary;
  /** The sum of the messages' counts: the rows of the list, nothing else. */
  totalTokens: number;
  /** The request's own framing around the messages (the list's closing tokens: 3 for BPE, 0 for chars4). */
  framingTokens: number;
  /** What the request holds that the file does not show (system prompt, tools), and where that figure came from. */
  unseenTokens: number;
  unseenSource: UnseenSource;
  /** The same part split into what is known and what is only inferred from usage. */
  unseenSplit: UnseenSplit;
  /** What the agent sends: messages + framing + unseen. Every threshold is compared with this. */
  contextTokens: number;
  /** The chosen strategy's threshold and trigger, and whether it fires. */
  threshold: number;
  trigger: Trigger;
  shouldCompact: boolean;
  summaryBudget: number;
  /** The chosen strategy's outcome, and its plan. */
  current: StrategyOutcome;
  plan: CompactionPlan;
  /** What the chosen strategy does to each message. */
  fates: Fate[];
  keptTokens: number;
  /** What the chosen strategy clears in place. */
  cleared: Clearing[];
  /** The chosen strategy's result that would still not fit, by how much. */
  overflow: ResultOverflow | null;
  /** Every strategy on the same transcript, in `STRATEGIES` order. */
  outcomes: StrategyOutcome[];
}

/**
 * Where the chosen strategy's cut falls under another keep-recent budget, all
 * else as analysed (the start of the compactable part when it compacts
 * nothing): what the page's cut line asks at every step of a drag, a binary
 * search over the index the analysis kept. The budget is taken as given; the
 * page caps it with the settings' own ceiling first.
 */
export function cutForKeepRecent(
  analysis: Pick<Analysis, 'index' | 'settings' | 'boundary'>,
  keepRecentTokens: number,
): number {
  const { index, settings, boundary } = analysis;
  const plan = planFromIndex(index, { ...settings, keepRecentTokens }, boundary);
  return plan.nothingToCompact ? plan.start : plan.firstKeptIdx;
}

/** The chosen strategy's trigger: a preset's own, or the cut rules'. */
export function strategyTrigger(settings: Settings): Trigger {
  const strategy = settings.strategy;
  return isCutStrategy(strategy)
    ? cutTrigger(settings)
    : harnessTrigger(strategy, settings.maxContextTokens, settings.harness);
}

/** The cut rules' trigger: window − reserve, exceeded strictly; none without a window. */
function cutTrigger(settings: Settings): Trigger {
  const t = threshold(settings);
  const n = formatCount;
  return t > 0
    ? {
        threshold: t,
        comparison: 'exceed',
        formula: `max(${n(settings.maxContextTokens)} window − ${n(settings.reserveTokens)} reserve, 1)`,
      }
    : { threshold: 0, comparison: 'reach', formula: 'no window' };
}

/**
 * The summary's estimate: its budget, but never more than the messages it
 * replaces. A summary longer than its source would be a failure, and an
 * "after" larger than "before" on the same row contradicts itself.
 */
export function summaryTokens(budget: number, replaced: number): number {
  return Math.max(0, Math.min(budget, replaced));
}

/**
 * How far a context of `tokensAfter` is over `limit` and over the window, or
 * null when it fits. The limit is the strategy's own threshold when it has
 * one (a preset that acts again above it has not made the context fit);
 * masking, which has none, is measured like the cut rules, at window − reserve.
 */
export function overflowOf(
  settings: Settings,
  tokensAfter: number,
  limit: number = threshold(settings),
): ResultOverflow | null {
  if (limit === 0 || tokensAfter <= limit) return null;
  return {
    threshold: limit,
    overThreshold: tokensAfter - limit,
    overWindow: Math.max(0, tokensAfter - settings.maxContextTokens),
  };
}

function outcomeOf(
  shape: TranscriptShape,
  index: CutIndex,
  boundary: Boundary,
  settings: Settings,
  strategy: Strategy,
): StrategyOutcome {
  // The list's framing and the unseen part: in every request, through every compaction.
  const listTail = shape.listTail;
  const total = index.suffix[0] + listTail;
  if (!isCutStrategy(strategy)) {
    const o = harnessOutcome(strategy, shape, index, boundary, { ...settings, strategy });
    const tokensAfter = o.fires ? o.tokensAfter : total;
    return {
      strategy,
      trigger: o.trigger,
      fires: o.fires,
      plan: o.plan,
      cleared: o.clearing.cleared,
      keptTokens: o.keptTokens,
      carriedTokens: o.carriedTokens,
      tokensAfter,
      tokensIfFired: o.tokensAfter,
      overflow: overflowOf(settings, tokensAfter, o.trigger.threshold || threshold(settings)),
    };
  }
  const plan = planFromIndex(index, { ...settings, strategy }, boundary);
  const common = {
    strategy,
    trigger: cutTrigger(settings),
    fires: shouldCompact(settings, total),
    plan,
    cleared: [],
    carriedTokens: 0,
  };
  if (plan.nothingToCompact) {
    // Nothing to cut: the context stays as it is, which may itself be over.
    return {
      ...common,
      keptTokens: index.suffix[plan.start],
      tokensAfter: total,
      tokensIfFired: total,
      overflow: overflowOf(settings, total),
    };
  }
  const keptTokens = index.suffix[plan.firstKeptIdx];
  // Every system message before the cut stays, ahead of the summary.
  const system = index.systemTokens[plan.firstKeptIdx];
  const kept = system + keptTokens + listTail;
  const ifFired = kept + summaryTokens(summaryBudget(settings), total - kept);
  // It does not act: the context stays as it is, which may itself be over.
  const tokensAfter = common.fires ? ifFired : total;
  return {
    ...common,
    keptTokens,
    tokensAfter,
    tokensIfFired: ifFired,
    overflow: overflowOf(settings, tokensAfter),
  };
}

/**
 * Only the chosen strategy's outcome, for callers that ask many times over
 * contexts that change between asks (the replay): the same decision as
 * `analyze(…).current`, without the other strategies.
 */
export function strategyOutcome(shape: TranscriptShape, input: SettingsInput): StrategyOutcome {
  const { settings } = explainSettings(input);
  const index = indexShape(shape);
  const boundary = boundaryFor(shape.roles, shape.isSummary, shape.alreadyCompacted);
  const unseen = resolveUnseen(shape.unseenTokens, settings.unseenTokens, shape.labTokens ?? null);
  return outcomeOf(withFixed(shape, unseen.tokens), index, boundary, settings, settings.strategy);
}

/**
 * The shape with the unseen part added to the list's framing: both are in
 * every request and no strategy can cut them, so every comparison and every
 * "after" counts them the way it counts the framing.
 */
function withFixed(shape: TranscriptShape, unseen: number): TranscriptShape {
  return unseen === 0 ? shape : { ...shape, listTail: shape.listTail + unseen };
}

/**
 * The analysis of `shape` under the settings as typed, normalized here once.
 * Pass the `index` of the same shape when you keep one (the page does, so a
 * drag is a binary search).
 */
export function analyze(
  shape: TranscriptShape,
  input: SettingsInput,
  index: CutIndex = indexShape(shape),
): Analysis {
  const steps = analyzeInSteps(shape, input, index);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `analyze`, a part at a time: it pauses (yields) after each strategy's
 * outcome and before the fates, and returns the same analysis. A caller with
 * a long transcript can spread the parts over several tasks (the page does for
 * a new transcript, whose every preset reads all its tool results), where
 * `analyze` runs them in one go.
 */
export function* analyzeInSteps(
  shape: TranscriptShape,
  input: SettingsInput,
  index: CutIndex = indexShape(shape),
): Generator<void, Analysis, void> {
  const { settings, adjustments } = explainSettings(input);
  const boundary = boundaryFor(shape.roles, shape.isSummary, shape.alreadyCompacted);
  const totalTokens = index.suffix[0];
  const unseen = resolveUnseen(shape.unseenTokens, settings.unseenTokens, shape.labTokens ?? null);
  const fixed = withFixed(shape, unseen.tokens);
  const outcomes: StrategyOutcome[] = [];
  for (const strategy of STRATEGIES) {
    outcomes.push(outcomeOf(fixed, index, boundary, settings, strategy));
    yield;
  }
  const current = outcomes.find((o) => o.strategy === settings.strategy)!;
  return {
    settings,
    adjustments,
    index,
    boundary,
    totalTokens,
    framingTokens: shape.listTail,
    unseenTokens: unseen.tokens,
    unseenSource: unseen.source,
    unseenSplit: splitOf(shape, index, totalTokens, settings.unseenTokens),
    contextTokens: totalTokens + shape.listTail + unseen.tokens,
    threshold: current.trigger.threshold,
    trigger: current.trigger,
    shouldCompact: current.fires,
    summaryBudget: summaryBudget(settings),
    current,
    plan: current.plan,
    fates: withClearings(fatesFor(shape.roles, shape.isSummary, current.plan), current.cleared),
    keptTokens: current.keptTokens,
    cleared: current.cleared,
    overflow: current.overflow,
    outcomes,
  };
}

/** The known and inferred parts of `shape`'s unseen part: the file's system messages, the lab's or typed size, the usage gap. */
function splitOf(
  shape: TranscriptShape,
  index: CutIndex,
  messageTokens: number,
  typed: number | null,
): UnseenSplit {
  // The index keeps the system messages' running total: reading its end is one step, not a pass over them all.
  const systemTokens = index.systemTokens[index.length];
  const measured =
    typeof shape.unseenTokens === 'number'
      ? { inferredTokens: shape.unseenTokens, lastCallTokens: shape.lastCallTokens ?? null }
      : null;
  return splitUnseen({ systemTokens, messageTokens, measured, lab: shape.labTokens ?? null, typed });
}
