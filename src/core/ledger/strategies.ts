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
 * made once per session, the facts found once per compaction, each distinct
 * summarization request answered once (six presets that summarize the whole
 * context send the same one), and the facts judged once per distinct context
 * left. Message counts come from the estimator's cache, filled when the
 * session was counted.
 */
import { createCompactor, type Compactor } from '../compactor';
import { NothingToCompactError } from '../errors';
import type { Estimator } from '../estimate';
import { indexSummary, type SummaryIndex } from '../eval/match';
import type { Message } from '../message';
import type { SessionHistory } from '../session/history';
import { STRATEGIES, type SettingsInput, type Strategy } from '../settings';
import type { SummaryChunk, Summarizer, SummaryRequest } from '../summarizer';
import { compactionParts, judgeFacts, type CompactionParts } from './ledger';
import { factLoss, type FactLoss } from './survival';

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
  const pieces = new WeakMap<Message, SummaryIndex>();
  const compactors = STRATEGIES.map((strategy) => {
    const compactor = createCompactor(answered, estimator, { ...settings, strategy });
    if (!compactor) throw new Error('no compactor: the settings have no window');
    return { strategy, compactor };
  });
  return {
    async at(index) {
      // Frozen, so what every strategy first makes of it is made once (see `onFrozenList`).
      const before = Object.freeze(found.parts(index).before.map((i) => history.messages[i]!));
      const facts = found.facts(index);
      const judged = new Map<string, FactLoss>();
      const judge = (messages: readonly Message[]) => {
        const index = contextIndex(messages, pieces);
        let loss = judged.get(index.text);
        if (!loss) judged.set(index.text, (loss = factLoss(judgeFacts(facts, index.complete()))));
        return loss;
      };
      const out: StrategyAtCompaction[] = [];
      for (const { strategy, compactor } of compactors)
        out.push(await strategyAt(strategy, compactor, before, judge));
      return out;
    },
  };
}

async function strategyAt(
  strategy: Strategy,
  compactor: Compactor,
  before: readonly Message[],
  judge: (messages: readonly Message[]) => FactLoss,
): Promise<StrategyAtCompaction> {
  try {
    const result = await compactor.compact(before, { reason: 'manual' });
    return {
      strategy,
      tokensAfter: result.tokensAfter,
      summarizedMessages: result.summarized.reduce((n, r) => n + (r.to - r.from), 0),
      keptMessages: result.origins.filter((o) => o !== null).length,
      facts: judge(result.messages),
    };
  } catch (error) {
    if (!(error instanceof NothingToCompactError)) throw error;
    return {
      strategy,
      tokensAfter: null,
      summarizedMessages: 0,
      keptMessages: before.length,
      facts: judge(before),
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

/**
 * The judge's index of what a context says, whole: every message's text and
 * its tool calls' arguments, where paths and commands are. Each message is
 * indexed once; the whole is their union, which is the index of the joined
 * text since no word or number runs across the blank line between messages.
 */
function contextIndex(
  messages: readonly Message[],
  pieces: WeakMap<Message, SummaryIndex>,
): { text: string; complete(): SummaryIndex } {
  const parts = messages.map((m) => {
    let piece = pieces.get(m);
    if (!piece) pieces.set(m, (piece = indexSummary(messageText(m))));
    return piece;
  });
  const text = parts.map((p) => p.text).join('\n\n');
  return {
    text,
    complete() {
      const stems = new Set<string>();
      const numbers = new Set<string>();
      for (const part of parts) {
        for (const stem of part.stems) stems.add(stem);
        for (const number of part.numbers) numbers.add(number);
      }
      return { text, stems, numbers };
    },
  };
}

function messageText(m: Message): string {
  return [m.content, ...(m.toolCalls ?? []).map((t) => `${t.name} ${t.arguments}`)].join('\n\n');
}
