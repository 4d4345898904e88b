/**
 * Claude Code's auto-compact point with `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`
 * set: a percentage of the effective window (the window less the reply's
 * reserve), which can only bring the point earlier. A value above the
 * default, or one that is not a number from 0 (excluded) to 100, leaves the
 * default (anthropics/claude-code#31806 quotes the rule from Claude Code's
 * own code: `Math.min(floor(effective × pct / 100), effective − buffer)`).
 */
import { DEFAULT_HARNESS_PARAMS, type ClaudeCodeParams } from './params';
import { CLAUDE_CODE_OUTPUT_RESERVE_CAP } from './claude-code';
import type { Trigger } from './preset';
import { harnessTrigger } from './trigger';
import { formatCount } from '../numbers';

export function claudeCodeAutoCompact(
  window: number,
  override: string | undefined,
  params: ClaudeCodeParams = DEFAULT_HARNESS_PARAMS['claude-code'],
): Trigger {
  const base = harnessTrigger('claude-code', window, { ...DEFAULT_HARNESS_PARAMS, 'claude-code': params });
  const pct = override === undefined ? NaN : Number.parseFloat(override);
  if (!(pct > 0 && pct <= 100) || base.threshold === 0) return base;
  const effective = window - Math.min(params.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP);
  const own = Math.floor(effective * (pct / 100));
  if (own >= base.threshold) return base;
  return {
    threshold: Math.max(own, 1),
    comparison: 'reach',
    formula: `${formatCount(effective)} × ${pct}% (CLAUDE_AUTOCOMPACT_PCT_OVERRIDE)`,
  };
}
