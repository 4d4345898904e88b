/**
 * One compaction end to end: prepare, summarize the history and (for a split
 * turn) the turn prefix, fall back to a raw archive when the summarizer
 * fails, apply, and report what happened.
 */
import { apply } from './apply';
import { fallbackSummary } from './fallbackSummary';
import { NothingToCompactError } from './errors';
import type { Estimator } from './estimate';
import { listTokens } from './frozenMemo';
import { clearInPlace } from './applyClearings';
import { carryUserMessages } from './harness/carry';
import { presetOf } from './harness/registry';
import type { Clearing } from './harness/preset';
import type { Message } from './message';
import { prepare, type Preparation, type Range } from './prepare';
import {
  NO_PRIOR_HISTORY,
  SPLIT_TURN_SEPARATOR,
  buildSummarizationPrompt,
  resolvePrompts,
  type PromptOverrides,
} from './prompts';
import {
  isCutStrategy,
  normalizeSettings,
  summaryBudget,
  turnPrefixBudget,
  type Settings,
  type SettingsInput,
} from './settings';
import { summarizeWithRetry, type CompactionEvent, type SummaryOutcome } from './summarize';
import type { SummaryPart, Summarizer, Usage } from './summarizer';

/** What asked for the compaction. It changes nothing in the algorithm, only the record. */
export type Reason = 'threshold' | 'overflow' | 'manual';

/**
 * A summary that ends exactly on a stored turn: saved onto that turn, it lets
 * the next load start from the summary instead of summarizing the same history again.
 */
export interface Checkpoint {
  turnId: string;
  summary: string;
  /** The summary is a raw archive; still a checkpoint, refined by the next compaction. */
  degraded: boolean;
}

export interface Result {
  messages: Message[];
  /** The full text inside the summary envelope: history, turn prefix and file lists. */
  summary: string;
  reason: Reason;
  tokensBefore: number;
  tokensAfter: number;
  messagesBefore: number;
  messagesAfter: number;
  /** At least one part came from the raw archive because the summarizer failed. */
  degraded: boolean;
  splitTurn: boolean;
  /** Messages left out of the summarization requests because they did not fit. */
  omitted: number;
  checkpoint: Checkpoint | null;
  /** Provider usage summed over the calls made, when reported. */
  usage?: Usage;
  model?: string;
  responseId?: string;
  /** Why each degraded part fell back, in order. */
  failures: string[];
  /** Messages a preset cleared in place first, by their index in the messages given. */
  cleared: Clearing[];
  /**
   * For each message of `messages`, its index in the messages given (cleared
   * or not); null for what compaction wrote (the summary, carried prompts).
   */
  origins: (number | null)[];
  /**
   * The ranges of the messages given that the summary stands for: the
   * history and the turn prefix of a split turn (before any fitting), so the
   * facts that had to survive can be drawn from them. Empty when nothing was
   * summarized.
   */
  summarized: Range[];
}

/** Where each message of `out` came from in `working` (the messages given, some cleared in place). */
function originsOf(working: readonly Message[], out: readonly Message[]): (number | null)[] {
  const indexOf = new Map(working.map((m, i) => [m, i]));
  return out.map((m) => indexOf.get(m) ?? null);
}

export interface CompactOptions {
  reason?: Reason;
  /** The user's extra focus for the summary, added to both requests. */
  instructions?: string;
  /** The user's own system prompt and instructions, replacing the defaults they set. */
  prompts?: PromptOverrides;
  signal?: AbortSignal;
  onEvent?: (event: CompactionEvent) => void;
}

export interface Compactor {
  readonly settings: Settings;
  compact(messages: readonly Message[], options?: CompactOptions): Promise<Result>;
}

function addUsage(total: Usage | undefined, next: Usage | undefined): Usage | undefined {
  if (!next) return total;
  if (!total) return { ...next };
  return {
    promptTokens: total.promptTokens + next.promptTokens,
    completionTokens: total.completionTokens + next.completionTokens,
  };
}

function joinNonEmpty(...parts: string[]): string {
  return parts.filter((p) => p.trim()).join('\n\n');
}

interface PartSummary {
  text: string;
  degraded: boolean;
  outcome?: SummaryOutcome;
  failure?: string;
}

/**
 * Returns null when compaction cannot run (no summarizer, no estimator, no
 * window), so a caller can treat a missing compactor as "feature off".
 */
