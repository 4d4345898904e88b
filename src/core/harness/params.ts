/**
 * Each preset's parameters, their defaults, and the one normalizer that turns
 * whatever was typed (a settings field, a share link, a command-line option)
 * into values the rules can use. Where every default comes from, and which
 * ones differ between versions of the agent, is in `docs/harnesses.md`.
 */
import type { HarnessId } from './ids';

export interface ClaudeCodeParams {
  /** The model's largest reply. Claude Code holds back min(this, 20,000) of the window for it. */
  maxOutputTokens: number;
  /** How far below that effective window auto-compaction fires. */
  autocompactBuffer: number;
  /** Clear old tool results first, as Claude Code's microcompact does after an idle pause. */
  microcompact: boolean;
  /** The newest results of clearable tools microcompact keeps verbatim. */
  keepToolResults: number;
}

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

export interface GeminiCliParams {
  /** Compression fires when the context reaches this share of the window. */
  thresholdFraction: number;
  /** The newest share of the history kept verbatim. */
  preserveFraction: number;
  /** Tokens of the newest tool output kept whole before compressing. */
  toolOutputBudget: number;
  /** Older tool outputs beyond the budget are cut down to this many characters. */
  truncateChars: number;
}

export interface ClearToolUsesParams {
  /** Input tokens above which the API clears. */
  trigger: number;
  /** The newest tool uses kept whole. */
  keepToolUses: number;
  /** Clear only when at least this many tokens would go; 0 for no minimum. */
  clearAtLeast: number;
  /** Tools whose uses are never cleared. */
  excludeTools: string[];
  /** Also clear the arguments of the calls whose results are cleared. */
  clearInputs: boolean;
  /** Also clear old thinking (`clear_thinking_20251015`). */
  clearThinking: boolean;
  /** The newest assistant turns whose thinking stays. */
  keepThinkingTurns: number;
}

export interface MaskObservationsParams {
  /** The newest tool results kept verbatim; older ones become a one-line note. */
  keepObservations: number;
}

export interface HarnessParams {
  'claude-code': ClaudeCodeParams;
  codex: CodexParams;
  opencode: OpenCodeParams;
  'gemini-cli': GeminiCliParams;
  'clear-tool-uses': ClearToolUsesParams;
  'mask-observations': MaskObservationsParams;
}

/** Parameters as typed: any subset of any preset, any number. */
export type HarnessParamsInput = { [H in HarnessId]?: Partial<HarnessParams[H]> };

export const DEFAULT_HARNESS_PARAMS: Readonly<HarnessParams> = {
  'claude-code': {
    maxOutputTokens: 32_000,
    autocompactBuffer: 13_000,
    microcompact: false,
    keepToolResults: 5,
  },
  codex: {
    autoCompactLimit: 0,
    thresholdFraction: 0.9,
    effectiveWindowFraction: 0.95,
    userMessageTokens: 20_000,
  },
  opencode: {
    maxOutputTokens: 32_000,
    protect: 40_000,
    pruneMinimum: 20_000,
    protectTurns: 2,
    protectedTools: ['skill'],
    tailTurns: 2,
    preserveRecentTokens: 0,
  },
  'gemini-cli': {
    thresholdFraction: 0.5,
    preserveFraction: 0.3,
    toolOutputBudget: 50_000,
    truncateChars: 40_000,
  },
  'clear-tool-uses': {
    trigger: 100_000,
    keepToolUses: 3,
    clearAtLeast: 0,
    excludeTools: [],
    clearInputs: false,
    clearThinking: false,
    keepThinkingTurns: 1,
  },
  'mask-observations': { keepObservations: 10 },
};

/** Token counts and turn counts are bounded like the window itself. */
export const MAX_HARNESS_TOKENS = 100_000_000;
/** Tool names in one list, and characters in one name. */
export const MAX_TOOL_NAMES = 100;
export const MAX_TOOL_NAME_CHARS = 200;

