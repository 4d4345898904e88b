/**
 * The strategies beside each recorded compaction are computed with the work
 * they share done once (`compareStrategies`); these tests hold that faster
 * path to the plain one it replaced: a fresh compactor per strategy and
 * compaction, the facts found again each time, and the whole context indexed
 * as one text. Any difference in any figure fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompactor } from '../core/compactor';
import { createEstimator, type Estimator } from '../core/estimate';
import { NothingToCompactError } from '../core/errors';
import { indexSummary } from '../core/eval/match';
import { factsOf, partsOf } from '../core/ledger/ledger';
import { strategiesAt, strategiesOfSession, type StrategyAtCompaction } from '../core/ledger/strategies';
import { factLoss } from '../core/ledger/survival';
import type { Message } from '../core/message';
import { countSession } from '../core/session/counted';
import type { SessionHistory } from '../core/session/history';
import { DEFAULT_SETTINGS, STRATEGIES, type SettingsInput } from '../core/settings';
import type { Summarizer } from '../core/summarizer';
import { countChars4 } from '../core/tokenizer';
import { importTranscript } from '../formats/registry';
import { createOfflineSummarizer } from '../providers/offline';
import { FIX_SESSION } from './liveSupport.node';

/** The plain path: every strategy compacts on its own, and its context is judged from scratch. */
async function plainStrategiesAt(
  history: SessionHistory,
  index: number,
  settings: SettingsInput,
  summarizer: Summarizer,
  estimator: Estimator,
): Promise<StrategyAtCompaction[]> {
  const parts = partsOf(history, history.compactions[index]!);
  const before = parts.before.map((i) => history.messages[i]!);
  const text = (messages: readonly Message[]) =>
    messages
      .flatMap((m) => [m.content, ...(m.toolCalls ?? []).map((t) => `${t.name} ${t.arguments}`)])
      .join('\n\n');
  const judged = (messages: readonly Message[]) =>
    factLoss(factsOf(history.messages, parts, indexSummary(text(messages))));
  const out: StrategyAtCompaction[] = [];
  for (const strategy of STRATEGIES) {
    const compactor = createCompactor(summarizer, estimator, { ...settings, strategy })!;
    try {
      const result = await compactor.compact(before, { reason: 'manual' });
      out.push({
        strategy,
        tokensAfter: result.tokensAfter,
        summarizedMessages: result.summarized.reduce((n, r) => n + (r.to - r.from), 0),
        keptMessages: result.origins.filter((o) => o !== null).length,
        facts: judged(result.messages),
      });
    } catch (error) {
      if (!(error instanceof NothingToCompactError)) throw error;
      out.push({
        strategy,
        tokensAfter: null,
        summarizedMessages: 0,
        keptMessages: before.length,
        facts: judged(before),
      });
    }
  }
  return out;
}

/** A file imported and counted twice, so neither path reads what the other cached on its messages. */
function twice(text: string) {
  const load = () => {
    const estimator = createEstimator('chars4', countChars4);
    const imported = importTranscript(text);
    return { estimator, history: countSession(imported.messages, imported.history, estimator).history };
  };
  return [load(), load()] as const;
}

async function expectSame(text: string, settings: SettingsInput, compactions: number) {
  const [plain, fast] = twice(text);
  expect(plain.history.compactions).toHaveLength(compactions);
  const expected: StrategyAtCompaction[][] = [];
  for (let k = 0; k < compactions; k++)
    expected.push(
      await plainStrategiesAt(plain.history, k, settings, createOfflineSummarizer(), plain.estimator),
    );
  const summarizer = createOfflineSummarizer();
  const got = await strategiesOfSession(fast.history, settings, summarizer, fast.estimator);
  expect(got).toEqual(expected);
  // One compaction asked alone gives what the whole session's comparison gave for it.
  expect(await strategiesAt(fast.history, compactions - 1, settings, summarizer, fast.estimator)).toEqual(
    expected[compactions - 1],
  );
  return expected;
}

const sample = (name: string) => readFileSync(join(__dirname, '../../public/samples', name), 'utf8');

describe('every strategy at every recorded compaction, with the shared work done once', () => {
  it('gives what compacting with each strategy on its own gives, on the Claude Code sample’s two compactions', async () => {
    const expected = await expectSame(sample('claude-code-linkcheck.jsonl'), DEFAULT_SETTINGS, 2);
    // Not a comparison of two empty lists: the samples' strategies compact and keep facts.
    expect(expected[0]!.filter((s) => s.tokensAfter !== null).length).toBeGreaterThan(3);
  });

  it('gives the same on the Codex sample, and under settings small enough that most strategies cut', async () => {
    await expectSame(sample('codex-shared-retry.jsonl'), DEFAULT_SETTINGS, 1);
    const small = {
      ...DEFAULT_SETTINGS,
      maxContextTokens: 12_000,
      reserveTokens: 2_000,
      keepRecentTokens: 2_000,
    };
    const expected = await expectSame(sample('claude-code-linkcheck.jsonl'), small, 2);
    expect(expected[1]!.filter((s) => s.tokensAfter !== null).length).toBeGreaterThanOrEqual(10);
  });

  it('gives the same when the strategies keep messages verbatim and clear tool output', async () => {
    await expectSame(FIX_SESSION, { ...DEFAULT_SETTINGS, keepRecentTokens: 40 }, 1);
  });
});