export function createCompactor(
  summarizer: Summarizer | null | undefined,
  estimator: Estimator | null | undefined,
  settings: SettingsInput,
): Compactor | null {
  const s = normalizeSettings(settings);
  if (!summarizer || !estimator || s.maxContextTokens <= 0) return null;

  const summarizePart = async (
    part: SummaryPart,
    prep: Preparation,
    messages: Message[],
    omitted: number,
    previousSummary: string,
    instructions: string,
    budget: number,
    options: CompactOptions,
  ): Promise<PartSummary> => {
    const result = await summarizeWithRetry(summarizer, {
      part,
      system: resolvePrompts(options.prompts).system,
      prompt: buildSummarizationPrompt(
        messages,
        omitted,
        previousSummary,
        instructions,
        options.instructions,
      ),
      maxTokens: budget,
      stallTimeoutMs: prep.settings.stallTimeoutMs,
      signal: options.signal,
      onEvent: options.onEvent,
    });
    if (result.ok) return { text: result.outcome.text, degraded: false, outcome: result.outcome };
    options.onEvent?.({ type: 'fallback', part, error: result.error });
    return { text: fallbackSummary(messages, budget, estimator), degraded: true, failure: result.error };
  };

  return {
    settings: s,
    async compact(messages, options = {}) {
      // A preset clears first, then summarizes exactly what its analysis shows; it may only clear.
      const clearing = clearInPlace(messages, s, estimator);
      const working: readonly Message[] = clearing?.messages ?? messages;
      const cleared = clearing?.plan.cleared ?? [];
      if (clearing?.outcome.plan.nothingToCompact && cleared.length > 0) {
        return {
          messages: clearing.messages,
          summary: '',
          reason: options.reason ?? 'manual',
          tokensBefore: listTokens(messages, estimator),
          tokensAfter: estimator.countMessages(working),
          messagesBefore: messages.length,
          messagesAfter: working.length,
          degraded: false,
          splitTurn: false,
          omitted: 0,
          checkpoint: null,
          failures: [],
          cleared,
          origins: working.map((_, i) => i),
          summarized: [],
        };
      }
      const prep = prepare(working, s, estimator, {
        instructions: options.instructions,
        prompts: options.prompts,
        plan: clearing?.outcome.plan,
      });
      if (!prep) throw new NothingToCompactError();
      const budget = summaryBudget(prep.settings);
      const prompts = resolvePrompts(options.prompts);

      // History: updated in place when a previous summary exists, never re-summarized as conversation.
      let history: PartSummary = { text: prep.previousSummary, degraded: false };
      if (prep.messagesToSummarize.length > 0) {
        history = await summarizePart(
          'history',
          prep,
          prep.messagesToSummarize,
          prep.omittedHistory,
          prep.previousSummary,
          prep.previousSummary ? prompts.update : prompts.initial,
          budget,
          options,
        );
        // A failed update must not lose the previous summary: the archive goes after it.
        if (history.degraded) history.text = joinNonEmpty(prep.previousSummary, history.text);
      }

      let summary = history.text;
      let prefix: PartSummary | null = null;
      if (prep.isSplitTurn && prep.turnPrefixMessages.length > 0) {
        prefix = await summarizePart(
          'turn-prefix',
          prep,
          prep.turnPrefixMessages,
          prep.omittedTurnPrefix,
          '',
          prompts.turnPrefix,
          turnPrefixBudget(prep.settings),
          options,
        );
        summary =
          (history.text.trim() ? history.text : NO_PRIOR_HISTORY) + SPLIT_TURN_SEPARATOR + prefix.text;
      }
      summary += prep.fileOps.format();

      const preset = isCutStrategy(s.strategy) ? undefined : presetOf(s.strategy);
      const carryBudget = preset?.carryBudget?.(s.harness[preset.id] as unknown as Record<string, unknown>);
      const carried = carryBudget === undefined ? [] : carryUserMessages(working, carryBudget, estimator);
      const answer: Message[] = preset?.acknowledgement
        ? [{ id: 'summary-answer', role: 'assistant', content: preset.acknowledgement }]
        : [];
      const compacted = apply(working, prep, summary, carried, answer);
      if (preset?.discardsGrowth) {
        const before = listTokens(messages, estimator);
        const after = estimator.countMessages(compacted);
        if (after > before) {
          throw new NothingToCompactError(
            `${preset.agent} discards a compaction that grows the context (${before} → ${after} tokens); the history stays as it was.`,
          );
        }
      }
      const outcomes = [history.outcome, prefix?.outcome].filter((o): o is SummaryOutcome => !!o);
      const checkpoint =
        prep.storedTurnId && prep.messagesToSummarize.length > 0
          ? {
              turnId: prep.storedTurnId,
              summary: history.text + prep.historyFileOps.format(),
              degraded: history.degraded,
            }
          : null;
      return {
        messages: compacted,
        summary,
        reason: options.reason ?? 'manual',
        tokensBefore: listTokens(messages, estimator),
        tokensAfter: estimator.countMessages(compacted),
        messagesBefore: messages.length,
        messagesAfter: compacted.length,
        degraded: history.degraded || (prefix?.degraded ?? false),
        splitTurn: prep.isSplitTurn,
        omitted: prep.omittedHistory + prep.omittedTurnPrefix,
        checkpoint,
        usage: outcomes.reduce<Usage | undefined>((total, o) => addUsage(total, o.usage), undefined),
        model: outcomes.find((o) => o.model)?.model,
        responseId: outcomes.find((o) => o.responseId)?.responseId,
        failures: [history.failure, prefix?.failure].filter((f): f is string => !!f),
        cleared,
        origins: originsOf(working, compacted),
        summarized: [prep.history, ...(prep.turnPrefix ? [prep.turnPrefix] : [])].filter(
          (r) => r.to > r.from,
        ),
      };
    },
  };
}
