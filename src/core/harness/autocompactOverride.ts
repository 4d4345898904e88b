/**
 * Claude Code's auto-compact point with `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`
 * set: a percentage of the effective window (the window less the reply's
 * reserve), which can only bring the point earlier. A value above the
 * default, or one that is not a number from 0 (excluded) to 100, leaves the
 * default (anthropics/claude-code#31806 quotes the rule from Claude Code's
 * own code: `Math.min(floor(effective × pct / 100), effective − buffer)`).
 * The rule itself is in `claude-code.ts`; this reads the variable's text.
 */
import type { ClaudeCodeParams } from './claude-code';
import { DEFAULT_HARNESS_PARAMS } from './params';
import { claudeCodeOverridden } from './claude-code';
import type { Trigger } from './preset';

export function claudeCodeAutoCompact(
  window: number,
  override: string | undefined,
  params: ClaudeCodeParams = DEFAULT_HARNESS_PARAMS['claude-code'],
): Trigger {
  return claudeCodeOverridden(window, override === undefined ? NaN : Number.parseFloat(override), params);
}
