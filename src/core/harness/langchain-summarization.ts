/**
 * LangChain's `SummarizationMiddleware` (langchain v1, Python and
 * JavaScript): before each model call it summarizes all but the newest
 * messages once a trigger is reached (it has none until one is set), keeping
 * a tool call with its results. From its source, langchain-ai/langchainjs
 * `libs/langchain/src/agents/middleware/summarization.ts`, and the Python
 * reference (docs/harnesses.md).
 */
import { minOf } from '../arrays';
import { formatCount } from '../numbers';
import { count, sumOf, type CutView, type Preset, type Trigger, type PresetConfig } from './preset';
import { NO_WINDOW_NOTE } from './configText';

const n = formatCount;

export interface LangChainSummarizationParams {
  /** `trigger=("tokens", N)` (formerly `max_tokens_before_summary`); 0 when unset. */
  triggerTokens: number;
  /** `trigger=("fraction", F)` as a percent of the model's input limit; 0 when unset. */
  triggerPercent: number;
  /** `keep=("messages", N)` (formerly `messages_to_keep`): the newest messages kept. */
  keepMessages: number;
  /** `keep=("tokens", N)`: the newest messages within N tokens are kept instead; 0 when unset. */
  keepTokens: number;
}

/** The middleware's default keep: the newest 20 messages (`_DEFAULT_MESSAGES_TO_KEEP`). */
export const LANGCHAIN_MESSAGES_TO_KEEP = 20;

/** Each set trigger is its own condition, as in a list of them: the lowest fires first. */
function langchainThreshold(window: number, p: LangChainSummarizationParams): number {
  const points: number[] = [];
  if (p.triggerTokens > 0) points.push(p.triggerTokens);
  if (p.triggerPercent > 0 && window > 0) points.push(Math.floor((window * p.triggerPercent) / 100 + 1e-6));
  return minOf(points) ?? 0;
}

/** How far either side of a cut LangChain looks for a call split from its results (`SEARCH_RANGE_FOR_TOOL_PAIRS`). */
const PAIR_SEARCH_RANGE = 5;

/**
 * Where a kept part may not begin: on a tool result, whose call would be
 * summarized away. LangChain moves back to the newest message holding a call
 * answered at the cut. When no result there answers a call in the history
 * (their calls are gone already), it takes the newest cut at or before this
 * one that splits no call of the nearby messages from its results: usually
 * this very one, so those results are kept.
 */
function withItsCall(view: CutView, start: number, cut: number): number {
  if (cut >= view.roles.length || view.roles[cut] !== 'tool') return cut;
  let after = cut;
  while (after < view.roles.length && view.roles[after] === 'tool') after++;
  const owners = view.tools?.owner;
  if (owners) {
    let owner = -1;
    for (let j = cut; j < after; j++) owner = Math.max(owner, owners[j]);
    if (owner >= start) return owner;
    if (owner >= 0) return start;
    return safeCutAtOrBefore(view, owners, start, cut);
  }
  for (let i = cut - 1; i >= start; i--)
    if (view.roles[i] === 'assistant' && (view.calls?.[i] ?? 0) > 0) return i;
  return after;
}

/**
 * LangChain's fallback (`isSafeCutoffPoint`, tried from the cut back): a cut
 * is safe unless it begins the kept part with a reply that calls tools, or a
 * message calling tools within five before it has a result at or after it.
 * None safe: nothing is summarized.
 */
function safeCutAtOrBefore(view: CutView, owners: ArrayLike<number>, start: number, cut: number): number {
  const calls = view.calls ?? view.tools?.calls;
  const lastResult = new Map<number, number>();
  for (let j = 0; j < owners.length; j++) if (owners[j] >= 0) lastResult.set(owners[j], j);
  const callsAt = (i: number): number => calls?.[i] ?? 0;
  for (let i = cut; i > start; i--) {
    if (view.roles[i] === 'assistant' && callsAt(i) > 0) continue;
    let split = false;
    for (let a = Math.max(0, i - PAIR_SEARCH_RANGE); a < i && !split; a++)
      split = callsAt(a) > 0 && (lastResult.get(a) ?? -1) >= i;
    if (!split) return i;
  }
  return start;
}

/**
 * The middleware's cut. By messages: the newest `keepMessages` stay, fewer
 * than that and nothing is summarized. By tokens: the earliest message from
 * which the rest fits `keepTokens` (a ceiling), the newest message alone if
 * none does, nothing when everything fits. Either way a kept part that would
 * begin with a tool result moves back to its call. A cut at `start` compacts
 * nothing.
 */
export function langchainCut(view: CutView, start: number, p: LangChainSummarizationParams): number {
  const n = view.roles.length;
  const messages = n - start;
  if (p.keepTokens > 0) {
    if (messages <= 0 || sumOf(view.counts, start, n) <= p.keepTokens) return start;
    let first = n;
    let tail = 0;
    for (let i = n - 1; i >= start; i--) {
      tail += view.counts[i];
      if (tail > p.keepTokens) break;
      first = i;
    }
    if (first >= n) first = messages === 1 ? start : n - 1;
    return withItsCall(view, start, first);
  }
  if (messages <= p.keepMessages) return start;
  return withItsCall(view, start, n - p.keepMessages);
}

