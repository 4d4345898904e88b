/**
 * OpenCode: summarizes all but a small verbatim tail once the context reaches
 * the usable window, after pruning old tool output when `compaction.prune` is
 * on (it is off unless set). From its source, anomalyco/opencode as shipped in
 * 1.18.33 (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import {
  FLAG,
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
  type PresetConfig,
} from './preset';
import { PlanBuilder, outputTokens } from './planBuilder';
import { CLEARED_TOOL_RESULT } from './placeholders';
import { json } from './configText';

const n = formatCount;

export interface OpenCodeParams {
  /** The model's largest reply (OpenCode caps it at 32,000); the usable window is the rest. */
  maxOutputTokens: number;
  /** `compaction.prune`: old tool output is pruned before summarizing. */
  prune: boolean;
  /** Tokens of the newest tool output that pruning never touches. */
  protect: number;
  /** Pruning happens only when it would free more than this. */
  pruneMinimum: number;
  /** The newest user turns pruning never touches. */
  protectTurns: number;
  /** Tools whose output is never pruned. */
  protectedTools: string[];
  /** `compaction.tail_turns`: the newest user turns a summary may keep verbatim after it; 0: no limit. */
  tailTurns: number;
  /** The budget of that verbatim tail; 0 takes a quarter of the usable window, within 2,000–15,000. */
  preserveRecentTokens: number;
}

/** OpenCode caps every model's reply at this unless told otherwise. */
export const OPENCODE_OUTPUT_TOKEN_MAX = 32_000;
/** OpenCode keeps a verbatim tail of a quarter of the usable window, within these bounds. */
export const OPENCODE_MIN_PRESERVE_RECENT = 2_000;
export const OPENCODE_MAX_PRESERVE_RECENT = 15_000;

/**
 * How a tail is chosen, which differs between OpenCode and the forks that
 * carry a copy of its code (Kilo Code): the upper bound of the derived
 * budget. Both split a turn too big for what is left of it.
 */
export interface TailRules {
  maxPreserveRecent: number;
}

/** OpenCode's own, as shipped in 1.18.33. */
export const OPENCODE_TAIL: TailRules = {
  maxPreserveRecent: OPENCODE_MAX_PRESERVE_RECENT,
};

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

/** OpenCode's tail budget: the parameter, or a quarter of the usable window within 2,000 and the upper bound. */
export function openCodeTailBudget(
  usable: number,
  p: OpenCodeParams,
  rules: TailRules = OPENCODE_TAIL,
): number {
  if (p.preserveRecentTokens > 0) return p.preserveRecentTokens;
  return Math.min(rules.maxPreserveRecent, Math.max(OPENCODE_MIN_PRESERVE_RECENT, Math.floor(usable / 4)));
}

/**
 * The part of a turn `[from, to)` that fits `budget`: the earliest message
 * after the turn's prompt from which the rest of the turn fits. OpenCode's
 * messages hold their tool results, so the part never starts on a result
 * here: it starts on the assistant message that made the call. −1 when no
 * part fits.
 */
function fittingPart(view: CutView, from: number, to: number, budget: number): number {
  if (budget <= 0) return -1;
  let size = sumOf(view.counts, from + 1, to);
  for (let i = from + 1; i < to; i++) {
    if (view.roles[i] !== 'tool' && size <= budget) return i;
    size -= view.counts[i];
  }
  return -1;
}

/**
 * OpenCode keeps the newest user turns that fit its tail budget (all of them
 * may be candidates, or only the newest `tail_turns`) and summarizes the
 * rest. The first turn, walking back, that does not fit whole is split: the
 * end of it that fits what is left of the budget is kept too. When not even
 * part of the newest turn fits, or the tail would be the whole conversation,
 * everything is summarized.
 */
