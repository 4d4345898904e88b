/**
 * Cline: since its 4.0 rewrite on its own SDK, auto-compact fires at 90% of
 * the model's input limit (itself 90% of the window when the model reports
 * only a window), summarizes all but about 20,000 tokens of the newest
 * messages, and never summarizes the newest prompt away. From its source,
 * cline/cline `sdk/packages/core/src/extensions/context/` (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { count, isPrompt, NO_WINDOW, type CutView, type Preset, type PresetConfig } from './preset';
import { NO_WINDOW_NOTE, json } from './configText';

const n = formatCount;

export interface ClineParams {
  /** The model's own input limit (`maxInputTokens`); 0 when the model reports only its window. */
  maxInputTokens: number;
  /** `compaction.preserveRecentTokens`: the newest tokens kept verbatim after the summary. */
  preserveRecentTokens: number;
}

/** With only a window known, Cline takes this share of it as the input limit (`CONTEXT_WINDOW_INPUT_RATIO`). */
export const CLINE_WINDOW_INPUT_RATIO = 0.9;
/** It compacts once the request reaches this share of the input limit (`COMPACTION_TRIGGER_RATIO`). */
export const CLINE_TRIGGER_RATIO = 0.9;
/** A short conversation is compacted towards this share of the trigger (`DEFAULT_TARGET_RATIO`)… */
export const CLINE_TARGET_RATIO = 0.7;
/** …a long one (5 exchanges or more) towards this share of the input limit. */
export const CLINE_LONG_TARGET_RATIO = 0.5;
/** The exchanges (a user or tool message answered by the model) that make a conversation long. */
export const CLINE_LONG_CONVERSATION_PAIRS = 5;

/** Whole tokens of a share, without the rounding error of binary fractions (200,000 × 0.9 × 0.9). */
const EPSILON = 1e-6;

/** The input limit Cline measures against: the model's own, never above the window, or 90% of the window. */
export function clineInputLimit(window: number, p: ClineParams): number {
  return p.maxInputTokens > 0 ? Math.min(p.maxInputTokens, window) : window * CLINE_WINDOW_INPUT_RATIO;
}

/** The first whole count at or above 90% of the input limit. */
function clineFormula(window: number, p: ClineParams): number {
  return Math.ceil(clineInputLimit(window, p) * CLINE_TRIGGER_RATIO - EPSILON);
}

/**
 * Exchanges so far: a user message (tool results are user messages in
 * Cline's own format, and so is an earlier summary) that the model answered.
 */
function exchanges(view: CutView, start: number, summaryBefore: boolean): number {
  let pairs = 0;
  let waiting = summaryBefore;
  for (let i = start; i < view.roles.length; i++) {
    const role = view.roles[i];
    if (role === 'user' || role === 'tool') waiting = true;
    else if (role === 'assistant' && waiting) {
      pairs++;
      waiting = false;
    }
  }
  return pairs;
}

/**
 * The budget Cline compacts the messages towards: a share of the point it
 * fired at (70%), or half of the input limit once the conversation is long,
 * less what the request holds besides the messages (here the system
 * messages; Cline also counts the tool definitions). The verbatim tail never
 * takes more than this.
 */
export function clineMessageTarget(view: CutView, start: number, usable: number): number {
  const summaryBefore = start > 0 && view.isSummary[start - 1];
  const inputLimit = usable / CLINE_TRIGGER_RATIO;
  const request =
    exchanges(view, start, summaryBefore) >= CLINE_LONG_CONVERSATION_PAIRS
      ? Math.floor(inputLimit * CLINE_LONG_TARGET_RATIO + EPSILON)
      : Math.floor(usable * CLINE_TARGET_RATIO + EPSILON);
  let overhead = 0;
  for (let i = 0; i < view.roles.length; i++) if (view.roles[i] === 'system') overhead += view.counts[i];
  const capped = Math.max(1, Math.min(request, usable - 1));
  return Math.max(1, capped - overhead);
}

/**
 * Cline's cut (`findCutIndex`): walking back from the newest message, the
 * message whose tokens bring the tail to the budget is the last one kept
 * (the budget is a floor); the cut never passes the newest prompt, so its
 * whole turn stays, however large; then it moves back to a message a tail
 * may begin with (a prompt or a reply, never a tool result). A cut at
 * `start` compacts nothing.
 */
