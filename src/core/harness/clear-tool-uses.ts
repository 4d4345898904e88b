/**
 * The Anthropic API's context editing, `clear_tool_uses_20250919`: once the
 * prompt exceeds its trigger, old tool results become a placeholder. Only
 * clears; never summarizes. From Anthropic's documentation (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { FLAG, TOOLS, count, type ClearView, type ClearingPlan, type Preset } from './preset';
import { PlanBuilder, newestTurnsFrom, toolResults } from './planBuilder';
import { API_CLEARED_TOOL_RESULT } from './placeholders';

const n = formatCount;

export interface ClearToolUsesParams {
  /** Input tokens above which the API clears. */
  trigger: number;
  /** The newest tool uses kept whole. */
  keepToolUses: number;
  /** Clear only when at least this many tokens would go; 0 for no minimum. */
  clearAtLeast: number;
  /** Tools whose uses are never cleared. */
  excludeTools: string[];
  /** Also clear the arguments of the calls whose results are cleared. */
  clearInputs: boolean;
  /** Also clear old thinking (`clear_thinking_20251015`). */
  clearThinking: boolean;
  /** The newest assistant turns whose thinking stays. */
  keepThinkingTurns: number;
}

/**
 * Every tool result but the newest few becomes a placeholder, oldest first,
 * except the excluded tools'. A minimum that cannot be reached means nothing
 * is cleared: breaking the prompt cache for less is not worth it. The kept
 * uses are the newest of all uses, excluded tools' included (the
 * documentation does not say otherwise).
 */
export function clearToolUses(view: ClearView, p: ClearToolUsesParams): ClearingPlan {
  const { tools } = view;
  const results = toolResults(view);
  const older = results.slice(0, Math.max(0, results.length - p.keepToolUses));
  const b = new PlanBuilder(view.counts);
  for (const i of older) {
    if (tools.names[i] !== null && p.excludeTools.includes(tools.names[i]!)) continue;
    const owner = tools.owner[i];
    const inputs = p.clearInputs && owner >= view.start;
    b.set(i, tools.bare[i] + tools.placeholders.apiCleared, {
      output: { kind: 'placeholder', text: API_CLEARED_TOOL_RESULT },
      ...(inputs ? { inputs: true } : {}),
    });
    if (inputs) b.lower(owner, tools.argTokens[i] - tools.placeholders.arguments, {});
  }
  const applied = b.freed >= p.clearAtLeast ? b : new PlanBuilder(view.counts);
  if (p.clearThinking) {
    // `clear_thinking_20251015`: only the newest turns keep their reasoning.
    const keepFrom = newestTurnsFrom(view, p.keepThinkingTurns);
    for (let i = view.start; i < keepFrom; i++) {
      if (view.roles[i] === 'assistant' && tools.reasoning[i] > 0) {
        applied.lower(i, tools.reasoning[i], { thinking: true });
      }
    }
  }
  return applied.plan();
}

export const clearToolUsesPreset: Preset<'clear-tool-uses', ClearToolUsesParams> = {
  id: 'clear-tool-uses',
  agent: 'Anthropic API',
  summary: 'the Anthropic API clears old tool results',
  source: "From Anthropic's context-editing documentation (clear_tool_uses_20250919).",
  doc: {
    trigger: 'input > 100,000 tokens',
    plan: 'clear every tool result but the newest 3 (excluded tools never), only if at least `clear_at_least` would go',
    sources: "V: Anthropic's context-editing documentation (`clear_tool_uses_20250919`)",
  },
  params: {
    trigger: {
      default: 100_000,
      rule: count(),
      label: 'Trigger (input tokens)',
      option: {
        name: 'trigger',
        help: 'clear-tool-uses clears once the input exceeds this (default 100000)',
      },
    },
    keepToolUses: {
      default: 3,
      rule: count(),
      label: 'Newest tool uses kept',
      option: {
        name: 'keep-tool-uses',
        unit: 'tool uses',
        help: 'newest tool uses kept whole (clear-tool-uses default 3; claude-code microcompact 5)',
      },
    },
    clearAtLeast: {
      default: 0,
      rule: count(),
      label: 'Clear only if at least (tokens)',
      hint: '0: no minimum',
      option: {
        name: 'clear-at-least',
        help: 'clear-tool-uses clears only if at least this many tokens go (default 0)',
      },
    },
    excludeTools: {
      default: [],
      rule: TOOLS,
      label: 'Tools never cleared',
      hint: 'comma-separated',
      option: {
        name: 'exclude-tools',
        help: 'tools never cleared, comma-separated (clear-tool-uses: none; opencode: skill)',
      },
    },
    clearInputs: {
      default: false,
      rule: FLAG,
      label: 'Clear the tool inputs too',
      option: {
        name: 'clear-inputs',
        help: 'clear-tool-uses also clears the arguments of the calls it clears',
      },
    },
    clearThinking: {
      default: false,
      rule: FLAG,
      label: 'Clear old thinking (clear_thinking_20251015)',
      option: { name: 'clear-thinking', help: "clear-tool-uses also keeps only the newest turn's reasoning" },
    },
    keepThinkingTurns: { default: 1, rule: count(), label: 'Newest turns whose thinking stays' },
  },
  summarizerCalls: 0,
  clearsOnly: true,
  triggerParam: 'trigger',
  trigger: (_window, p) => ({
    threshold: p.trigger,
    comparison: 'exceed',
    formula: `trigger ${n(p.trigger)}`,
  }),
  steps: () => ({ clears: true, cut: 'never' }),
  clear: clearToolUses,
  nothing: () => ({
    reason: 'clears-only',
    text: 'clear-tool-uses clears old tool output in place and never summarizes',
  }),
  nothingCleared(results, p) {
    const some = `${results} tool result${results === 1 ? '' : 's'}`;
    if (results > p.keepToolUses && p.clearAtLeast > 0) {
      return `clearing would free fewer than ${n(p.clearAtLeast)} tokens (--clear-at-least)`;
    }
    const excluded = p.excludeTools.length ? ' (the excluded tools never are)' : '';
    return `${some}, and clear-tool-uses keeps the newest ${p.keepToolUses} (--keep-tool-uses)${excluded}`;
  },
  config: {
    none: 'an API setting, not an agent’s: context_management is sent with each request, by the code that makes it',
  },
};
