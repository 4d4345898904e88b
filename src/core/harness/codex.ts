/**
 * Codex CLI: compacts at the model's limit (never above 90% of the window),
 * summarizes everything, and puts its instructions and the user's recent
 * prompts back before the summary. From its source, openai/codex (docs/harnesses.md).
 */
import { minOf } from '../arrays';
import { formatCount } from '../numbers';
import { newestInjected } from './injected';
import {
  FRACTION_UP_TO_ONE,
  NO_WINDOW,
  count,
  isPrompt,
  shareOf,
  type CutView,
  type Preset,
  type PresetConfig,
} from './preset';
import { NO_WINDOW_NOTE } from './configText';

const n = formatCount;

export interface CodexParams {
  /** The auto-compact limit in the model's catalog entry; 0 when it has none. */
  autoCompactLimit: number;
  /** The default limit, as a share of the window. */
  thresholdFraction: number;
  /** The share of the window Codex treats as usable at all. */
  effectiveWindowFraction: number;
  /** The newest user prompts carried over verbatim into the rebuilt history. */
  userMessageTokens: number;
}

/**
 * Codex rebuilds the context from its injected instructions (AGENTS.md and
 * the environment, the newest of each kind, whole), then the user's own
 * prompts, newest first, up to its budget (the one that crosses it is cut
 * short), then the summary. Every prompt counts, those an earlier compaction
 * carried over included; earlier summaries and the instructions do not.
 */
export function codexCarriedTokens(view: CutView, budget: number): number {
  const kinds = view.tools?.injected;
  let instructions = 0;
  if (kinds) for (const i of newestInjected(kinds)) instructions += view.counts[i];
  let prompts = 0;
  for (let i = view.roles.length - 1; i >= 0 && prompts < budget; i--) {
    if (isPrompt(view, i) && !kinds?.[i]) prompts += view.counts[i];
  }
  return instructions + Math.min(prompts, budget);
}

/** The model's own limit, never above 90% of the window nor the 95% Codex treats as usable. */
function codexFormula(window: number, p: CodexParams): number {
  const limits = [shareOf(window, p.thresholdFraction), shareOf(window, p.effectiveWindowFraction)];
  if (p.autoCompactLimit > 0) limits.push(p.autoCompactLimit);
  return minOf(limits) ?? 0;
}

/** Codex's window and its limit, both in `config.toml`. */
const codexConfig: PresetConfig<CodexParams> = {
  file: '~/.codex/config.toml',
  format: 'toml',
  write(t, own) {
    if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    const params = { ...own, autoCompactLimit: t.threshold };
    const point = codexPreset.trigger(t.window, params).threshold;
    const notes: string[] = [];
    if (point !== t.threshold)
      notes.push(
        `Codex never compacts later than ${params.thresholdFraction} of the window: it fires at ${n(point)}, not the tuned ${n(t.threshold)}`,
      );
    notes.push(
      `keep-recent (${n(t.keepRecent)}) has no setting: Codex summarizes everything and puts back up to ${n(own.userMessageTokens)} tokens of your recent prompts`,
    );
    return {
      text: `model_context_window = ${t.window}\nmodel_auto_compact_token_limit = ${t.threshold}\n`,
      notes,
    };
  },
};

export const codexPreset: Preset<'codex', CodexParams> = {
  id: 'codex',
  agent: 'Codex CLI',
  summary: 'Codex CLI puts a summary after your recent prompts',
  source: "From Codex's source (openai/codex); the limit rule changed in 2026.",
  doc: {
    trigger: 'tokens ≥ min(model limit, ⌊window × 0.9⌋, ⌊window × 0.95⌋)',
    plan: 'summarize everything; its AGENTS.md and environment instructions, then the newest user prompts (20,000 tokens), go back before the summary',
    sources: 'V: openai/codex `codex-rs/protocol/src/openai_models.rs`, `codex-rs/core/src/compact.rs`',
  },
  params: {
    autoCompactLimit: {
      default: 0,
      rule: count(),
      label: "Model's auto-compact limit",
      hint: '0: the model has none',
      option: {
        name: 'auto-compact-limit',
        help: "codex: the model's own auto-compact limit (default none)",
      },
    },
    thresholdFraction: {
      default: 0.9,
      rule: FRACTION_UP_TO_ONE,
      label: 'Limit as a share of the window',
      option: { name: 'threshold-fraction' },
    },
    effectiveWindowFraction: {
      default: 0.95,
      rule: FRACTION_UP_TO_ONE,
      label: 'Usable share of the window',
    },
    userMessageTokens: {
      default: 20_000,
      rule: count(),
      label: 'Recent prompts carried over (tokens)',
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  /** The model's own limit, never above 90% of the window nor the 95% it treats as usable. */
  formulaThreshold: codexFormula,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    const own = p.autoCompactLimit > 0 ? `${n(p.autoCompactLimit)} auto-compact limit, ` : '';
    return {
      threshold: Math.max(codexFormula(window, p), 1),
      comparison: 'reach',
      formula: `min(${own}${n(window)} window × ${p.thresholdFraction}, ${n(window)} window × ${p.effectiveWindowFraction})`,
    };
  },
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, _start, p) => ({
    firstKeptIdx: view.roles.length,
    carriedTokens: codexCarriedTokens(view, p.userMessageTokens),
  }),
  carryBudget: (p) => p.userMessageTokens,
  nothing: () => ({
    reason: 'under-threshold',
    text: 'codex clears old tool output first and summarizes only while the context still reaches its threshold',
  }),
  config: codexConfig,
};
