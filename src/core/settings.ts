/**
 * Compaction settings: defaults, normalization, the threshold and the budgets
 * derived from them. Every number the rest of the core uses comes from here.
 */

import { HARNESSES, type HarnessId, type HarnessParams } from './harness/registry';
import { formatCount } from './numbers';
import { explainHarness, type HarnessParamsInput } from './harness/params';
import type { TokenizerId } from './tokenizer';

/** The playground's own cut rules, one per reference system. */
export type CutStrategy = 'budget' | 'pi' | 'turns';
/** A cut rule, or a harness preset (what an agent or API does, `harness/`). */
export type Strategy = CutStrategy | HarnessId;

export const CUT_STRATEGIES: readonly CutStrategy[] = ['budget', 'pi', 'turns'];
/** Every strategy, picked from one list: the cut rules first, then the presets. */
export const STRATEGIES: readonly Strategy[] = [...CUT_STRATEGIES, ...HARNESSES];

export function isCutStrategy(strategy: Strategy): strategy is CutStrategy {
  return (CUT_STRATEGIES as readonly string[]).includes(strategy);
}

/** Every setting, as a person can type it: any number, any of the choices. */
export interface SettingsFields {
  /** Gates only the automatic trigger; an overflow repair compacts regardless. */
  enabled: boolean;
  /** The model's context window. 0 turns compaction off: there is no budget to enforce. */
  maxContextTokens: number;
  /** Room the next response needs; history may not occupy it. */
  reserveTokens: number;
  /** How much recent conversation survives a compaction verbatim. */
  keepRecentTokens: number;
  /** Caps the summary completion; 0 leaves only the derived budget. */
  maxSummaryTokens: number;
  /** How long a summary stream may stay silent before the attempt is abandoned. */
  stallTimeoutMs: number;
  strategy: Strategy;
  tokenizer: TokenizerId;
  /** Multiplies string counts, to calibrate against a provider's reported usage. */
  scale: number;
  /**
   * What every request carries that the file does not show (the agent's
   * system prompt and tool definitions), as the user says it; null leaves it
   * to the file's recorded usage, which measures it when the file has any.
   */
  unseenTokens: number | null;
  /** The presets' parameters as typed; missing ones take the documented defaults. */
  harness?: HarnessParamsInput;
}

/**
 * Settings as typed, before normalization: what the settings store, a share
 * link and the CLI's options hold. Any subset; missing fields take defaults.
 */
export type SettingsInput = Partial<SettingsFields>;

declare const normalized: unique symbol;

/**
 * Settings the core computes with: defaults filled in and budgets reconciled.
 * Only `explainSettings` (and `normalizeSettings`) make one, so the compiler
 * points at every place that would compute with settings nobody normalized.
 */
export type Settings = Readonly<Omit<SettingsFields, 'harness'>> & {
  /** Every preset's parameters, complete. */
  readonly harness: HarnessParams;
} & { readonly [normalized]: true };

export const DEFAULT_RESERVE_TOKENS = 16384;
/**
 * Whatever the context grew to, a compaction leaves about summary + this, far
 * below any sane threshold, which is what keeps the next round from
 * re-triggering at once.
 */
export const DEFAULT_KEEP_RECENT_TOKENS = 20000;
export const DEFAULT_STALL_TIMEOUT_MS = 120_000;
/**
 * The longest delay a JavaScript timer can wait (2³¹ − 1 ms, about 24.8
 * days). A longer one overflows and fires at once, which would abandon every
 * summary the moment its request was sent.
 */
export const MAX_STALL_TIMEOUT_MS = 2 ** 31 - 1;
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 1.5;
/** The summary budget never drops below this, or summaries stop mid-sentence. */
export const MIN_SUMMARY_TOKENS = 1024;
export const MIN_TURN_PREFIX_TOKENS = 512;
/** Room for tags and the omission note around the summarizer prompt. */
export const SUMMARIZER_PROMPT_SLACK = 256;

/** The defaults, as typed values (normalizing them changes nothing). */
export const DEFAULT_SETTINGS: Readonly<SettingsFields> = {
  enabled: true,
  maxContextTokens: 128000,
  reserveTokens: DEFAULT_RESERVE_TOKENS,
  keepRecentTokens: DEFAULT_KEEP_RECENT_TOKENS,
  maxSummaryTokens: 0,
  stallTimeoutMs: DEFAULT_STALL_TIMEOUT_MS,
  strategy: 'budget',
  tokenizer: 'o200k_base',
  scale: 1,
  unseenTokens: null,
};

/** One change normalization made, with the reason, for the settings panel. */
/**
 * The keep-recent budget's ceiling for a window and reserve: a quarter of
 * window − reserve, with that rule in words; null without a window or room.
 */
export function keepRecentCeiling(window: number, reserve: number): { max: number; rule: string } | null {
  if (window <= 0) return null;
  const quarter = Math.trunc((window - reserve) / 4);
  if (quarter <= 0) return null;
  return {
    max: quarter,
    rule: `a quarter of window − reserve (${formatCount(window)} − ${formatCount(reserve)}) / 4`,
  };
}

export interface Adjustment {
  field: keyof SettingsFields;
  /** For `harness`: the preset's parameter, `preset.parameter`. */
  param?: string;
  from: number;
  to: number;
  reason: string;
}

