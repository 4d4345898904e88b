/**
 * Where a summarizing preset divides the conversation into "summarized" and
 * "kept verbatim": each preset's rule is in its module (Claude Code and Codex
 * summarize everything; OpenCode keeps the newest turns that fit a small
 * budget; Gemini CLI keeps the newest share of the history).
 */
import type { CutView, HarnessCut } from './preset';
import { presetOf, type HarnessId, type HarnessParams } from './registry';

/**
 * The cut of a summarizing preset, or null for the presets that only clear.
 * `usable` is the preset's threshold (OpenCode's usable window).
 */
export function harnessCut(
  harness: HarnessId,
  view: CutView,
  start: number,
  params: HarnessParams,
  usable: number,
): HarnessCut | null {
  const preset = presetOf(harness);
  if (!preset.cut) return null;
  return preset.cut(view, start, params[harness] as unknown as Record<string, unknown>, usable);
}
