/**
 * When a preset acts on its own: its threshold, by its own formula (in its
 * module), and how the context is compared with it. Agents differ even in
 * that: most act once the context reaches their limit, the Anthropic API once
 * the prompt exceeds its trigger, and observation masking at every call.
 */
import type { Trigger } from './preset';
import { presetOf, type HarnessId, type HarnessParams } from './registry';

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
