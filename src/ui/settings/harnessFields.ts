/**
 * What the settings call each preset's parameters, and the one line on where
 * its numbers come from. The rules (what a value may be) are the core's
 * (`HARNESS_PARAM_RULES`); the sources in full are in docs/harnesses.md.
 */
import type { HarnessId } from '../../core/harness/ids';
import type { HarnessParams } from '../../core/harness/params';

export interface ParamField {
  label: string;
  hint?: string;
}

type Fields = { [H in HarnessId]: { [P in keyof HarnessParams[H]]: ParamField } };

export const HARNESS_FIELDS: Fields = {
  'claude-code': {
    maxOutputTokens: { label: "Model's max output", hint: 'it holds back min(this, 20,000) for the reply' },
    autocompactBuffer: {
      label: 'Auto-compact buffer',
      hint: 'fires this far below the window less the reply',
    },
    microcompact: { label: 'Microcompact first (clear old Read, Bash, Grep… results)' },
    keepToolResults: { label: 'Results microcompact keeps' },
  },
  codex: {
    autoCompactLimit: { label: "Model's auto-compact limit", hint: '0: the model has none' },
    thresholdFraction: { label: 'Limit as a share of the window' },
    effectiveWindowFraction: { label: 'Usable share of the window' },
    userMessageTokens: { label: 'Recent prompts carried over (tokens)' },
  },
  opencode: {
    maxOutputTokens: { label: "Model's max output", hint: 'capped at 32,000; the rest is usable' },
    protect: { label: 'Newest tool output never pruned (tokens)' },
    pruneMinimum: { label: 'Prune only when more than (tokens)' },
    protectTurns: { label: 'Newest user turns never pruned' },
    protectedTools: { label: 'Tools never pruned', hint: 'comma-separated' },
    tailTurns: { label: 'Turns kept verbatim after the summary' },
    preserveRecentTokens: {
      label: 'Budget of that tail (tokens)',
      hint: '0: a quarter of the usable window',
    },
  },
  'gemini-cli': {
    thresholdFraction: { label: 'Compress at this share of the window', hint: 'it has been 0.7 and 0.2' },
    preserveFraction: { label: 'Newest share kept verbatim' },
    toolOutputBudget: { label: 'Newest tool output kept whole (tokens)' },
    truncateChars: { label: 'Older outputs cut to (characters)' },
  },
  'clear-tool-uses': {
    trigger: { label: 'Trigger (input tokens)' },
    keepToolUses: { label: 'Newest tool uses kept' },
    clearAtLeast: { label: 'Clear only if at least (tokens)', hint: '0: no minimum' },
    excludeTools: { label: 'Tools never cleared', hint: 'comma-separated' },
    clearInputs: { label: 'Clear the tool inputs too' },
    clearThinking: { label: 'Clear old thinking (clear_thinking_20251015)' },
    keepThinkingTurns: { label: 'Newest turns whose thinking stays' },
  },
  'mask-observations': {
    keepObservations: { label: 'Newest tool results kept' },
  },
};

/** Where each preset's defaults come from, in a line. */
export const HARNESS_SOURCES: Record<HarnessId, string> = {
  'claude-code': 'Reverse-engineered from Claude Code by others; the buffer has changed between versions.',
  codex: "From Codex's source (openai/codex); the limit rule changed in 2026.",
  opencode: "From OpenCode's source (session/compaction.ts, session/overflow.ts).",
  'gemini-cli': "From Gemini CLI's source (chatCompressionService.ts); the threshold has changed twice.",
  'clear-tool-uses': "From Anthropic's context-editing documentation (clear_tool_uses_20250919).",
  'mask-observations': 'From "The Complexity Trap" (JetBrains, 2025) and SWE-agent.',
};
