/**
 * The agent loop replayed under other settings. Walk the calls in order;
 * before each one the context is what the agent would send (system prompt,
 * the latest summary, the kept and newer messages, with clearings applied).
 * When that context sets the strategy's trigger off, compact exactly as the
 * analysis the page shows says (the same function decides: threshold, cut,
 * clearing, what is carried over), then go on with the following messages.
 *
 * The analysis runs only where the trigger fires, on the context of that
 * moment, so a session without compactions is one pass over its messages.
 */
import { strategyOutcome, strategyTrigger, type StrategyOutcome } from '../analysis';
import type { Role } from '../message';
import { triggers, type ToolShape } from '../harness/preset';
import { presetOf } from '../harness/registry';
import {
  explainSettings,
  isCutStrategy,
  summaryBudget,
  type SettingsInput,
  type Strategy,
} from '../settings';
import type { SessionShape } from './calls';
import { describeNoCompaction, type ReplayNoCompaction } from './replayNoCompaction';

export { describeNoCompaction, type ReplayNoCompaction } from './replayNoCompaction';

/** What a replay hands a summarizer: the messages a compaction replaces. */
export interface ReplaySummaryRequest {
  /** Indices into the session's messages, in order (earlier summaries are in `previousSummary`). */
  messages: number[];
  /** The text of the newest summary being folded in, when the summarizer wrote one. */
  previousSummary: string | null;
  /** The summary's budget under the settings. */
  maxTokens: number;
}

export interface ReplaySummary {
  text: string;
  tokens: number;
}

export interface ReplayOptions {
  /**
   * Tokens every call sends besides the messages (a system prompt and tools
   * the file does not record: the analysis' `unseenTokens`, measured or
   * typed): they stay through every compaction, like a system prompt.
   */
  baseTokens?: number;
  /** Writes each summary; without it a summary takes its whole budget, the most it can be. */
  summarize?: (request: ReplaySummaryRequest) => ReplaySummary;
}

export interface ReplayCompaction {
  /** The call it happened before (an index into the session's calls). */
  beforeCall: number;
  /** Where in the session's messages the summary goes: just before that call's reply. */
  atMessage: number;
  tokensBefore: number;
  tokensAfter: number;
  summaryTokens: number;
  /** Calls to the summarizer it took: two for Gemini CLI, which checks its snapshot in a second pass. */
  summarizerCalls: number;
}

export interface ReplayResult {
  strategy: Strategy;
  /** The strategy's threshold under the settings; 0 when it never fires on its own (masking: at every call). */
  threshold: number;
  window: number;
  compactions: ReplayCompaction[];
  /** Calls before which something was cleared in place without a cut. */
  clearings: number;
  /** Context tokens sent with each call, after any compaction before it. */
  curve: number[];
  peakContextTokens: number;
  /** The sum of `curve`: every call re-sends its whole context, so this is what the session costs in input. */
  inputTokensTotal: number;
  /** Tokens of earlier summaries (and carried prompts) that a later compaction summarized again. */
  summarizedAgainTokens: number;
  /** Calls whose context is over the window even after compaction. */
  overflowCalls: number;
  /** Calls to the summarizer over the session, besides the agent's own calls. */
  summarizerCalls: number;
  overflow: boolean;
  /**
   * Why no compaction happened although the context reached the threshold
   * (or compaction is off); null when it compacted, or never reached it.
   */
  noCompaction: ReplayNoCompaction | null;
}

/**
 * After an ask that cut nothing (a clearing, or nothing to compact), the
 * strategy is asked again once the context has grown by 5% (and at least
 * 1,000 tokens). Clearing presets fire at every call, and each ask re-plans
 * the whole context: asking at every call makes a long session quadratic.
 * The price: a clearing can land up to that much growth late.
 */
const REPLAN_GROWTH = 0.05;
const REPLAN_MIN_GROWTH = 1_000;

/** One item of the replayed context: a message of the session, or something a compaction wrote. */
interface Entry {
  /** Index into the session's messages, or −1 for what a compaction wrote. */
  index: number;
  role: Role;
  tokens: number;
  summary: boolean;
  /** A carried-over prompt block (Codex): rebuilt at every compaction, never summarized. */
  carried: boolean;
  text: string | null;
}

/**
 * The analysis' view of the replayed context, kept beside it and grown a
 * message at a time: the replay asks the strategy hundreds of times over a
 * long session, and rebuilding the view for each ask would cost as much as
 * the ask itself.
 */
class ContextView {
  roles: Role[] = [];
  counts: number[] = [];
  isSummary: boolean[] = [];
  tools: ToolShape | undefined;
  /** Where each session message sits in the context, for the tool results' owners. */
  private position = new Map<number, number>();

