/**
 * Each preset's parameters, their defaults, and the one normalizer that turns
 * whatever was typed (a settings field, a share link, a command-line option)
 * into values the rules can use. Where every default comes from, and which
 * ones differ between versions of the agent, is in `docs/harnesses.md`.
 */
import type { ParamRule } from './preset';
import { PRESETS, type HarnessId, type HarnessParams } from './registry';

/** Parameters as typed: any subset of any preset, any number. */
export type HarnessParamsInput = { [H in HarnessId]?: Partial<HarnessParams[H]> };

/** Each preset's defaults, from its module. */
export const DEFAULT_HARNESS_PARAMS: Readonly<HarnessParams> = Object.fromEntries(
  PRESETS.map((preset) => [
    preset.id,
    Object.fromEntries(Object.entries(preset.params).map(([name, spec]) => [name, spec.default])),
  ]),
) as unknown as HarnessParams;

/** Token counts and turn counts are bounded like the window itself. */
export const MAX_HARNESS_TOKENS = 100_000_000;
/** Tool names in one list, and characters in one name. */
export const MAX_TOOL_NAMES = 100;
export const MAX_TOOL_NAME_CHARS = 200;

/** The rule of every parameter, from the preset modules: read by the normalizer and the share schema. */
export const HARNESS_PARAM_RULES: { [H in HarnessId]: { [P in keyof HarnessParams[H]]: ParamRule } } =
  Object.fromEntries(
    PRESETS.map((preset) => [
      preset.id,
      Object.fromEntries(Object.entries(preset.params).map(([name, spec]) => [name, spec.rule])),
    ]),
  ) as unknown as { [H in HarnessId]: { [P in keyof HarnessParams[H]]: ParamRule } };

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
  if (rule.max !== undefined && whole > rule.max) {
    return adjust(rule.max, `lowered to ${rule.max.toLocaleString('en-US')}, the largest this can be`);
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
