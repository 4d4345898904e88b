/**
 * The OpenAI Responses API's server compaction: with `context_management`
 * `[{type: "compaction", compact_threshold}]`, once the rendered input
 * crosses the threshold the server writes one encrypted `compaction` item,
 * and everything before the newest such item may be dropped. The item is
 * opaque: no one can read it or know its size before the API reports it, so
 * it is counted at the playground's summary budget. From OpenAI's compaction
 * guide (docs/harnesses.md).
 */
import { formatCount } from '../numbers';
import { count, type Preset } from './preset';

export interface OpenAICompactionParams {
  /** Rendered input tokens past which the server compacts (`compact_threshold`). */
  compactThreshold: number;
}

export const openaiCompactionPreset: Preset<'openai-compaction', OpenAICompactionParams> = {
  id: 'openai-compaction',
  agent: 'OpenAI Responses API',
  summary: 'the OpenAI Responses API replaces the conversation with an encrypted item',
  source: "From OpenAI's compaction guide (context_management, compact_threshold).",
  doc: {
    trigger: 'input > 200,000 tokens (`compact_threshold`; the guide’s example, no default is documented)',
    plan: 'one encrypted compaction item replaces everything before it; its size cannot be read and is counted at the summary budget',
    sources: "V: OpenAI's compaction guide (`context_management`, `compact_threshold`)",
  },
  params: {
    compactThreshold: {
      default: 200_000,
      rule: count(1),
      label: 'Compact threshold (input tokens)',
      hint: 'compact_threshold',
      option: {
        name: 'compact-threshold',
        help: 'openai-compaction compacts once the input crosses this (default 200000)',
      },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  trigger: (_window, p) => ({
    threshold: p.compactThreshold,
    comparison: 'exceed',
    formula: `compact_threshold ${formatCount(p.compactThreshold)}`,
  }),
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view) => ({ firstKeptIdx: view.roles.length, carriedTokens: 0 }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'openai-compaction compacts only once the input crosses compact_threshold',
  }),
  config: {
    none: 'an API setting, not an agent’s: compact_threshold is sent with each request, by the code that makes it',
  },
};