  constructor(private readonly session: SessionShape) {
    this.tools = session.tools ? this.emptyTools(session.tools) : undefined;
  }

  private emptyTools(source: ToolShape): ToolShape {
    return {
      names: [],
      bare: [],
      owner: [],
      argTokens: [],
      reasoning: [],
      calls: [],
      masked: [],
      chars: [],
      injected: source.injected ? [] : undefined,
      placeholders: source.placeholders,
    };
  }

  push(e: Entry): void {
    const at = this.roles.length;
    this.roles.push(e.role);
    this.counts.push(e.tokens);
    this.isSummary.push(e.summary);
    const source = this.session.tools;
    const tools = this.tools;
    if (!source || !tools) return;
    const j = e.index;
    tools.injected?.push(j < 0 ? null : (source.injected?.[j] ?? null));
    if (j < 0) {
      tools.names.push(null);
      tools.owner.push(-1);
      for (const key of ['bare', 'argTokens', 'reasoning', 'calls', 'masked', 'chars'] as const)
        tools[key].push(0);
      return;
    }
    this.position.set(j, at);
    tools.names.push(source.names[j]!);
    tools.owner.push(this.position.get(source.owner[j]!) ?? -1);
    for (const key of ['bare', 'argTokens', 'reasoning', 'calls', 'masked', 'chars'] as const)
      tools[key].push(source[key][j]!);
  }

  /** After a cut: the view of the new context, from scratch. */
  reset(entries: readonly Entry[]): void {
    this.roles = [];
    this.counts = [];
    this.isSummary = [];
    this.position = new Map();
    this.tools = this.session.tools ? this.emptyTools(this.session.tools) : undefined;
    for (const e of entries) this.push(e);
  }

  shape() {
    const { roles, counts, isSummary, tools } = this;
    return { roles, counts, isSummary, listTail: this.session.listTail, tools };
  }
}

function sumTokens(entries: readonly Entry[]): number {
  let total = 0;
  for (const e of entries) total += e.tokens;
  return total;
}

/** A planned cut that would not shorten the context: what it would replace, and by how long a summary. */
interface NoShrink {
  replacedTokens: number;
  summaryTokens: number;
}

interface Cut {
  entries: Entry[];
  compaction: Omit<ReplayCompaction, 'beforeCall' | 'atMessage' | 'summarizerCalls'>;
  summarizedAgain: number;
}

/**
 * The cut the analysis planned, applied to the replayed context: system
 * messages before the cut stay, then what the preset carries over, the
 * summary, and the kept tail. When it would not shrink the context (the
 * summary would be as long as what it replaces) no agent gains by it: what
 * it would have replaced, and the summary's size, instead.
 */
function applyCut(
  entries: readonly Entry[],
  outcome: StrategyOutcome,
  context: number,
  listTail: number,
  budget: number,
  summarize: ReplayOptions['summarize'],
): Cut | NoShrink {
  const cut = outcome.plan.firstKeptIdx;
  const system = entries.slice(0, cut).filter((e) => e.role === 'system');
  const replaced = entries.slice(0, cut).filter((e) => e.role !== 'system' && !e.carried);
  const kept = entries.slice(cut);
  // What the preset carries over besides the summary (Codex: the user's recent prompts).
  const carried = outcome.carriedTokens;
  // A summary takes its budget, but is never longer than what it replaces.
  const replacedTokens = sumTokens(replaced);
  let summary: ReplaySummary = { text: '', tokens: Math.min(budget, replacedTokens) };
  if (summarize) {
    const previous = replaced.findLast((e) => e.summary && e.text !== null);
    summary = summarize({
      messages: replaced.filter((e) => e.index >= 0 && !e.summary).map((e) => e.index),
      previousSummary: previous?.text ?? null,
      maxTokens: budget,
    });
  }
  const written: Entry[] = [];
  if (carried > 0)
    written.push({ index: -1, role: 'user', tokens: carried, summary: false, carried: true, text: null });
  written.push({
    index: -1,
    role: 'user',
    tokens: summary.tokens,
    summary: true,
    carried: false,
    text: summarize ? summary.text : null,
  });
  const next = system.concat(written, kept);
  const after = sumTokens(next) + listTail;
  if (after >= context) return { replacedTokens, summaryTokens: summary.tokens };
  let again = 0;
  for (const e of replaced) if (e.summary || e.index < 0) again += e.tokens;
  return {
    entries: next,
    compaction: { tokensBefore: context, tokensAfter: after, summaryTokens: summary.tokens },
    summarizedAgain: again,
  };
}

