/**
 * When each preset acts on its own: its threshold, by its own formula, and
 * how the context is compared with it. Agents differ even in that: most act
 * once the context reaches their limit, the Anthropic API once the prompt
 * exceeds its trigger, and observation masking at every call.
 */
import { minOf } from '../arrays';
import type { HarnessId } from './ids';
import type { HarnessParams } from './params';
import { formatCount } from '../numbers';

/** Claude Code never holds back more than this for the reply. */
export const CLAUDE_CODE_OUTPUT_RESERVE_CAP = 20_000;
/** OpenCode caps every model's reply at this unless told otherwise. */
export const OPENCODE_OUTPUT_TOKEN_MAX = 32_000;

export interface Trigger {
  /**
   * Tokens at which the preset acts on its own. 0 with `reach`: never on its
   * own (no window is known); 0 with `always`: at every call.
   */
  threshold: number;
  /** `reach`: at tokens ≥ threshold; `exceed`: at tokens > threshold; `always`: at every call. */
  comparison: 'reach' | 'exceed' | 'always';
  /** The formula with the numbers filled in, for reports. */
  formula: string;
}

const n = formatCount;

/** `window × fraction` rounded down, without the rounding error of binary fractions (200,000 × 0.9). */
export function shareOf(window: number, fraction: number): number {
  return Math.floor(window * fraction + 1e-6);
}

/** Claude Code's formula, which goes below 1 when the reserve and the buffer take the whole window. */
function claudeCodeThreshold(window: number, p: HarnessParams['claude-code']): number {
  return window - Math.min(p.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP) - p.autocompactBuffer;
}

/** Claude Code: the window less the reply's reserve less the buffer, about 167,000 of 200,000. */
function claudeCode(window: number, p: HarnessParams['claude-code']): Trigger {
  return {
    threshold: Math.max(claudeCodeThreshold(window, p), 1),
    comparison: 'reach',
    formula: `${n(window)} − min(${n(p.maxOutputTokens)}, ${n(CLAUDE_CODE_OUTPUT_RESERVE_CAP)}) − ${n(p.autocompactBuffer)}`,
  };
}

/** Codex: the model's own limit, never above 90% of the window nor the 95% it treats as usable. */
function codexThreshold(window: number, p: HarnessParams['codex']): number {
  const limits = [shareOf(window, p.thresholdFraction), shareOf(window, p.effectiveWindowFraction)];
  if (p.autoCompactLimit > 0) limits.push(p.autoCompactLimit);
  return minOf(limits) ?? 0;
}

function codex(window: number, p: HarnessParams['codex']): Trigger {
  const own = p.autoCompactLimit > 0 ? `${n(p.autoCompactLimit)}, ` : '';
  return {
    threshold: Math.max(codexThreshold(window, p), 1),
    comparison: 'reach',
    formula: `min(${own}${n(window)} × ${p.thresholdFraction}, ${n(window)} × ${p.effectiveWindowFraction})`,
  };
}

/** OpenCode: the window less the reply (capped at 32,000). */
function openCodeThreshold(window: number, p: HarnessParams['opencode']): number {
  return window - Math.min(p.maxOutputTokens, OPENCODE_OUTPUT_TOKEN_MAX);
}

function openCode(window: number, p: HarnessParams['opencode']): Trigger {
  return {
    threshold: Math.max(openCodeThreshold(window, p), 1),
    comparison: 'reach',
    formula: `${n(window)} − min(${n(p.maxOutputTokens)}, ${n(OPENCODE_OUTPUT_TOKEN_MAX)})`,
  };
}

/** Gemini CLI: a share of the window. */
function geminiCli(window: number, p: HarnessParams['gemini-cli']): Trigger {
  return {
    threshold: Math.max(shareOf(window, p.thresholdFraction), 1),
    comparison: 'reach',
    formula: `${n(window)} × ${p.thresholdFraction}`,
  };
}

/**
 * The threshold a preset's own formula gives for a window, before the floor
 * of 1 its trigger puts under it: below 1 the preset would compact at every
 * call, which no setting means. Null for presets whose threshold is not a
 * formula of the window (the Anthropic API's trigger, masking) or without a window.
 */
export function formulaThreshold(harness: HarnessId, window: number, params: HarnessParams): number | null {
  if (window <= 0) return null;
  switch (harness) {
    case 'claude-code':
      return claudeCodeThreshold(window, params['claude-code']);
    case 'codex':
      return codexThreshold(window, params.codex);
    case 'opencode':
      return openCodeThreshold(window, params.opencode);
    case 'gemini-cli':
      return shareOf(window, params['gemini-cli'].thresholdFraction);
    case 'clear-tool-uses':
    case 'mask-observations':
      return null;
  }
}

/**
 * The preset's trigger for a window. Presets that measure against the window
 * are off without one; the Anthropic API's trigger and masking do not depend on it.
 */
export function harnessTrigger(harness: HarnessId, window: number, params: HarnessParams): Trigger {
  if (harness === 'clear-tool-uses') {
    const trigger = params['clear-tool-uses'].trigger;
    return { threshold: trigger, comparison: 'exceed', formula: `trigger ${n(trigger)}` };
  }
  if (harness === 'mask-observations') return { threshold: 0, comparison: 'always', formula: 'every call' };
  if (window <= 0) return { threshold: 0, comparison: 'reach', formula: 'no window' };
  switch (harness) {
    case 'claude-code':
      return claudeCode(window, params['claude-code']);
    case 'codex':
      return codex(window, params.codex);
    case 'opencode':
      return openCode(window, params.opencode);
    case 'gemini-cli':
      return geminiCli(window, params['gemini-cli']);
  }
}

/** Whether a context of `tokens` sets the trigger off. A threshold of 0 that is not `always` never does. */
export function triggers(trigger: Trigger, tokens: number): boolean {
  switch (trigger.comparison) {
    case 'always':
      return true;
    case 'reach':
      return trigger.threshold > 0 && tokens >= trigger.threshold;
    case 'exceed':
      return tokens > trigger.threshold;
  }
}
