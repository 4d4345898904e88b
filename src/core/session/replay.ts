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
import { analyze, strategyTrigger, type StrategyOutcome } from '../analysis';
import type { Role } from '../message';
import type { ToolShape } from '../harness/toolShape';
import { triggers } from '../harness/trigger';
import { explainSettings, summaryBudget, type SettingsInput, type Strategy } from '../settings';
import type { SessionShape } from './calls';

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
  overflow: boolean;
}

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

const EMPTY_TOOLS = { name: null, bare: 0, argTokens: 0, reasoning: 0, calls: 0, masked: 0, chars: 0 };

/** The analysis' view of the replayed context. */
function contextShape(session: SessionShape, entries: readonly Entry[]) {
  const n = entries.length;
  const roles = new Array<Role>(n);
  const counts = new Array<number>(n);
  const isSummary = new Array<boolean>(n);
  for (let i = 0; i < n; i++) {
    roles[i] = entries[i]!.role;
    counts[i] = entries[i]!.tokens;
    isSummary[i] = entries[i]!.summary;
  }
  const source = session.tools;
  let tools: ToolShape | undefined;
  if (source) {
    const position = new Map<number, number>();
    entries.forEach((e, i) => e.index >= 0 && position.set(e.index, i));
    tools = {
      names: [],
      bare: [],
      owner: [],
      argTokens: [],
      reasoning: [],
      calls: [],
      masked: [],
      chars: [],
      placeholders: source.placeholders,
    };
    for (const e of entries) {
      const j = e.index;
      const from = j >= 0 ? null : EMPTY_TOOLS;
      tools.names.push(from ? from.name : source.names[j]!);
      tools.bare.push(from ? from.bare : source.bare[j]!);
      tools.owner.push(from ? -1 : (position.get(source.owner[j]!) ?? -1));
      tools.argTokens.push(from ? from.argTokens : source.argTokens[j]!);
      tools.reasoning.push(from ? from.reasoning : source.reasoning[j]!);
      tools.calls.push(from ? from.calls : source.calls[j]!);
      tools.masked.push(from ? from.masked : source.masked[j]!);
      tools.chars.push(from ? from.chars : source.chars[j]!);
    }
  }
  return { roles, counts, isSummary, listTail: session.listTail, tools };
}

function sumTokens(entries: readonly Entry[]): number {
  let total = 0;
  for (const e of entries) total += e.tokens;
  return total;
}

interface Cut {
  entries: Entry[];
  compaction: Omit<ReplayCompaction, 'beforeCall' | 'atMessage'>;
  summarizedAgain: number;
}

/**
 * The cut the analysis planned, applied to the replayed context: system
 * messages before the cut stay, then what the preset carries over, the
 * summary, and the kept tail. Null when it would not shrink the context
 * (the summary would be as long as what it replaces): no agent gains by it.
 */
function applyCut(
  entries: readonly Entry[],
  outcome: StrategyOutcome,
  context: number,
  listTail: number,
  budget: number,
  summarize: ReplayOptions['summarize'],
): Cut | null {
  const cut = outcome.plan.firstKeptIdx;
  const system = entries.slice(0, cut).filter((e) => e.role === 'system');
  const replaced = entries.slice(0, cut).filter((e) => e.role !== 'system' && !e.carried);
  const kept = entries.slice(cut);
  // What the preset carries over besides the summary (Codex: the user's recent prompts).
  const carried = Math.max(0, outcome.tokensAfter - budget - sumTokens(system) - sumTokens(kept) - listTail);
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
  if (after >= context) return null;
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
  const trigger = strategyTrigger(settings);
  const window = settings.maxContextTokens;
  const budget = summaryBudget(settings);
  const { calls, counts, roles, isSummary, recordedSummary, listTail } = session;
  let entries: Entry[] = [];
  let context = listTail;
  let next = 0;
  const curve = new Array<number>(calls.length);
  const compactions: ReplayCompaction[] = [];
  let clearings = 0;
  let summarizedAgain = 0;
  let overflowCalls = 0;
  let inputTotal = 0;
  let peak = 0;

  for (let k = 0; k < calls.length; k++) {
    const at = calls[k]!;
    for (; next < at; next++) {
      if (recordedSummary[next]) continue;
      entries.push({
        index: next,
        role: roles[next]!,
        tokens: counts[next]!,
        summary: isSummary[next]!,
        carried: false,
        text: null,
      });
      context += counts[next]!;
    }
    if (settings.enabled && triggers(trigger, context)) {
      const outcome = analyze(contextShape(session, entries), input).current;
      if (outcome.fires) {
        for (const c of outcome.cleared) entries[c.index]!.tokens = c.tokensAfter;
        const cleared = sumTokens(entries) + listTail;
        const cut = outcome.plan.nothingToCompact
          ? null
          : applyCut(entries, outcome, cleared, listTail, budget, options.summarize);
        if (cut) {
          entries = cut.entries;
          summarizedAgain += cut.summarizedAgain;
          compactions.push({ beforeCall: k, atMessage: at, ...cut.compaction, tokensBefore: context });
          context = cut.compaction.tokensAfter;
        } else {
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
    overflow: overflowCalls > 0,
  };
}