/** The session replayed under `input` (normalized here, as the analysis does). */
export function replay(
  session: SessionShape,
  input: SettingsInput,
  options: ReplayOptions = {},
): ReplayResult {
  const { settings } = explainSettings(input);
  // The unseen part is in the context already, as its first entry: the analysis must not add it again.
  const asked: SettingsInput = { ...input, unseenTokens: 0 };
  const trigger = strategyTrigger(settings);
  const window = settings.maxContextTokens;
  const budget = summaryBudget(settings);
  const strategy = settings.strategy;
  const summarizerCalls = isCutStrategy(strategy) ? 1 : presetOf(strategy).summarizerCalls;
  const { calls, counts, roles, isSummary, recordedSummary, listTail } = session;
  let entries: Entry[] = [];
  const view = new ContextView(session);
  let context = listTail;
  const base = Math.max(0, Math.round(options.baseTokens ?? 0));
  if (base > 0) {
    const entry: Entry = {
      index: -1,
      role: 'system',
      tokens: base,
      summary: false,
      carried: false,
      text: null,
    };
    entries.push(entry);
    view.push(entry);
    context += base;
  }
  let next = 0;
  const curve = new Array<number>(calls.length);
  const compactions: ReplayCompaction[] = [];
  let clearings = 0;
  let summarizedAgain = 0;
  let overflowCalls = 0;
  let inputTotal = 0;
  let peak = 0;
  /** The context size at which the strategy is asked again after an ask that cut nothing. */
  let replanAt = 0;
  // Why nothing was compacted, should nothing be: what each ask that cut nothing ran into.
  let asks = 0;
  let fired = 0;
  let noShrink: NoShrink | null = null;

  for (let k = 0; k < calls.length; k++) {
    const at = calls[k]!;
    for (; next < at; next++) {
      if (recordedSummary[next]) continue;
      const entry: Entry = {
        index: next,
        role: roles[next]!,
        tokens: counts[next]!,
        summary: isSummary[next]!,
        carried: false,
        text: null,
      };
      entries.push(entry);
      view.push(entry);
      context += counts[next]!;
    }
    const reached = settings.enabled && triggers(trigger, context);
    if (reached) asks++;
    if (reached && context >= replanAt) {
      const outcome = strategyOutcome(view.shape(), asked);
      replanAt = context + Math.max(REPLAN_MIN_GROWTH, Math.floor(context * REPLAN_GROWTH));
      if (outcome.fires) {
        fired++;
        for (const c of outcome.cleared) {
          entries[c.index]!.tokens = c.tokensAfter;
          view.counts[c.index] = c.tokensAfter;
        }
        const cleared = sumTokens(entries) + listTail;
        const cut = outcome.plan.nothingToCompact
          ? null
          : applyCut(entries, outcome, cleared, listTail, budget, options.summarize);
        if (cut && 'entries' in cut) {
          entries = cut.entries;
          view.reset(entries);
          summarizedAgain += cut.summarizedAgain;
          compactions.push({
            beforeCall: k,
            atMessage: at,
            ...cut.compaction,
            tokensBefore: context,
            summarizerCalls,
          });
          context = cut.compaction.tokensAfter;
          replanAt = 0;
        } else {
          if (cut && (noShrink === null || cut.replacedTokens > noShrink.replacedTokens)) noShrink = cut;
          if (outcome.cleared.length) clearings++;
          context = cleared;
        }
      }
    }
    curve[k] = context;
    inputTotal += context;
    if (context > peak) peak = context;
    if (window > 0 && context > window) overflowCalls++;
  }

  let noCompaction: ReplayNoCompaction | null = null;
  if (compactions.length === 0) {
    const peakReached = trigger.threshold > 0 && triggers(trigger, peak);
    const reason: ReplayNoCompaction['reason'] | null = !settings.enabled
      ? peakReached
        ? 'off'
        : null
      : asks === 0
        ? null
        : noShrink
          ? 'summary-not-shorter'
          : fired === 0
            ? 'declined'
            : clearings > 0
              ? 'clears-only'
              : 'nothing-to-compact';
    if (reason) {
      const replaced = noShrink?.replacedTokens ?? 0;
      const summary = noShrink?.summaryTokens ?? 0;
      const everyCall = trigger.comparison === 'always';
      noCompaction = {
        reason,
        asks,
        replacedTokens: replaced,
        summaryTokens: summary,
        everyCall,
        text: describeNoCompaction(reason, asks, replaced, summary, everyCall),
      };
    }
  }

  return {
    strategy: settings.strategy,
    threshold: trigger.threshold,
    window,
    compactions,
    clearings,
    curve,
    peakContextTokens: peak,
    inputTokensTotal: inputTotal,
    summarizedAgainTokens: summarizedAgain,
    overflowCalls,
    summarizerCalls: compactions.length * summarizerCalls,
    overflow: overflowCalls > 0,
    noCompaction,
  };
}