/** The middleware in Python: its own trigger and keep when it is the strategy, else the tuned numbers. */
const langchainConfig: PresetConfig<LangChainSummarizationParams> = {
  name: 'langchain',
  file: 'your agent (Python)',
  format: 'python',
  write(t, params, chosen) {
    const notes: string[] = [];
    const own = chosen ? params : null;
    let trigger: string[];
    let keep: string;
    if (own) {
      trigger = [
        ...(own.triggerTokens > 0 ? [`("tokens", ${own.triggerTokens})`] : []),
        ...(own.triggerPercent > 0 ? [`("fraction", ${own.triggerPercent / 100})`] : []),
      ];
      keep = own.keepTokens > 0 ? `("tokens", ${own.keepTokens})` : `("messages", ${own.keepMessages})`;
      if (trigger.length === 0) notes.push('no trigger is set: the middleware never summarizes until one is');
    } else {
      if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      trigger = [`("tokens", ${t.threshold})`];
      keep = `("tokens", ${t.keepRecent})`;
    }
    notes.push(
      'LangChain counts only the messages in its state, about 4 characters a token: the system prompt and the tool definitions are not in that count',
    );
    if (t.maxSummary > 0)
      notes.push(`the summary cap (${n(t.maxSummary)}) has no option: set max_tokens on the summary model`);
    const text = [
      'from langchain.agents.middleware import SummarizationMiddleware',
      '',
      'summarization = SummarizationMiddleware(',
      '    model=summary_model,',
      ...(trigger.length === 1 ? [`    trigger=${trigger[0]},`] : []),
      ...(trigger.length > 1 ? [`    trigger=[${trigger.join(', ')}],`] : []),
      `    keep=${keep},`,
      ')',
      '',
    ].join('\n');
    return { text, notes };
  },
};

export const langchainSummarizationPreset: Preset<'langchain-summarization', LangChainSummarizationParams> = {
  id: 'langchain-summarization',
  agent: 'LangChain',
  summary: "LangChain's SummarizationMiddleware keeps the newest 20 messages, once you set a trigger",
  source: "From LangChain's source (agents/middleware/summarization, langchain v1).",
  doc: {
    trigger: 'none until set: tokens ≥ `trigger=("tokens", N)` or ⌊window × `("fraction", F)`⌋',
    plan: 'summarize all but the newest 20 messages (`keep`; or the newest within `("tokens", N)`), a tool call kept with its results; the summary is a human message',
    sources:
      'V: langchain-ai/langchainjs `libs/langchain/src/agents/middleware/summarization.ts` (20a9abe, langchain 1.5.5); reference.langchain.com, Python `SummarizationMiddleware`',
  },
  params: {
    triggerTokens: {
      default: 0,
      rule: count(),
      label: 'Summarize at (tokens)',
      hint: 'trigger=("tokens", N); 0: unset',
      option: {
        name: 'trigger-tokens',
        help: 'langchain-summarization summarizes once the messages reach this many tokens (default unset)',
      },
    },
    triggerPercent: {
      default: 0,
      rule: count(0, 100),
      label: 'Summarize at this percent of the window',
      hint: 'trigger=("fraction", percent / 100); 0: unset',
      option: {
        name: 'trigger-percent',
        unit: 'percent',
        help: 'langchain-summarization summarizes at this percent of the window (default unset)',
      },
    },
    keepMessages: {
      default: LANGCHAIN_MESSAGES_TO_KEEP,
      rule: count(),
      label: 'Newest messages kept',
      hint: 'keep=("messages", N)',
      option: {
        name: 'keep-last',
        unit: 'messages',
        help: 'langchain-summarization keeps this many of the newest messages (default 20)',
      },
    },
    keepTokens: {
      default: 0,
      rule: count(),
      label: 'Or keep the newest within (tokens)',
      hint: 'keep=("tokens", N); 0: keep by messages',
      option: {
        name: 'keep-tokens',
        help: 'langchain-summarization keeps the newest messages within this many tokens instead (default unset)',
      },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  trigger(window, p): Trigger {
    const threshold = langchainThreshold(window, p);
    if (threshold <= 0) return { threshold: 0, comparison: 'reach', formula: 'no trigger set' };
    const parts: string[] = [];
    if (p.triggerTokens > 0) parts.push(`${n(p.triggerTokens)} trigger tokens`);
    if (p.triggerPercent > 0 && window > 0) parts.push(`${n(window)} window × ${p.triggerPercent}%`);
    return {
      threshold,
      comparison: 'reach',
      formula: parts.length > 1 ? `min(${parts.join(', ')})` : parts[0],
    };
  },
  triggerParam: 'triggerTokens',
  steps: () => ({ clears: false, cut: 'always' }),
  cut: (view, start, p) => ({ firstKeptIdx: langchainCut(view, start, p), carriedTokens: 0 }),
  nothing: (after) => ({
    reason: 'no-split',
    text: `langchain-summarization keeps its newest messages (20 by default), which leaves nothing${after} to summarize`,
  }),
  config: langchainConfig,
};
