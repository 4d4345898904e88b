/**
 * Clearing in place: old tool output becomes a placeholder, the message and
 * its place stay. Each agent decides differently what to clear; each rule is
 * in its preset's module, and all of them keep the protocol valid: a cleared
 * result keeps its call id and its place after the call, and nothing before
 * an earlier summary is touched again.
 */
import { NO_CLEARING, type ClearView, type ClearingPlan, type Steps } from './preset';
import { presetOf, type HarnessId, type HarnessParams } from './registry';

/** The clearing step of a preset; nothing for one that never clears. */
export function planClearings(harness: HarnessId, view: ClearView, params: HarnessParams): ClearingPlan {
  const preset = presetOf(harness);
  return preset.clear
    ? preset.clear(view, params[harness] as unknown as Record<string, unknown>)
    : NO_CLEARING;
}

/** Whether the preset clears with these parameters, and when its cut runs. */
export function stepsOf(harness: HarnessId, params: HarnessParams): Steps {
  return presetOf(harness).steps(params[harness] as unknown as Record<string, unknown>);
}
