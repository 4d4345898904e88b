/**
 * What survived the agent's compaction verbatim, computed on both sides: the
 * messages of the conversation at the summarization call that the agent's
 * next request still holds, and the ones its preset keeps when the product's
 * core runs it on that conversation with the lab's window and settings.
 */
import {
  analyze,
  createEstimator,
  shapeOf,
  type Estimator,
  type Message,
  type SettingsInput,
  type TextCounter,
} from '../../src/core';
import { carryUserMessages } from '../../src/core/harness/carry';
import { HARNESSES, isHarness, presetOf } from '../../src/core/harness/registry';
import { STRATEGIES, type Strategy } from '../../src/core/settings';
import { readConversation } from '../mock-llm/agentConversation';
import { AUTO_CONTINUE } from '../mock-llm/agentScript';
import type { LabWindow } from './agent';
import { conversationAt, isMockSummary, messageKey, summaryStarts } from './requestMessages';
import type { LabRequest } from './requests';

/** One side's kept part: positions in the conversation at the summarization call, and what they hold. */
export interface KeptSide {
  /** Indexes into that conversation, ascending; system messages are never counted. */
  indexes: number[];
  messages: number;
  userTexts: number;
  toolCalls: number;
  toolResults: number;
  /** Their tokens by the product's count (the preset's tokenizer). */
  tokens: number;
}

export interface PresetKept extends KeptSide {
  strategy: Strategy;
  /** Whether the preset's trigger fires on that conversation by the product's count (the cut is shown either way). */
  fires: boolean;
}

export interface KeptCheck {
  /** The summarization request's call; null when the agent sent none. */
  summaryCall: number | null;
  /** Messages of the conversation at that call, system messages included. */
  conversation: number;
  /** The first position both sides are compared from (`comparedFrom`). */
  comparedFrom: number;
  /** The last user text of the summarization request: the agent's prompt, as sent. */
  summaryPrompt: string | null;
  /** What the agent's first request after the summary kept verbatim; null when it sent none. */
  agent: KeptSide | null;
  /** What the preset keeps there; null for an agent without a preset. */
  preset: PresetKept | null;
  /** Both sides keep the same messages, by `rule`; null when either side is missing. */
  matches: boolean | null;
  rule: typeof KEPT_RULE;
}

export const KEPT_RULE =
  'the agent and the preset keep the same messages of the conversation at the summarization call, by position, from the first message after an earlier summary on (system messages aside)';

/** The acknowledgements presets know an agent to write after its summary (Gemini CLI's "Got it."). */
const ACKNOWLEDGEMENTS = new Set(
  HARNESSES.flatMap((id): string[] => {
    const said = presetOf(id).acknowledgement;
    return said ? [said] : [];
  }),
);

/** The agent's own words right after a summary: a carry-on prompt or an acknowledgement. */
const carriesOn = (m: Message) =>
  (m.role === 'user' && AUTO_CONTINUE.some((p) => p.test(m.content.trimStart()))) ||
  (m.role === 'assistant' && ACKNOWLEDGEMENTS.has(m.content.trim()));

/**
 * Where the comparison starts: after the newest earlier summary and the
 * words an agent adds by itself after one (OpenCode's "Continue if you have
 * next steps", Gemini CLI's "Got it."). What comes before is an earlier
 * compaction's output, which the agent writes anew with the same words (the
 * mock's summary never changes), so a match there says nothing about what it kept.
 */
export function comparedFrom(before: readonly Message[]): number {
  let from = before.findLastIndex(isMockSummary) + 1;
  while (from > 0 && from < before.length && carriesOn(before[from])) from++;
  return from;
}

/** The strategy the lab runs for an agent: its preset, or the cut rule named after it (pi); null when there is none. */
export function strategyFor(agentId: string): Strategy | null {
  return (STRATEGIES as readonly string[]).includes(agentId) ? (agentId as Strategy) : null;
}

/** The playground's settings for the agent's strategy under the lab's window, with what the messages do not show. */
export function labSettings(strategy: Strategy, lab: LabWindow, unseenTokens: number): SettingsInput {
  return {
    strategy,
    maxContextTokens: lab.window,
    tokenizer: lab.settings?.tokenizer ?? 'o200k_base',
    ...(lab.settings?.reserveTokens !== undefined && { reserveTokens: lab.settings.reserveTokens }),
    ...(lab.settings?.keepRecentTokens !== undefined && { keepRecentTokens: lab.settings.keepRecentTokens }),
    ...(isHarness(strategy) && { harness: { [strategy]: lab.params } }),
    unseenTokens,
  };
}

