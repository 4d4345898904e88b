/**
 * OpenCode: prunes old tool output, then summarizes all but a small verbatim
 * tail once the context reaches the usable window. From its source,
 * anomalyco/opencode (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import {
  NO_CLEARING,
  NO_WINDOW,
  TOOLS,
  count,
  isPrompt,
  sumOf,
  type ClearView,
  type ClearingPlan,
  type CutView,
  type Preset,
} from './preset';
import { PlanBuilder, outputTokens } from './planBuilder';
import { CLEARED_TOOL_RESULT } from './placeholders';

const n = formatCount;

export interface OpenCodeParams {
  /** The model's largest reply (OpenCode caps it at 32,000); the usable window is the rest. */
  maxOutputTokens: number;
  /** Tokens of the newest tool output that pruning never touches. */
  protect: number;
  /** Pruning happens only when it would free more than this. */
  pruneMinimum: number;
  /** The newest user turns pruning never touches. */
  protectTurns: number;
  /** Tools whose output is never pruned. */
  protectedTools: string[];
  /** The newest user turns a summary may keep verbatim after it. */
  tailTurns: number;
  /** The budget of that verbatim tail; 0 takes a quarter of the usable window, within 2,000–8,000. */
  preserveRecentTokens: number;
}

/** OpenCode caps every model's reply at this unless told otherwise. */
export const OPENCODE_OUTPUT_TOKEN_MAX = 32_000;
/** OpenCode keeps a verbatim tail of a quarter of the usable window, within these bounds. */
export const OPENCODE_MIN_PRESERVE_RECENT = 2_000;
export const OPENCODE_MAX_PRESERVE_RECENT = 8_000;

/**
 * OpenCode's pruning: walking back from the newest message, past the newest
 * user turns, the first 40,000 tokens of tool output are protected and
 * everything older is pruned, unless that would free no more than 20,000
 * (a prune that small is not worth breaking the prompt cache). `skill`
 * output is never pruned; an earlier summary ends the walk.
 */
export function pruneToolOutput(view: ClearView, p: OpenCodeParams): ClearingPlan {
  const { tools } = view;
  let turns = 0;
  let total = 0;
  let pruned = 0;
  const candidates: number[] = [];
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] === 'user' && !view.isSummary[i]) turns++;
    if (turns < p.protectTurns || view.roles[i] !== 'tool') continue;
    if (tools.names[i] !== null && p.protectedTools.includes(tools.names[i]!)) continue;
    const output = outputTokens(view, i);
    total += output;
    if (total > p.protect) {
      pruned += output;
      candidates.push(i);
    }
  }
  if (pruned <= p.pruneMinimum) return NO_CLEARING;
  const b = new PlanBuilder(view.counts);
  for (const i of candidates) {
    b.set(i, tools.bare[i] + tools.placeholders.cleared, {
      output: { kind: 'placeholder', text: CLEARED_TOOL_RESULT },
    });
  }
  return b.plan();
}

/** OpenCode's tail budget: the parameter, or a quarter of the usable window within 2,000–8,000. */
export function openCodeTailBudget(usable: number, p: OpenCodeParams): number {
  if (p.preserveRecentTokens > 0) return p.preserveRecentTokens;
  return Math.min(
    OPENCODE_MAX_PRESERVE_RECENT,
    Math.max(OPENCODE_MIN_PRESERVE_RECENT, Math.floor(usable / 4)),
  );
}

/**
 * OpenCode keeps the newest user turns (two by default) that fit its tail
 * budget and summarizes the rest. When even the newest turn does not fit, or
 * the tail would be the whole conversation, everything is summarized.
 */
export function openCodeCut(view: CutView, start: number, usable: number, p: OpenCodeParams): number {
  const n = view.roles.length;
  const turnStarts: number[] = [];
  for (let i = start; i < n; i++) if (isPrompt(view, i)) turnStarts.push(i);
  if (p.tailTurns <= 0 || turnStarts.length === 0) return n;
  const budget = openCodeTailBudget(usable, p);
  const recent = turnStarts.slice(-p.tailTurns);
  let kept = n;
  let total = 0;
  for (let k = recent.length - 1; k >= 0; k--) {
    const end = k + 1 < recent.length ? recent[k + 1] : n;
    const size = sumOf(view.counts, recent[k], end);
    if (total + size > budget) break;
    total += size;
    kept = recent[k];
  }
  return kept <= start ? n : kept;
}

/** The window less the reply, capped at 32,000. */
function openCodeFormula(window: number, p: OpenCodeParams): number {
  return window - Math.min(p.maxOutputTokens, OPENCODE_OUTPUT_TOKEN_MAX);
}

export const opencodePreset: Preset<'opencode', OpenCodeParams> = {
  id: 'opencode',
  agent: 'OpenCode',
  summary: 'OpenCode prunes old tool output, then summarizes',
  source: "From OpenCode's source (session/compaction.ts, session/overflow.ts).",
  doc: {
    trigger: 'tokens ≥ window − min(max output, 32,000)',
    plan: 'prune tool output older than the newest 40,000 tokens (if more than 20,000 would go), then summarize all but the newest turns',
    sources: 'V: anomalyco/opencode (formerly sst/opencode) `session/compaction.ts`, `session/overflow.ts`',
  },
  params: {
    maxOutputTokens: {
      default: 32_000,
      rule: count(),
      label: "Model's max output",
      hint: 'capped at 32,000; the rest is usable',
      option: { name: 'max-output' },
    },
    protect: {
      default: 40_000,
      rule: count(),
      label: 'Newest tool output never pruned (tokens)',
      option: {
        name: 'protect',
        help: 'opencode never prunes this much of the newest tool output (default 40000)',
      },
    },
    pruneMinimum: {
      default: 20_000,
      rule: count(),
      label: 'Prune only when more than (tokens)',
      option: {
        name: 'prune-minimum',
        help: 'opencode prunes only when more than this would go (default 20000)',
      },
    },
    protectTurns: { default: 2, rule: count(), label: 'Newest user turns never pruned' },
    protectedTools: {
      default: ['skill'],
      rule: TOOLS,
      label: 'Tools never pruned',
      hint: 'comma-separated',
      option: { name: 'exclude-tools' },
    },
    tailTurns: { default: 2, rule: count(), label: 'Turns kept verbatim after the summary' },
    preserveRecentTokens: {
      default: 0,
      rule: count(),
      label: 'Budget of that tail (tokens)',
      hint: '0: a quarter of the usable window',
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  /** The window less the reply (capped at 32,000). */
  formulaThreshold: openCodeFormula,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: Math.max(openCodeFormula(window, p), 1),
      comparison: 'reach',
      formula: `${n(window)} − min(${n(p.maxOutputTokens)}, ${n(OPENCODE_OUTPUT_TOKEN_MAX)})`,
    };
  },
  steps: () => ({ clears: true, cut: 'if-still-over' }),
  clear: pruneToolOutput,
  cut: (view, start, p, usable) => ({ firstKeptIdx: openCodeCut(view, start, usable, p), carriedTokens: 0 }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'opencode clears old tool output first and summarizes only while the context still reaches its threshold',
  }),
};
