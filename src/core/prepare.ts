/**
 * Everything a compaction needs that can be known before calling a model, so
 * the caller can decide not to call one.
 */
import { listTokens } from './frozenMemo';
import { cutAt, indexMessages, type CutIndex } from './cutPoint';
import { harnessCut, harnessTrigger, type HarnessId } from './harness/registry';
import type { Estimator } from './estimate';
import { collectFileOps, type FileOps } from './fileOps';
import type { Message, Role } from './message';
import { planKeepingFrom, type Boundary, type CompactionPlan } from './plan';
import { focusNote, longestInstructions, resolvePrompts, type PromptOverrides } from './prompts';
import { serializeConversation } from './serialize';
import {
  SUMMARIZER_PROMPT_SLACK,
  isCutStrategy,
  normalizeSettings,
  summarizerInputBudget,
  summaryBudget,
  turnPrefixBudget,
  type CutStrategy,
  type Settings,
  type SettingsInput,
} from './settings';
import { isSummaryMessage, unwrapSummary } from './summaryEnvelope';

export type { Boundary, CompactionPlan, Range } from './plan';

export interface Preparation extends CompactionPlan {
  /** The normalized settings the preparation was made with. */
  settings: Settings;
  previousSummary: string;
  /** The history range after fitting to the summarizer input budget. */
  messagesToSummarize: Message[];
  turnPrefixMessages: Message[];
  /** Oldest messages of each range left out because one request could not carry them. */
  omittedHistory: number;
  omittedTurnPrefix: number;
  /** List estimate of the whole input. */
  tokensBefore: number;
  /** Paths from the previous summary, the history and the turn prefix. */
  fileOps: FileOps;
  /** The same without the turn prefix, for the checkpoint. */
  historyFileOps: FileOps;
  /** The stored turn the history ends exactly on, or null. */
  storedTurnId: string | null;
}

/**
 * After the system messages that open the conversation, or after the newest
 * summary message and any system messages right after it. System messages are
 * kept in the result, never summarized, so a range that began with them would
 * ask for a summary of nothing.
 */
export function findBoundary(messages: readonly Message[]): Boundary {
  const boundary = boundaryFor(
    messages.map((m) => m.role),
    messages.map(isSummaryMessage),
  );
  return withAlreadyCompacted(boundary, alreadyCompacted(messages, boundary.summaryIdx));
}

/** Whether the summary at `summaryIdx` kept every message after it (see `Boundary.alreadyCompacted`). */
export function alreadyCompacted(messages: readonly Message[], summaryIdx: number): boolean {
  const kept = summaryIdx >= 0 ? messages[summaryIdx].keptAfter : undefined;
  return kept !== undefined && messages.length - summaryIdx - 1 <= kept;
}

function withAlreadyCompacted(boundary: Boundary, compacted: boolean | undefined): Boundary {
  return compacted ? { ...boundary, alreadyCompacted: true } : boundary;
}

/**
 * The same from roles and summary flags, for callers that hold no messages
 * (`alreadyCompacted` as `findBoundary` found it on the messages).
 */
export function boundaryFor(
  roles: readonly Role[],
  isSummary: readonly boolean[],
  compacted?: boolean,
): Boundary {
  const afterSystem = (i: number) => {
    while (roles[i] === 'system') i++;
    return i;
  };
  const first = afterSystem(0);
  for (let i = roles.length - 1; i >= first; i--) {
    if (isSummary[i]) return withAlreadyCompacted({ start: afterSystem(i + 1), summaryIdx: i }, compacted);
  }
  return { start: first, summaryIdx: -1 };
}

/** What a preset's cut reads besides the index: which messages are summaries, and which call tools. */
export interface PlanExtras {
  isSummary: readonly boolean[];
  calls?: ArrayLike<number>;
}

/**
 * The plan from an index and a boundary alone: what the playground
 * recomputes on every drag, without touching the messages. A cut rule's plan
 * is made here from its cut; a preset's keeps from where its own rule cuts.
 */
export function planFromIndex(
  index: CutIndex,
  settings: Settings,
  boundary: Boundary,
  extras?: PlanExtras,
): CompactionPlan {
  const strategy = settings.strategy;
  if (isCutStrategy(strategy)) return cutRulePlan(index, strategy, settings.keepRecentTokens, boundary);
  return planKeepingFrom(boundary, presetFirstKept(index, strategy, settings, boundary, extras));
}

function cutRulePlan(
  index: CutIndex,
  strategy: CutStrategy,
  keepRecentTokens: number,
  boundary: Boundary,
): CompactionPlan {
  const cut = cutAt(index, boundary.start, keepRecentTokens, strategy);
  const historyEnd = cut.isSplitTurn ? cut.turnStartIdx : cut.firstKeptIdx;
  const history = { from: boundary.start, to: Math.max(boundary.start, historyEnd) };
  const turnPrefix = cut.isSplitTurn ? { from: cut.turnStartIdx, to: cut.firstKeptIdx } : null;
  const nothingToCompact =
    (history.to <= history.from && (!turnPrefix || turnPrefix.to <= turnPrefix.from)) ||
    (strategy === 'pi' && boundary.alreadyCompacted === true);
  return { ...boundary, ...cut, history, turnPrefix, nothingToCompact };
}

/**
 * The first message a preset keeps when it compacts (any clearing it does
 * first is already in the counts); the start of the compactable part for the
 * presets that only clear, which have nothing to summarize.
 */
