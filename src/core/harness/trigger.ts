/**
 * When a preset acts on its own: its threshold, by its own formula (in its
 * module), and how the context is compared with it. Agents differ even in
 * that: most act once the context reaches their limit, the Anthropic API once
 * the prompt exceeds its trigger, and observation masking at every call.
 */
import type { Trigger } from './preset';
import { isHarness, presetOf, type HarnessId, type HarnessParams } from './registry';

/**
 * The threshold a preset's own formula gives for a window, before the floor
 * of 1 its trigger puts under it: below 1 the preset would compact at every
 * call, which no setting means. Null for presets whose threshold is not a
 * formula of the window (the Anthropic API's trigger, masking) or without a window.
 */
export function formulaThreshold(harness: string, window: number, params: HarnessParams): number | null {
  if (window <= 0 || !isHarness(harness)) return null;
  const preset = presetOf(harness);
  return preset.formulaThreshold?.(window, params[harness] as unknown as Record<string, unknown>) ?? null;
}

/**
 * The preset's trigger for a window. Presets that measure against the window
 * are off without one; the Anthropic API's trigger and masking do not depend on it.
 */
export function harnessTrigger(harness: HarnessId, window: number, params: HarnessParams): Trigger {
  return presetOf(harness).trigger(window, params[harness] as unknown as Record<string, unknown>);
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