export interface NormalizedSettings {
  settings: Settings;
  adjustments: Adjustment[];
}

function finiteInt(value: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** A typed unseen part as a whole count: anything that is not a number leaves it to the file. */
function typedUnseen(value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.max(0, Math.trunc(value));
}

/**
 * Fills in defaults and reconciles budgets that cannot all be honoured at once,
 * reporting each change so the UI can say why a field differs from what was typed.
 */
export function explainSettings(input: SettingsInput): NormalizedSettings {
  const s: SettingsFields = { ...DEFAULT_SETTINGS, ...input };
  const adjustments: Adjustment[] = [];
  const adjust = (field: keyof SettingsFields, to: number, reason: string) => {
    const from = s[field] as number;
    if (from !== to) adjustments.push({ field, from, to, reason });
    (s as unknown as Record<string, number>)[field] = to;
  };

  s.maxContextTokens = Math.max(0, finiteInt(s.maxContextTokens));
  s.maxSummaryTokens = Math.max(0, finiteInt(s.maxSummaryTokens));
  if (s.maxSummaryTokens > 0 && s.maxSummaryTokens < MIN_SUMMARY_TOKENS) {
    adjust(
      'maxSummaryTokens',
      MIN_SUMMARY_TOKENS,
      `raised to ${MIN_SUMMARY_TOKENS}, the smallest summary budget: a shorter summary stops mid-sentence`,
    );
  }
  if (!(finiteInt(s.reserveTokens) > 0)) {
    adjust('reserveTokens', DEFAULT_RESERVE_TOKENS, 'a reserve of 0 or less takes the default');
  }
  if (!(finiteInt(s.keepRecentTokens) > 0)) {
    adjust('keepRecentTokens', DEFAULT_KEEP_RECENT_TOKENS, 'keep-recent of 0 or less takes the default');
  }
  s.reserveTokens = finiteInt(s.reserveTokens);
  s.keepRecentTokens = finiteInt(s.keepRecentTokens);
  if (s.maxContextTokens > 0) {
    // Keeping half the usable window re-triggers within a round or two; a
    // quarter leaves the compacted context at about half the threshold.
    const ceiling = keepRecentCeiling(s.maxContextTokens, s.reserveTokens);
    if (ceiling && s.keepRecentTokens > ceiling.max) {
      adjust('keepRecentTokens', ceiling.max, `lowered to ${ceiling.rule}`);
    }
  }
  if (!(s.stallTimeoutMs > 0)) {
    adjust('stallTimeoutMs', DEFAULT_STALL_TIMEOUT_MS, 'a stall timeout of 0 or less takes the default');
  } else if (s.stallTimeoutMs > MAX_STALL_TIMEOUT_MS) {
    adjust(
      'stallTimeoutMs',
      MAX_STALL_TIMEOUT_MS,
      `lowered to ${MAX_STALL_TIMEOUT_MS} ms (about 24.8 days), the longest delay a timer can wait: a longer one fires at once`,
    );
  }
  s.unseenTokens = typedUnseen(s.unseenTokens);
  const scale = Number.isFinite(s.scale) && s.scale > 0 ? s.scale : 1;
  adjust(
    'scale',
    Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)),
    `scale is kept within ${MIN_SCALE}–${MAX_SCALE}`,
  );
  const harness = explainHarness(input.harness);
  for (const adjustment of harness.adjustments) adjustments.push({ field: 'harness', ...adjustment });
  return { settings: { ...s, harness: harness.params } as Settings, adjustments };
}

export function normalizeSettings(input: SettingsInput): Settings {
  return explainSettings(input).settings;
}

/** An absolute reserve below the window, not a fraction of it. */
export function threshold(s: Settings): number {
  return s.maxContextTokens > 0 ? Math.max(s.maxContextTokens - s.reserveTokens, 1) : 0;
}

/** Strict: the threshold itself does not trigger, one token more does. */
export function shouldCompact(s: Settings, contextTokens: number): boolean {
  const t = threshold(s);
  return s.enabled && t > 0 && contextTokens > t;
}

/**
 * The completion budget of the history summary: most of the reserve, capped by
 * the summary cap and by keep-recent so the summary cannot take back the room
 * the compaction freed, but never so small that summaries end mid-sentence.
 */
export function summaryBudget(s: Settings): number {
  let budget = Math.trunc((s.reserveTokens * 4) / 5);
  if (s.maxSummaryTokens > 0) budget = Math.min(budget, s.maxSummaryTokens);
  if (s.keepRecentTokens > 0) budget = Math.min(budget, s.keepRecentTokens);
  return Math.max(budget, MIN_SUMMARY_TOKENS);
}

export function turnPrefixBudget(s: Settings): number {
  return Math.max(Math.trunc(summaryBudget(s) / 2), MIN_TURN_PREFIX_TOKENS);
}

/**
 * How many tokens of transcript one summarization request may carry. A tenth
 * is held back because the provider counts tokens its own way. 0 means
 * unbounded (no window known).
 */
export function summarizerInputBudget(
  s: Settings,
  maxTokens: number,
  promptTokens: number,
  previousSummaryTokens: number,
): number {
  if (s.maxContextTokens <= 0) return 0;
  const room = s.maxContextTokens - (maxTokens + promptTokens + previousSummaryTokens);
  return Math.max(Math.trunc((room * 9) / 10), 1);
}
