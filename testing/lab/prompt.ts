/**
 * What a preset claims of its agent's summarization prompt, held against the
 * prompt the agent sent. No preset claims the wording (their instructions are
 * the agent's shape in our words); Claude Code's claims its numbered
 * sections, named as Claude Code names them, so those names are checked.
 */
import { isHarness, presetOf } from '../../src/core/harness/registry';
import type { Strategy } from '../../src/core/settings';

export interface PromptCheck {
  /** `sections`: the preset names the agent's numbered sections; `none`: it claims nothing of the prompt. */
  claim: 'sections' | 'none';
  /** The sections claimed, as "1. Primary Request and Intent". */
  claimed: string[];
  /** Those the agent's prompt does not have, by number and name. */
  missing: string[];
  /** Null without a claim or without a prompt to hold it against. */
  matches: boolean | null;
}

/** The numbered section names ("1. Name:") of a preset's own summary instructions. */
export function claimedSections(strategy: Strategy): string[] {
  const instructions = isHarness(strategy) ? presetOf(strategy).summaryInstructions : undefined;
  return [...(instructions ?? '').matchAll(/^(\d+)\. ([^:\n]+):/gm)].map(([, n, name]) => `${n}. ${name}`);
}

export function checkPrompt(strategy: Strategy | null, prompt: string | null): PromptCheck {
  const claimed = strategy ? claimedSections(strategy) : [];
  if (claimed.length === 0) return { claim: 'none', claimed, missing: [], matches: null };
  const missing = prompt === null ? claimed : claimed.filter((section) => !prompt.includes(`${section}:`));
  return { claim: 'sections', claimed, missing, matches: prompt === null ? null : missing.length === 0 };
}