export function clineCut(view: CutView, start: number, p: ClineParams, usable: number): number {
  const n = view.roles.length;
  const budget = Math.min(p.preserveRecentTokens, clineMessageTarget(view, start, usable));
  let total = 0;
  let candidate = n;
  for (let i = n - 1; i >= start; i--) {
    total += view.counts[i];
    candidate = i;
    if (total >= budget) break;
  }
  if (candidate <= start) return start;
  let lastPrompt = -1;
  for (let i = n - 1; i >= start; i--) {
    if (isPrompt(view, i)) {
      lastPrompt = i;
      break;
    }
  }
  // Cline's messages begin with the earlier summary when there is one: a prompt right after it is not the first message.
  const summaryBefore = start > 0 && view.isSummary[start - 1];
  const bounded = lastPrompt > start || (summaryBefore && lastPrompt === start);
  let cut = bounded ? Math.min(candidate, lastPrompt) : candidate;
  while (cut > start && view.roles[cut] !== 'assistant' && !isPrompt(view, cut)) cut--;
  return cut;
}

/** Cline has only the switch; the notes say how a model's input limit moves the point. */
const clineConfig: PresetConfig<ClineParams> = {
  file: "Cline's global settings",
  format: 'json',
  write(t, params) {
    if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    const own = clinePreset.trigger(t.window, params).threshold;
    const notes = [
      `Cline 4 has no setting for the point: it compacts at ${CLINE_TRIGGER_RATIO} of the model's input limit, ${n(own)} for a window of ${n(t.window)}`,
    ];
    if (own !== t.threshold) {
      // The input limit a model entry may declare moves the point; Cline never takes one above the window.
      const limit = Math.floor(t.threshold / CLINE_TRIGGER_RATIO);
      const point = Math.ceil(Math.min(limit, t.window) * CLINE_TRIGGER_RATIO - 1e-6);
      notes.push(
        limit <= t.window && point === t.threshold
          ? `the closest it can: a maxInputTokens of ${limit} in the model's settings moves the point to the tuned ${n(t.threshold)}`
          : `the tuned ${n(t.threshold)} is past the latest point Cline takes, ${CLINE_TRIGGER_RATIO} of the window (${n(point)})`,
      );
    }
    notes.push(
      `keep-recent (${n(t.keepRecent)}) is compaction.preserveRecentTokens in the Cline SDK's options; the editor has no setting for it and keeps ${n(params.preserveRecentTokens)}, never summarizing the newest prompt's turn`,
    );
    return { text: json({ useAutoCondense: t.enabled }), notes };
  },
};

export const clinePreset: Preset<'cline', ClineParams> = {
  id: 'cline',
  agent: 'Cline',
  summary: 'Cline compacts at 90% of its input limit and keeps about 20,000 newest tokens',
  source: "From Cline's source (sdk/packages/core/src/extensions/context, Cline 4.1).",
  doc: {
    trigger: 'tokens ≥ input limit × 0.9, the input limit being the window × 0.9 (162,000 of 200,000)',
    plan: 'summarize all but the newest messages reaching 20,000 tokens (never past the newest prompt, never from a tool result); a Files section in the summary names the files read and edited',
    sources:
      'V: cline/cline `sdk/packages/core/src/extensions/context/compaction.ts`, `compaction-shared.ts`, `agentic-compaction.ts` (21cb8d2, Cline 4.1.13)',
  },
  params: {
    maxInputTokens: {
      default: 0,
      rule: count(),
      label: "Model's input limit",
      hint: '0: the model names none; 90% of the window',
      option: {
        name: 'max-input',
        help: "cline: the model's own input limit (default none: 90% of the window)",
      },
    },
    preserveRecentTokens: {
      default: 20_000,
      rule: count(),
      label: 'Newest tokens kept verbatim',
      hint: 'compaction.preserveRecentTokens',
      option: {
        name: 'preserve-recent',
        help: 'cline keeps about this many of the newest tokens verbatim (default 20000)',
      },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  formulaThreshold: clineFormula,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    const limit =
      p.maxInputTokens > 0
        ? `min(${n(p.maxInputTokens)} max input, ${n(window)} window)`
        : `${n(window)} window × ${CLINE_WINDOW_INPUT_RATIO}`;
    return {
      threshold: Math.max(clineFormula(window, p), 1),
      comparison: 'reach',
      formula: `${limit} × ${CLINE_TRIGGER_RATIO}`,
    };
  },
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start, p, usable) => ({ firstKeptIdx: clineCut(view, start, p, usable), carriedTokens: 0 }),
  nothing: (after) => ({
    reason: 'no-split',
    text: `cline keeps the newest prompt's turn and about 20,000 of the newest tokens, which leaves nothing${after} to summarize`,
  }),
  config: clineConfig,
};