export function openCodeCut(
  view: CutView,
  start: number,
  usable: number,
  p: OpenCodeParams,
  rules: TailRules = OPENCODE_TAIL,
): number {
  const n = view.roles.length;
  const turnStarts: number[] = [];
  for (let i = start; i < n; i++) if (isPrompt(view, i)) turnStarts.push(i);
  if (turnStarts.length === 0) return n;
  const budget = openCodeTailBudget(usable, p, rules);
  const recent = p.tailTurns > 0 ? turnStarts.slice(-p.tailTurns) : turnStarts;
  let kept = n;
  let total = 0;
  for (let k = recent.length - 1; k >= 0; k--) {
    const end = k + 1 < recent.length ? recent[k + 1] : n;
    const size = sumOf(view.counts, recent[k], end);
    if (total + size <= budget) {
      total += size;
      kept = recent[k];
      continue;
    }
    const part = fittingPart(view, recent[k], end, budget - total);
    if (part >= 0) kept = part;
    break;
  }
  return kept <= start ? n : kept;
}

/** The window less the reply, capped at 32,000. */
function openCodeFormula(window: number, p: OpenCodeParams): number {
  return window - Math.min(p.maxOutputTokens, OPENCODE_OUTPUT_TOKEN_MAX);
}

/** `opencode.json`'s compaction block. */
const opencodeConfig: PresetConfig<OpenCodeParams> = {
  file: 'opencode.json',
  format: 'json',
  write(t, { prune, tailTurns }) {
    const reserved = t.window > 0 ? t.window - t.threshold : t.reserve;
    const notes = [
      `OpenCode takes the window from the model and compacts at its input limit less "reserved" (${n(reserved)} here)`,
      `"preserve_recent_tokens" is the budget of the verbatim tail: the newest turns that fit${tailTurns > 0 ? `, at most ${tailTurns} (tail_turns)` : ''}, and the end of the next one when it fits what is left`,
    ];
    if (!prune)
      notes.push('"prune" is off unless set: set it to true to clear old tool output before summarizing');
    return {
      text: json({
        $schema: 'https://opencode.ai/config.json',
        compaction: {
          auto: t.enabled,
          prune,
          reserved,
          ...(tailTurns > 0 ? { tail_turns: tailTurns } : {}),
          preserve_recent_tokens: t.keepRecent,
        },
      }),
      notes,
    };
  },
};

export const opencodePreset: Preset<'opencode', OpenCodeParams> = {
  id: 'opencode',
  agent: 'OpenCode',
  summary: 'OpenCode prunes old tool output, then summarizes',
  source: "From OpenCode's source as shipped in 1.18.33 (session/compaction.ts, session/overflow.ts).",
  doc: {
    trigger: 'tokens ≥ window − min(max output, 32,000)',
    plan: 'summarize all but the newest turns that fit a quarter of the usable window (2,000–15,000), splitting the turn that does not fit; with `compaction.prune` on, first prune tool output older than the newest 40,000 tokens (if more than 20,000 would go)',
    sources:
      'V: anomalyco/opencode (formerly sst/opencode) `session/compaction.ts`, `session/overflow.ts`, as shipped in `opencode-ai` 1.18.33',
  },
  params: {
    maxOutputTokens: {
      default: 32_000,
      rule: count(),
      label: "Model's max output",
      hint: 'capped at 32,000; the rest is usable',
      option: { name: 'max-output' },
    },
    prune: {
      default: false,
      rule: FLAG,
      label: 'Prune old tool output first',
      hint: 'compaction.prune; off unless set',
      option: {
        name: 'prune',
        help: 'opencode prunes old tool output before summarizing (compaction.prune; off by default, as in kilo)',
      },
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
    tailTurns: {
      default: 0,
      rule: count(),
      label: 'Turns kept verbatim after the summary, at most',
      hint: 'tail_turns; 0: no limit',
    },
    preserveRecentTokens: {
      default: 0,
      rule: count(),
      label: 'Budget of that tail (tokens)',
      hint: '0: a quarter of the usable window, 2,000–15,000',
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
      formula: `${n(window)} window − min(${n(p.maxOutputTokens)} max output, ${n(OPENCODE_OUTPUT_TOKEN_MAX)} output cap)`,
    };
  },
  steps: (p) => (p.prune ? { clears: true, cut: 'if-still-over' } : { clears: false, cut: 'always' }),
  clear: pruneToolOutput,
  cut: (view, start, p, usable) => ({ firstKeptIdx: openCodeCut(view, start, usable, p), carriedTokens: 0 }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'opencode summarizes only once the context reaches its threshold (with prune on, after clearing old tool output)',
  }),
  config: opencodeConfig,
};