/** How one parameter is checked. */
export type ParamRule =
  | { kind: 'count'; min: number }
  | { kind: 'fraction'; maxInclusive: boolean }
  | { kind: 'flag' }
  | { kind: 'tools' };

const count = (min = 0): ParamRule => ({ kind: 'count', min });
const FRACTION_UP_TO_ONE: ParamRule = { kind: 'fraction', maxInclusive: true };
const FRACTION_BELOW_ONE: ParamRule = { kind: 'fraction', maxInclusive: false };
const FLAG: ParamRule = { kind: 'flag' };
const TOOLS: ParamRule = { kind: 'tools' };

/** The rule of every parameter: one table, read by the normalizer and the share schema. */
export const HARNESS_PARAM_RULES: { [H in HarnessId]: { [P in keyof HarnessParams[H]]: ParamRule } } = {
  'claude-code': {
    maxOutputTokens: count(),
    autocompactBuffer: count(),
    microcompact: FLAG,
    keepToolResults: count(),
  },
  codex: {
    autoCompactLimit: count(),
    thresholdFraction: FRACTION_UP_TO_ONE,
    effectiveWindowFraction: FRACTION_UP_TO_ONE,
    userMessageTokens: count(),
  },
  opencode: {
    maxOutputTokens: count(),
    protect: count(),
    pruneMinimum: count(),
    protectTurns: count(),
    protectedTools: TOOLS,
    tailTurns: count(),
    preserveRecentTokens: count(),
  },
  'gemini-cli': {
    thresholdFraction: FRACTION_UP_TO_ONE,
    // Gemini CLI refuses a share of 0 or 1: one keeps nothing, the other summarizes nothing.
    preserveFraction: FRACTION_BELOW_ONE,
    toolOutputBudget: count(),
    truncateChars: count(1),
  },
  'clear-tool-uses': {
    trigger: count(),
    keepToolUses: count(),
    clearAtLeast: count(),
    excludeTools: TOOLS,
    clearInputs: FLAG,
    clearThinking: FLAG,
    keepThinkingTurns: count(),
  },
  // SWE-agent refuses to keep no observation at all.
  'mask-observations': { keepObservations: count(1) },
};

/** One parameter normalization changed, with the reason. */
export interface HarnessAdjustment {
  /** `preset.parameter`, e.g. `gemini-cli.thresholdFraction`. */
  param: string;
  from: number;
  to: number;
  reason: string;
}

/** Tool names as a tool list may hold them: trimmed, non-empty, each once, in the order given. */
export function cleanToolNames(names: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const trimmed = name.trim().slice(0, MAX_TOOL_NAME_CHARS);
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
    if (out.length === MAX_TOOL_NAMES) break;
  }
  return out;
}

function normalizeNumber(
  param: string,
  rule: Extract<ParamRule, { kind: 'count' | 'fraction' }>,
  value: unknown,
  fallback: number,
  adjustments: HarnessAdjustment[],
): number {
  const typed = typeof value === 'number' ? value : Number.NaN;
  const adjust = (to: number, reason: string) => {
    if (Number.isFinite(typed)) adjustments.push({ param, from: typed, to, reason });
    return to;
  };
  if (!Number.isFinite(typed)) return fallback;
  if (rule.kind === 'fraction') {
    const inRange = typed > 0 && (rule.maxInclusive ? typed <= 1 : typed < 1);
    if (inRange) return typed;
    return adjust(
      fallback,
      `a share must be above 0 and ${rule.maxInclusive ? 'at most' : 'below'} 1; the default is used`,
    );
  }
  const whole = Math.trunc(typed);
  if (whole < rule.min) {
    return adjust(
      fallback,
      `${rule.min === 0 ? 'a negative count' : `a count below ${rule.min}`} takes the default`,
    );
  }
  if (whole > MAX_HARNESS_TOKENS) {
    return adjust(
      MAX_HARNESS_TOKENS,
      `lowered to ${MAX_HARNESS_TOKENS.toLocaleString('en-US')}, the largest count`,
    );
  }
  if (whole !== typed) return adjust(whole, 'a count is a whole number');
  return whole;
}

