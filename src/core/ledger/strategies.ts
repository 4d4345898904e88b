/**
 * What our strategies would have done at the moment of a recorded
 * compaction: each compacts the context the agent had just before it (the
 * same messages, the caller's settings) with the summarizer it is given,
 * the offline one in `audit` and the page, and the facts of what the agent
 * summarized are checked against the context each leaves. A fact one of them
 * kept verbatim counts as kept, as one its summary names does: the question
 * is what the next call could still read. The agent's own column is the
 * ledger's (`facts`), over the same facts.
 */
import { createCompactor } from '../compactor';
import { NothingToCompactError } from '../errors';
import type { Estimator } from '../estimate';
import { indexSummary } from '../eval/match';
import type { Message } from '../message';
import type { SessionHistory } from '../session/history';
import { STRATEGIES, type SettingsInput, type Strategy } from '../settings';
import type { Summarizer } from '../summarizer';
import { factsOf, partsOf } from './ledger';
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

/** Every strategy at compaction `index` of `history`, in `STRATEGIES` order. */
export async function strategiesAt(
  history: SessionHistory,
  index: number,
  settings: SettingsInput,
  summarizer: Summarizer,
  estimator: Estimator,
): Promise<StrategyAtCompaction[]> {
  const c = history.compactions[index];
  if (!c) throw new RangeError(`no compaction ${index} in a history of ${history.compactions.length}`);
  const parts = partsOf(history, c);
  const before = parts.before.map((i) => history.messages[i]!);
  const out: StrategyAtCompaction[] = [];
  for (const strategy of STRATEGIES) {
    const compactor = createCompactor(summarizer, estimator, { ...settings, strategy });
    if (!compactor) throw new Error('no compactor: the settings have no window');
    try {
      const result = await compactor.compact(before, { reason: 'manual' });
      const text = contextText(result.messages);
      const summarized = result.summarized.reduce((n, r) => n + (r.to - r.from), 0);
      out.push({
        strategy,
        tokensAfter: result.tokensAfter,
        summarizedMessages: summarized,
        keptMessages: result.origins.filter((o) => o !== null).length,
        facts: factLoss(factsOf(history.messages, parts, indexSummary(text))),
      });
    } catch (error) {
      if (!(error instanceof NothingToCompactError)) throw error;
      const text = contextText(before);
      out.push({
        strategy,
        tokensAfter: null,
        summarizedMessages: 0,
        keptMessages: before.length,
        facts: factLoss(factsOf(history.messages, parts, indexSummary(text))),
      });
    }
  }
  return out;
}

/** What a context says, whole: every message's text and its tool calls' arguments, where paths and commands are. */
function contextText(messages: readonly Message[]): string {
  return messages
    .flatMap((m) => [m.content, ...(m.toolCalls ?? []).map((t) => `${t.name} ${t.arguments}`)])
    .join('\n\n');
}
