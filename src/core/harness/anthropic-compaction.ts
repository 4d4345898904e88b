/**
 * The Anthropic Messages API's server compaction, `compact_20260112`: once
 * the input exceeds its trigger, the model writes a compaction block and the
 * API drops every block before it on later requests. With
 * `pause_after_compaction` the response stops after the block, and the
 * client may put the newest messages back after it before going on. From
 * Anthropic's compaction documentation (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { FLAG, count, type CutView, type Preset } from './preset';

export interface AnthropicCompactionParams {
  /** Input tokens above which the API compacts (`trigger.value`); at least 50,000. */
  trigger: number;
  /** The response stops after the compaction block (`stop_reason: "compaction"`). */
  pauseAfterCompaction: boolean;
  /** Messages the client puts back after the block while paused; 0 puts none back. */
  keepMessages: number;
}

/** The smallest trigger the API accepts. */
export const ANTHROPIC_COMPACTION_MIN_TRIGGER = 50_000;

/**
 * Where the compaction block starts what the next request sends: everything
 * is replaced, unless the response paused and the client put the newest
 * `keepMessages` back. Those never begin with a tool result whose call the
 * block replaced: the kept part moves back to that call. Keeping everything
 * after `start` keeps nothing apart, so everything is summarized.
 */
export function anthropicCompactionCut(view: CutView, start: number, p: AnthropicCompactionParams): number {
  const n = view.roles.length;
  if (!p.pauseAfterCompaction || p.keepMessages <= 0) return n;
  let k = n - p.keepMessages;
  while (k > start && view.roles[k] === 'tool') k--;
  return k <= start ? n : k;
}

export const anthropicCompactionPreset: Preset<'anthropic-compaction', AnthropicCompactionParams> = {
  id: 'anthropic-compaction',
  agent: 'Anthropic API',
  summary: 'the Anthropic API replaces the conversation with a compaction block',
  source: "From Anthropic's compaction documentation (compact_20260112).",
  doc: {
    trigger: 'input > 150,000 tokens (at least 50,000)',
    plan: 'a compaction block replaces everything before it; paused (`pause_after_compaction`), the client may put the newest messages back after it',
    sources: "V: Anthropic's compaction documentation (`compact_20260112`, beta `compact-2026-01-12`)",
  },
  params: {
    trigger: {
      default: 150_000,
      rule: count(ANTHROPIC_COMPACTION_MIN_TRIGGER),
      label: 'Trigger (input tokens)',
      hint: 'at least 50,000',
      option: { name: 'trigger' },
    },
    pauseAfterCompaction: {
      default: false,
      rule: FLAG,
      label: 'Pause after compaction',
      option: {
        name: 'pause-after-compaction',
        help: 'anthropic-compaction stops after the compaction block so the client can put messages back',
      },
    },
    keepMessages: {
      default: 0,
      rule: count(),
      label: 'Messages put back after the block',
      hint: 'only while paused',
      option: {
        name: 'keep-messages',
        unit: 'messages',
        help: 'anthropic-compaction: newest messages put back after a paused compaction (default 0)',
      },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  trigger: (_window, p) => ({
    threshold: p.trigger,
    comparison: 'exceed',
    formula: `trigger ${formatCount(p.trigger)}`,
  }),
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start, p) => ({ firstKeptIdx: anthropicCompactionCut(view, start, p), carriedTokens: 0 }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'anthropic-compaction compacts only once the input exceeds its trigger',
  }),
  config: {
    none: 'an API setting, not an agent’s: context_management is sent with each request, by the code that makes it',
  },
};
