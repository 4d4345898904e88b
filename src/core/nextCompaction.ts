/**
 * How far a session is from its next compaction, under every strategy: the
 * tokens still to go before each trigger fires, and how many model calls
 * that is at the pace the session has been growing. What `watch`, the
 * status line and the page's "Follow this file" say as a session grows.
 */
import type { Analysis, TranscriptShape } from './analysis';
import type { Trigger } from './harness/preset';
import type { Strategy } from './settings';

/** Calls the recent pace is measured over: enough to smooth one large tool result, few enough to follow a change of pace. */
export const RECENT_CALLS = 5;

export interface NextCompaction {
  strategy: Strategy;
  threshold: number;
  /** Tokens to add before the trigger fires; 0 when it fires now; null when it never fires on its own. */
  tokensUntil: number | null;
  /** The same in model calls at the recent pace, rounded up; null when either is unknown. */
  callsUntil: number | null;
}

export interface LiveReport {
  messages: number;
  contextTokens: number;
  window: number;
  /** The context's share of the window, in percent with one decimal; null without a window. */
  percentOfWindow: number | null;
  strategy: Strategy;
  /** The chosen strategy's threshold. */
  threshold: number;
  /** Tokens the context grew by per call, over the last calls; null before two calls. */
  tokensPerCall: number | null;
  /** Every strategy, in the analysis's order. */
  next: NextCompaction[];
}

/**
 * The context a request holds, as the analysis measured it. The one place
 * where what a request sends beyond the file (its system prompt and tool
 * definitions, measured from recorded usage) joins the count.
 */
export function contextTokensOf(analysis: Analysis): number {
  return analysis.contextTokens;
}

/** Tokens to add to `tokens` before `trigger` fires: `reach` at the threshold, `exceed` one past it. */
export function tokensUntil(trigger: Trigger, tokens: number): number | null {
  switch (trigger.comparison) {
    case 'always':
      return 0;
    case 'reach':
      return trigger.threshold > 0 ? Math.max(0, trigger.threshold - tokens) : null;
    case 'exceed':
      return Math.max(0, trigger.threshold + 1 - tokens);
  }
}

/**
 * Tokens added per model call, on average over the last `calls` calls since
 * the newest summary. A call starts where a run of assistant messages starts
 * (an agent writes one reply as several messages: thinking, text, each tool
 * call); what the context gained from one call start to the next is what one
 * call costs. Before the newest summary the context was another one.
 */
export function recentTokensPerCall(shape: TranscriptShape, calls = RECENT_CALLS): number | null {
  const { roles, counts, isSummary } = shape;
  let from = 0;
  for (let i = roles.length - 1; i >= 0; i--)
    if (isSummary[i]) {
      from = i;
      break;
    }
  const starts: number[] = [];
  let before = 0;
  const prefix: number[] = [];
  for (let i = from; i < roles.length; i++) {
    if (roles[i] === 'assistant' && roles[i - 1] !== 'assistant') {
      starts.push(i);
      prefix.push(before);
    }
    before += counts[i]!;
  }
  if (starts.length < 2) return null;
  const first = Math.max(0, starts.length - 1 - calls);
  const last = starts.length - 1;
  const grown = prefix[last]! - prefix[first]!;
  return Math.max(1, Math.round(grown / (last - first)));
}

export function liveReport(shape: TranscriptShape, analysis: Analysis): LiveReport {
  const contextTokens = contextTokensOf(analysis);
  const window = analysis.settings.maxContextTokens;
  const tokensPerCall = recentTokensPerCall(shape);
  return {
    messages: shape.roles.length,
    contextTokens,
    window,
    percentOfWindow: window > 0 ? Math.round((contextTokens / window) * 1000) / 10 : null,
    strategy: analysis.settings.strategy,
    threshold: analysis.threshold,
    tokensPerCall,
    next: analysis.outcomes.map((o) => {
      const until = tokensUntil(o.trigger, contextTokens);
      return {
        strategy: o.strategy,
        threshold: o.trigger.threshold,
        tokensUntil: until,
        callsUntil: until === null || tokensPerCall === null ? null : Math.ceil(until / tokensPerCall),
      };
    }),
  };
}