/**
 * Every preset's parameters with defaults filled in and bad values replaced,
 * reporting each number it changed. Values of the wrong type take the default
 * silently: the share schema and the stored-settings restore have already
 * said so where they came from.
 */
export function explainHarness(input: HarnessParamsInput | undefined): HarnessExplained {
  // The page asks again at every frame of a drag with the same typed parameters.
  if (input === undefined) return (explainedDefaults ??= explainHarnessOf(undefined));
  let explained = explainedFor.get(input);
  if (!explained) explainedFor.set(input, (explained = explainHarnessOf(input)));
  return explained;
}

interface HarnessExplained {
  params: HarnessParams;
  adjustments: HarnessAdjustment[];
}

/** Answers per typed object: settings are replaced, never changed in place. */
const explainedFor = new WeakMap<HarnessParamsInput, HarnessExplained>();
let explainedDefaults: HarnessExplained | undefined;

function explainHarnessOf(input: HarnessParamsInput | undefined): HarnessExplained {
  const adjustments: HarnessAdjustment[] = [];
  const params = {} as Record<string, Record<string, unknown>>;
  for (const [harness, rules] of Object.entries(HARNESS_PARAM_RULES) as [
    string,
    Record<string, ParamRule>,
  ][]) {
    const typed = ((input as Record<string, Record<string, unknown> | undefined> | undefined)?.[harness] ??
      {}) as Record<string, unknown>;
    const defaults = (DEFAULT_HARNESS_PARAMS as unknown as Record<string, Record<string, unknown>>)[harness];
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(rules)) {
      const value = typed[name];
      const fallback = defaults[name];
      if (rule.kind === 'flag') out[name] = typeof value === 'boolean' ? value : fallback;
      else if (rule.kind === 'tools')
        out[name] = Array.isArray(value) ? cleanToolNames(value) : [...(fallback as string[])];
      else out[name] = normalizeNumber(`${harness}.${name}`, rule, value, fallback as number, adjustments);
    }
    params[harness] = out;
  }
  return { params: params as unknown as HarnessParams, adjustments };
}

/**
 * The typed parameters that differ from the defaults, each within the bounds a
 * link accepts: what a share link or a stored record needs to carry. Values of
 * the wrong type are left out; undefined when nothing differs.
 */
export function harnessDifferences(input: HarnessParamsInput | undefined): HarnessParamsInput | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [harness, rules] of Object.entries(HARNESS_PARAM_RULES) as [
    string,
    Record<string, ParamRule>,
  ][]) {
    const typed = (input as Record<string, unknown>)[harness];
    if (typeof typed !== 'object' || typed === null) continue;
    const defaults = (DEFAULT_HARNESS_PARAMS as unknown as Record<string, Record<string, unknown>>)[harness];
    const differing: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(rules)) {
      const value = (typed as Record<string, unknown>)[name];
      const fallback = defaults[name];
      if (rule.kind === 'flag') {
        if (typeof value === 'boolean' && value !== fallback) differing[name] = value;
      } else if (rule.kind === 'tools') {
        if (!Array.isArray(value)) continue;
        const names = cleanToolNames(value);
        if (names.join('\n') !== (fallback as string[]).join('\n')) differing[name] = names;
      } else if (typeof value === 'number' && Number.isFinite(value)) {
        const bounded = Math.min(MAX_HARNESS_TOKENS, Math.max(-MAX_HARNESS_TOKENS, value));
        if (bounded !== fallback) differing[name] = bounded;
      }
    }
    if (Object.keys(differing).length > 0) out[harness] = differing;
  }
  return Object.keys(out).length > 0 ? (out as HarnessParamsInput) : undefined;
}