function presetFirstKept(
  index: CutIndex,
  strategy: HarnessId,
  settings: Settings,
  boundary: Boundary,
  extras?: PlanExtras,
): number {
  const counts = new Float64Array(index.length);
  for (let i = 0; i < index.length; i++) counts[i] = index.suffix[i] - index.suffix[i + 1];
  const isSummary = extras?.isSummary ?? index.roles.map((_, i) => i === boundary.summaryIdx);
  const usable = harnessTrigger(strategy, settings.maxContextTokens, settings.harness).threshold;
  const cut = harnessCut(
    strategy,
    { roles: index.roles, counts, isSummary, calls: extras?.calls, window: settings.maxContextTokens },
    boundary.start,
    settings.harness,
    usable,
  );
  return cut ? cut.firstKeptIdx : boundary.start;
}

/** The plan for an index built over the same messages. */
export function planWithIndex(
  messages: readonly Message[],
  index: CutIndex,
  settings: Settings,
  boundary: Boundary = findBoundary(messages),
): CompactionPlan {
  return planFromIndex(index, settings, boundary, {
    isSummary: messages.map(isSummaryMessage),
    calls: messages.map((m) => m.toolCalls?.length ?? 0),
  });
}

/**
 * The stored turn the history ends exactly on. A checkpoint is only useful if
 * it covers whole stored turns: a turn cut in the middle would be replayed
 * partly summarized and partly verbatim.
 */
export function storedTurnEndingAt(messages: readonly Message[], end: number): string | null {
  if (end <= 0 || end > messages.length) return null;
  const turnId = messages[end - 1].turnId;
  if (!turnId) return null;
  if (end < messages.length && messages[end].turnId === turnId) return null;
  return turnId;
}

/**
 * A message's count as the summarizer reads it, kept per estimator and
 * message: every strategy compared at a recorded compaction fits the same
 * messages, and a message never changes (a cleared one is a new object).
 */
const serializedCounts = new WeakMap<Estimator, WeakMap<Message, number>>();

function serializedTokens(message: Message, estimator: Estimator): number {
  let counts = serializedCounts.get(estimator);
  if (!counts) serializedCounts.set(estimator, (counts = new WeakMap()));
  let count = counts.get(message);
  if (count === undefined) {
    count = estimator.countString(serializeConversation([message]));
    counts.set(message, count);
  }
  return count;
}

/**
 * Leaves out the oldest messages once the transcript outgrows one request.
 * Without this, a history loaded up to the whole window overflows the
 * summarizer, degrades, and fails the same way on every following turn.
 */
export function fitSummarizerInput(
  messages: readonly Message[],
  budget: number,
  estimator: Estimator,
): { kept: Message[]; omitted: number } {
  if (budget <= 0) return { kept: [...messages], omitted: 0 };
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    used += serializedTokens(messages[i], estimator);
    if (used > budget && i < messages.length - 1) return { kept: messages.slice(i + 1), omitted: i + 1 };
  }
  return { kept: [...messages], omitted: 0 };
}

/** System prompt, the longest instructions (with the user's focus) and slack for tags. */
export function summarizerPromptTokens(
  estimator: Estimator,
  focus?: string,
  prompts?: PromptOverrides,
): number {
  const sent = resolvePrompts(prompts);
  return (
    estimator.countString(sent.system) +
    estimator.countString(longestInstructions(sent) + focusNote(focus)) +
    SUMMARIZER_PROMPT_SLACK
  );
}

/**
 * Picks the cut and collects the ranges around it. Returns null when
 * compaction cannot help: that null is what stops an agent from paying for a
 * summarization every round on a context it cannot shrink.
 */
export function prepare(
  messages: readonly Message[],
  settings: SettingsInput,
  estimator: Estimator,
  options: { instructions?: string; prompts?: PromptOverrides; index?: CutIndex; plan?: CompactionPlan } = {},
): Preparation | null {
  if (messages.length === 0) return null;
  const s = normalizeSettings(settings);
  // A plan made by the analysis of these same messages is used as it is, so what runs is what was shown.
  const plan =
    options.plan ?? planWithIndex(messages, options.index ?? indexMessages(messages, estimator), s);
  if (plan.start >= messages.length || plan.nothingToCompact) return null;

  const summary = plan.summaryIdx >= 0 ? messages[plan.summaryIdx] : undefined;
  const previousSummary = summary ? unwrapSummary(summary.content) : '';
  const history = messages.slice(plan.history.from, plan.history.to);
  const prefix = plan.turnPrefix ? messages.slice(plan.turnPrefix.from, plan.turnPrefix.to) : [];

  // Paths are collected before fitting, so messages left out still leave their files behind.
  // A compaction that recorded its files hands those on; otherwise they are read from its summary's tags.
  const historyFileOps = collectFileOps(summary?.files ?? previousSummary, history);
  const fileOps = historyFileOps.clone();
  for (const message of prefix) fileOps.addMessage(message);

  const promptTokens = summarizerPromptTokens(estimator, options.instructions, options.prompts);
  const historyFit = fitSummarizerInput(
    history,
    summarizerInputBudget(s, summaryBudget(s), promptTokens, estimator.countString(previousSummary)),
    estimator,
  );
  const prefixFit = fitSummarizerInput(
    prefix,
    summarizerInputBudget(s, turnPrefixBudget(s), promptTokens, 0),
    estimator,
  );

  return {
    ...plan,
    settings: s,
    previousSummary,
    messagesToSummarize: historyFit.kept,
    turnPrefixMessages: prefixFit.kept,
    omittedHistory: historyFit.omitted,
    omittedTurnPrefix: prefixFit.omitted,
    tokensBefore: listTokens(messages, estimator),
    fileOps,
    historyFileOps,
    storedTurnId: storedTurnEndingAt(messages, plan.history.to),
  };
}