function side(
  messages: readonly Message[],
  indexes: Iterable<number>,
  from: number,
  estimator: Estimator,
): KeptSide {
  const kept = [...new Set(indexes)]
    .filter((i) => i >= from && messages[i].role !== 'system')
    .sort((a, b) => a - b);
  const of = kept.map((i) => messages[i]);
  return {
    indexes: kept,
    messages: kept.length,
    userTexts: of.filter((m) => m.role === 'user').length,
    toolCalls: of.reduce((sum, m) => sum + (m.toolCalls?.length ?? 0), 0),
    toolResults: of.filter((m) => m.role === 'tool').length,
    tokens: of.reduce((sum, m) => sum + estimator.countMessage(m), 0),
  };
}

/** The positions of `before` that `next` holds verbatim, each matched once, in order. */
function agentIndexes(before: readonly Message[], next: readonly Message[]): number[] {
  const free = new Map<string, number[]>();
  before.forEach((m, i) => {
    const key = messageKey(m);
    free.set(key, [...(free.get(key) ?? []), i]);
  });
  const found: number[] = [];
  for (const m of next) {
    const at = free.get(messageKey(m))?.shift();
    if (at !== undefined) found.push(at);
  }
  return found;
}

/**
 * The preset on the conversation: the messages from its cut on (all of them
 * after the last summary when it cuts nothing), plus those it puts back
 * whole (Codex's injected instructions and recent prompts).
 */
function presetSide(
  before: readonly Message[],
  strategy: Strategy,
  settings: SettingsInput,
  estimator: Estimator,
): PresetKept {
  const analysis = analyze(shapeOf(before, estimator), settings);
  const plan = analysis.current.plan;
  const from = plan.nothingToCompact ? plan.start : plan.firstKeptIdx;
  const indexes = before.map((_, i) => i).filter((i) => i >= from);
  const budget = isHarness(strategy)
    ? presetOf(strategy).carryBudget?.(
        analysis.settings.harness[strategy] as unknown as Record<string, unknown>,
      )
    : undefined;
  if (budget !== undefined && !plan.nothingToCompact)
    for (const m of carryUserMessages(before, budget, estimator)) {
      // The prompt that crosses the budget comes back shortened: not verbatim, so not kept.
      const at = before.indexOf(m);
      if (at >= 0) indexes.push(at);
    }
  return {
    strategy,
    fires: analysis.current.fires,
    ...side(before, indexes, comparedFrom(before), estimator),
  };
}

type PresetRun = { strategy: Strategy; lab: LabWindow; unseenTokens: number };

/**
 * The kept tail on both sides, at the summarization request `at` (an index
 * into `requests`; the first by default). `run` absent: the agent's side
 * only. `unseenTokens` is the tool definitions the agent sends, which the
 * messages do not hold and its trigger counts.
 */
export function checkKept(
  requests: readonly LabRequest[],
  count: TextCounter,
  run?: PresetRun,
  at = requests.findIndex((r) => r.summary),
): KeptCheck {
  const found = conversationAt(requests, at);
  if (!found)
    return {
      summaryCall: null,
      conversation: 0,
      comparedFrom: 0,
      summaryPrompt: null,
      agent: null,
      preset: null,
      matches: null,
      rule: KEPT_RULE,
    };
  const summary = requests[at];
  const settings = run ? labSettings(run.strategy, run.lab, run.unseenTokens) : undefined;
  const estimator = createEstimator(settings?.tokenizer ?? 'o200k_base', count);
  const from = comparedFrom(found.before);
  const agent = found.next
    ? side(found.before, agentIndexes(found.before, found.next), from, estimator)
    : null;
  const preset = run && settings ? presetSide(found.before, run.strategy, settings, estimator) : null;
  return {
    summaryCall: found.call,
    conversation: found.before.length,
    comparedFrom: from,
    summaryPrompt: readConversation(summary.family, summary.body).lastUserText || null,
    agent,
    preset,
    matches: agent && preset ? agent.indexes.join() === preset.indexes.join() : null,
    rule: KEPT_RULE,
  };
}

/** The same at every compaction of the run, in order. */
export function checkEveryKept(
  requests: readonly LabRequest[],
  count: TextCounter,
  run?: PresetRun,
): KeptCheck[] {
  return summaryStarts(requests).map((at) => checkKept(requests, count, run, at));
}
