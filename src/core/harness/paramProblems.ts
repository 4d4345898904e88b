/**
 * A preset parameter typed on the page that has no sensible reading: a share
 * of the window of 7, a negative count, half a turn. Refused where it is
 * typed, with the reason, while the last valid value keeps applying; the
 * normalizer (`params.ts`) repairs the same values silently when they arrive
 * from a link or storage, and reports what it changed.
 */
import { formulaThreshold, harnessTrigger, type HarnessId, type HarnessParams } from './registry';
import { HARNESS_PARAM_RULES, MAX_HARNESS_TOKENS } from './params';
import type { ParamRule } from './preset';
import { formatCount } from '../numbers';

const n = formatCount;

/** Why `value` cannot be this rule's value, or null when it can. */
export function ruleProblem(rule: ParamRule, value: unknown): string | null {
  switch (rule.kind) {
    case 'flag':
      return typeof value === 'boolean' ? null : 'Must be on or off.';
    case 'tools':
      return Array.isArray(value) && value.every((name) => typeof name === 'string')
        ? null
        : 'Must be a list of tool names.';
    case 'fraction': {
      const upper = rule.maxInclusive ? 'at most 1' : 'below 1';
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1)
        return `A share of the window: above 0 and ${upper}, like 0.5.`;
      if (!rule.maxInclusive && value === 1)
        return `A share above 0 and ${upper}: ${rule.atOne ?? '1 would keep everything'}.`;
      return null;
    }
    case 'count': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number.';
      if (value < rule.min)
        return rule.min === 0 ? 'Cannot be negative.' : `Must be at least ${n(rule.min)}.`;
      if (!Number.isInteger(value)) return 'Must be a whole number.';
      if (value > countMax(rule)) return `At most ${n(countMax(rule))}.`;
      return null;
    }
  }
}

/** The largest value a count may take. */
export function countMax(rule: Extract<ParamRule, { kind: 'count' }>): number {
  return rule.max ?? MAX_HARNESS_TOKENS;
}

/** What a rule allows, for a message: "5 to 100", "1 to 100,000,000", "above 0 and at most 1". */
export function ruleRange(rule: ParamRule): string {
  switch (rule.kind) {
    case 'count':
      return `${n(rule.min)} to ${n(countMax(rule))}`;
    case 'fraction':
      return `above 0 and ${rule.maxInclusive ? 'at most' : 'below'} 1`;
    case 'flag':
      return 'on or off';
    case 'tools':
      return 'a list of tool names';
  }
}

/** The rule of one preset's parameter. */
export function paramRule<H extends HarnessId>(harness: H, param: keyof HarnessParams[H]): ParamRule {
  return HARNESS_PARAM_RULES[harness][param];
}

/** Why `value` cannot be that parameter's value, or null when it can. */
export function harnessParamProblem<H extends HarnessId>(
  harness: H,
  param: keyof HarnessParams[H],
  value: unknown,
): string | null {
  return ruleProblem(paramRule(harness, param), value);
}

/**
 * Why these parameters leave the preset no threshold under `window`, or null
 * when they do not: a threshold formula below 1 (Claude Code's buffer of
 * 500,000 under a 200,000 window) would compact at every call, which is no
 * setting anyone means, so the value that causes it is refused like any
 * other impossible one.
 */
export function thresholdProblem(harness: HarnessId, params: HarnessParams, window: number): string | null {
  const own = formulaThreshold(harness, window, params);
  if (own === null || own >= 1) return null;
  const { formula } = harnessTrigger(harness, window, params);
  return `Leaves no threshold under the window of ${n(window)}: ${formula} = ${n(own)}, and it must be at least 1.`;
}
