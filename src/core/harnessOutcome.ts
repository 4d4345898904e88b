/**
 * One preset on one transcript: its trigger, whether it fires, what it clears,
 * where it cuts, and what is left. A preset clears in place, cuts (a summary
 * replaces a prefix), or does both in order.
 */
import type { CutIndex } from './cutPoint';
import type { Role } from './message';
import { planKeepingFrom, type Boundary, type CompactionPlan } from './plan';
import { summaryBudget, type Settings } from './settings';
import {
  NO_CLEARING,
  triggers,
  type ClearingPlan,
  type CutView,
  type ToolShape,
  type Trigger,
} from './harness/preset';
import {
  harnessCut,
  harnessTrigger,
  planClearings,
  presetOf,
  stepsOf,
  type HarnessId,
} from './harness/registry';

/** What a preset reads of the transcript. */
export interface HarnessShape {
  roles: readonly Role[];
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  listTail: number;
  /** Without it nothing can be cleared: the rules do not know which tool produced what. */
  tools?: ToolShape;
}

export interface HarnessOutcome {
  trigger: Trigger;
  /** The preset would act on its own now (masking: it has something to mask). */
  fires: boolean;
  clearing: ClearingPlan;
  /** The cut; "nothing to compact" when the preset does not cut. */
  plan: CompactionPlan;
  /** Tokens of the messages kept verbatim, after the clearing. */
  keptTokens: number;
  /** What it carries into the rebuilt context besides the summary (Codex's recent prompts); 0 without a cut. */
  carriedTokens: number;
  /**
   * The context afterwards: cleared, then cut (a summary at its budget, never
   * longer than what it replaces), when the preset cuts.
   */
  tokensAfter: number;
}

/** The counts after a clearing. */
export function clearedCounts(counts: ArrayLike<number>, clearing: ClearingPlan): ArrayLike<number> {
  if (clearing.cleared.length === 0) return counts;
  const out = Float64Array.from(counts as ArrayLike<number>);
  for (const c of clearing.cleared) out[c.index] = c.tokensAfter;
  return out;
}

function sum(counts: ArrayLike<number>, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += counts[i];
  return total;
}

/** Everything about a preset's outcome that does not depend on the cut rules' budgets. */
interface Core extends Omit<HarnessOutcome, 'tokensAfter' | 'carriedTokens'> {
  carriedTokens: number;
  afterClearing: number;
  /** Tokens besides the summary when it cuts: system messages before the cut, the tail, what it carries. */
  keptContext: number | null;
}

/**
 * Dragging the keep-recent budget recomputes the analysis on every pointer
 * move, and the presets do not depend on it: their clearings and cuts are
 * kept per transcript index (the page builds one per load) and per preset
 * settings, a few at a time.
 */
const cores = new WeakMap<CutIndex, Map<string, Core>>();
const CORES_PER_INDEX = 32;

function coreOf(
  harness: HarnessId,
  shape: HarnessShape,
  index: CutIndex,
  boundary: Boundary,
  settings: Settings,
): Core {
  const params = settings.harness;
  const n = shape.roles.length;
  const trigger = harnessTrigger(harness, settings.maxContextTokens, params);
  const total = index.suffix[0] + shape.listTail;
  const steps = stepsOf(harness, params);
  const clearing =
    steps.clears && shape.tools
      ? planClearings(
          harness,
          {
            roles: shape.roles,
            counts: shape.counts,
            isSummary: shape.isSummary,
            tools: shape.tools,
            start: boundary.start,
          },
          params,
        )
      : NO_CLEARING;
  const counts = clearedCounts(shape.counts, clearing);
  const afterClearing = total - clearing.freed;
  const fires =
    settings.enabled &&
    (trigger.comparison === 'always' ? clearing.cleared.length > 0 : triggers(trigger, total));

  const cutRuns =
    steps.cut === 'always' || (steps.cut === 'if-still-over' && triggers(trigger, afterClearing));
  const view: CutView = {
    roles: shape.roles,
    counts,
    isSummary: shape.isSummary,
    calls: shape.tools?.calls,
    tools: shape.tools,
    window: settings.maxContextTokens,
  };
  const cut = cutRuns ? harnessCut(harness, view, boundary.start, params, trigger.threshold) : null;
  const plan = planKeepingFrom(boundary, cut ? cut.firstKeptIdx : boundary.start);
  if (!cut || plan.nothingToCompact) {
    return {
      trigger,
      fires,
      clearing,
      plan,
      keptTokens: sum(counts, boundary.start, n),
      carriedTokens: 0,
      afterClearing,
      keptContext: null,
    };
  }
  const keptTokens = sum(counts, plan.firstKeptIdx, n);
  return {
    trigger,
    fires,
    clearing,
    plan,
    keptTokens,
    carriedTokens: cut.carriedTokens,
    afterClearing,
    // System messages before the cut stay, ahead of the summary; so does what the preset carries over.
    keptContext: index.systemTokens[plan.firstKeptIdx] + keptTokens + cut.carriedTokens + shape.listTail,
  };
}

export function harnessOutcome(
  harness: HarnessId,
  shape: HarnessShape,
  index: CutIndex,
  boundary: Boundary,
  settings: Settings,
): HarnessOutcome {
  const key = [
    harness,
    settings.maxContextTokens,
    settings.enabled,
    boundary.start,
    shape.listTail,
    shape.tools ? 'tools' : '',
    JSON.stringify(settings.harness[harness]),
  ].join('|');
  let byKey = cores.get(index);
  if (!byKey) cores.set(index, (byKey = new Map()));
  let core = byKey.get(key);
  if (!core) {
    core = coreOf(harness, shape, index, boundary, settings);
    byKey.set(key, core);
    if (byKey.size > CORES_PER_INDEX) byKey.delete(byKey.keys().next().value!);
  }
  const { afterClearing, keptContext, ...outcome } = core;
  // The summary replaces everything the cut leaves out; it is never estimated longer than that.
  const summary =
    keptContext === null ? 0 : Math.max(0, Math.min(summaryBudget(settings), afterClearing - keptContext));
  const after = keptContext === null ? afterClearing : keptContext + summary;
  const before = afterClearing + outcome.clearing.freed;
  // A preset that throws away a compaction that grew the context leaves it as it was.
  if (presetOf(harness).discardsGrowth && after > before) return { ...outcome, tokensAfter: before };
  return { ...outcome, tokensAfter: after };
}
