/**
 * What our strategies would have done at the moment of a recorded
 * compaction: each compacts the context the agent had just before it (the
 * same messages, the caller's settings) with the summarizer it is given,
 * the offline one in `audit` and the page, and the facts of what the agent
 * summarized are checked against the context each leaves. A fact one of them
 * kept verbatim counts as kept, as one its summary names does: the question
 * is what the next call could still read. The agent's own column is the
 * ledger's (`facts`), over the same facts.
 *
 * Fourteen strategies at each of a long session's compactions is most of
 * what `audit` costs, so what they share is done once: the compactors are
 * made once per session, the facts found once per compaction, what every
 * strategy starts from made once per compaction (the context is frozen:
 * `onFrozenList`), each distinct summarization request answered once
 * (presets that summarize the whole context send the same one), and the
 * facts judged over all the contexts left at once (`judgeContexts`).
 * Message counts come from the estimator's cache, filled when the session
 * was counted.
 */
import { createCompactor, type Compactor } from '../compactor';
import { NothingToCompactError } from '../errors';
import type { Estimator } from '../estimate';
import type { Message } from '../message';
import type { SessionHistory } from '../session/history';
import { STRATEGIES, type SettingsInput, type Strategy } from '../settings';
import type { SummaryChunk, Summarizer, SummaryRequest } from '../summarizer';
import { judgeContexts, type PieceIndexes } from './contextJudge';
import { compactionParts, type CompactionParts } from './ledger';
import type { FactLoss } from './survival';

export interface StrategyAtCompaction {
  strategy: Strategy;
  /** Our count of the context it leaves; null when it had nothing to compact there. */
  tokensAfter: number | null;
  /** Messages of the context before that it summarized (0 when it only cleared or did nothing). */
  summarizedMessages: number;
  /** Messages it kept verbatim. */
  keptMessages: number;
  /** The agent's facts (those of what the agent summarized) still named in the context it leaves. */
  facts: FactLoss;
}

/** Every strategy at any compaction of one session, sharing the work they have in common. */
export interface StrategyComparison {
  /** Every strategy at compaction `index`, in `STRATEGIES` order. */
  at(index: number): Promise<StrategyAtCompaction[]>;
}

export function compareStrategies(
  history: SessionHistory,
  settings: SettingsInput,
  summarizer: Summarizer,
  estimator: Estimator,
  found: CompactionParts = compactionParts(history),
): StrategyComparison {
  const answered = answerOnce(summarizer);
  const pieces: PieceIndexes = new WeakMap();
  const compactors = STRATEGIES.map((strategy) => {
    const compactor = createCompactor(answered, estimator, { ...settings, strategy });
    if (!compactor) throw new Error('no compactor: the settings have no window');
    return { strategy, compactor };
  });
  return {
    async at(index) {
      // Frozen, so what every strategy first makes of it is made once (see `onFrozenList`).
      const before = Object.freeze(found.parts(index).before.map((i) => history.messages[i]!));
      const ran: { row: Omit<StrategyAtCompaction, 'facts'>; left: readonly Message[] }[] = [];
      for (const { strategy, compactor } of compactors)
        ran.push(await strategyAt(strategy, compactor, before));
      const losses = judgeContexts(
        found.facts(index),
        ran.map((r) => r.left),
        pieces,
      );
      return ran.map(({ row }, k) => ({ ...row, facts: losses[k]! }));
    },
  };
}

/** What one strategy does to the context before a compaction, and the context it leaves. */
async function strategyAt(
  strategy: Strategy,
  compactor: Compactor,
  before: readonly Message[],
): Promise<{ row: Omit<StrategyAtCompaction, 'facts'>; left: readonly Message[] }> {
  try {
    const result = await compactor.compact(before, { reason: 'manual' });
    return {
      row: {
        strategy,
        tokensAfter: result.tokensAfter,
        summarizedMessages: result.summarized.reduce((n, r) => n + (r.to - r.from), 0),
        keptMessages: result.origins.filter((o) => o !== null).length,
      },
      left: result.messages,
    };
  } catch (error) {
    if (!(error instanceof NothingToCompactError)) throw error;
    return {
      row: { strategy, tokensAfter: null, summarizedMessages: 0, keptMessages: before.length },
      left: before,
    };
  }
}

/** Every strategy at compaction `index` of `history`, in `STRATEGIES` order. */
export function strategiesAt(
  history: SessionHistory,
  index: number,
  settings: SettingsInput,
  summarizer: Summarizer,
  estimator: Estimator,
): Promise<StrategyAtCompaction[]> {
  return compareStrategies(history, settings, summarizer, estimator).at(index);
}

/** Every strategy at every compaction of `history`, in order. */
export async function strategiesOfSession(
  history: SessionHistory,
  settings: SettingsInput,
  summarizer: Summarizer,
  estimator: Estimator,
  found: CompactionParts = compactionParts(history),
): Promise<StrategyAtCompaction[][]> {
  const comparison = compareStrategies(history, settings, summarizer, estimator, found);
  const out: StrategyAtCompaction[][] = [];
  for (let k = 0; k < history.compactions.length; k++) out.push(await comparison.at(k));
  return out;
}

/**
 * The summarizer, answering a request it has answered before from what it
 * streamed then. Only for a summarizer whose answer depends on the request
 * alone, as the offline one's does; a failure is not remembered.
 */
function answerOnce(summarizer: Summarizer): Summarizer {
  const answers = new Map<string, SummaryChunk[]>();
  return {
    label: summarizer.label,
    async *stream(request: SummaryRequest) {
      const key = [request.part, request.maxTokens, request.temperature, request.system, request.prompt].join(
        '\u0000',
      );
      let chunks = answers.get(key);
      if (!chunks) {
        chunks = [];
        for await (const chunk of summarizer.stream(request)) chunks.push(chunk);
        answers.set(key, chunks);
      }
      yield* chunks;
    },
  };
}
