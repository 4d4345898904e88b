/**
 * One gold-fact case compacted under one strategy at one cut, and scored:
 * each gold fact kept or lost (with where it was found: the summary or the
 * kept message), tokens after, the summarizer's time and cost, whether the
 * compacted context would compact again, and the case's probes.
 *
 * A fact is matched by the judge's own rule for its kind (`factRule` in
 * src/core/eval/score.ts) against every message of the compacted context,
 * so a gold fact and a mined fact mean the same thing by "kept".
 */
import { maxOf } from '../core/arrays';
import {
  createCompactor,
  type Estimator,
  explainSettings,
  type Message,
  NothingToCompactError,
  type PromptOverrides,
  type Result,
  type SettingsInput,
  type Strategy,
  strategyTrigger,
  type Summarizer,
  triggers,
} from '../core';
import {
  GRADER_SYSTEM_PROMPT,
  gradeByMatch,
  gradingPrompt,
  JUDGE_SYSTEM_PROMPT,
  parseAnswers,
  parseVerdict,
  probePrompt,
} from '../core/eval/probes';
import { ask } from '../core/eval/runProbes';
import { factKept } from '../core/eval/score';
import { indexSummary } from '../core/eval/match';
import { isSummaryMessage } from '../core/summaryEnvelope';
import { estimateCost } from '../providers';
import { messageText, type CaseProbe, type Cut, type GoldFact, type LoadedCase } from './caseFile';

export interface FactResult {
  id: string;
  kind: GoldFact['kind'];
  side: GoldFact['side'];
  kept: boolean;
  /**
   * Where the compacted context names it: a message kept as it was, else the
   * summary, else nowhere. A fact from before the cut that a kept message
   * restates (a `git log` in the tail printing it) is the tail's, not the
   * summary's: the summary gets no credit for it.
   */
  foundIn: 'summary' | 'message' | null;
  /** For `message`: its index in the session. */
  foundAt: number | null;
}

export interface ProbeScore {
  kind: CaseProbe['kind'];
  question: string;
  expected: string[];
  /** How many of the expected items the answer named. */
  named: number;
  passed: boolean;
}

export interface CaseRun {
  case: string;
  strategy: Strategy;
  /** The cut asked for: a message index, or `auto` (the strategy decides). */
  cut: Cut;
  /** What happened: summarized, only cleared in place, or nothing to compact. */
  outcome: 'compacted' | 'cleared' | 'nothing';
  /**
   * Whether the run changed the context: it summarized, or cleared something
   * in place. A run that did not keeps every fact by doing nothing: totals
   * leave it out of their rates and count it apart.
   */
  compacted: boolean;
  /** The first message the compaction kept after what it summarized; null when nothing was summarized. */
  keptFrom: number | null;
  facts: FactResult[];
  /** Facts from before the cut that survive, of how many. */
  factsKept: number;
  factsTotal: number;
  /** Controls (after the cut) that survive, of how many. */
  controlsKept: number;
  controlsTotal: number;
  tokensBefore: number;
  tokensAfter: number;
  /** The summarizer's wall time, in milliseconds. */
  summarizerMs: number;
  /** At list price; 0 for the offline summarizer, null when the model's price is unknown. */
  costUsd: number | null;
  /** The compacted context is still over the strategy's threshold: the next turn compacts again. */
  compactsAgain: boolean;
  probes: ProbeScore[];
  /** The summarizer's failures, when a part fell back to the raw archive. */
  failures: string[];
}

export interface RunOptions {
  summarizer: Summarizer;
  /** True for the offline summarizer: probes are graded against the context itself, with no model. */
  offline: boolean;
  estimator: Estimator;
  stallTimeoutMs?: number;
  /** The summarization prompts of this run's arm; the defaults when absent. */
  prompts?: PromptOverrides;
}

/** Settings for a case: its window, and a keep-recent budget that starts the kept part at the cut. */
export function caseSettings(
  kase: LoadedCase,
  strategy: Strategy,
  cut: Cut,
  estimator: Estimator,
): SettingsInput {
  const keepRecent =
    cut === 'auto' ? kase.keepRecent : Math.max(1, estimator.countMessages(kase.messages.slice(cut)));
  return {
    strategy,
    tokenizer: estimator.tokenizer,
    ...(kase.window !== undefined ? { maxContextTokens: kase.window } : {}),
    ...(keepRecent !== undefined ? { keepRecentTokens: keepRecent } : {}),
  };
}

/** Where each fact is named in the compacted context: the summary first, then the kept messages in order. */
export function findFacts(
  facts: readonly GoldFact[],
  messages: readonly Message[],
  origins: readonly (number | null)[],
): FactResult[] {
  const indexes = messages.map((m) => indexSummary(messageText(m)));
  const isSummary = (i: number) => origins[i] === null || isSummaryMessage(messages[i]);
  const order = messages.map((_, i) => i).sort((a, b) => Number(isSummary(a)) - Number(isSummary(b)));
  return facts.map((fact) => {
    const at = order.find((i) =>
      factKept({ kind: fact.kind, text: fact.text, index: fact.message }, indexes[i]),
    );
    const origin = at === undefined ? null : origins[at];
    const summary = at !== undefined && isSummary(at);
    return {
      id: fact.id,
      kind: fact.kind,
      side: fact.side,
      kept: at !== undefined,
      foundIn: at === undefined ? null : summary ? 'summary' : 'message',
      foundAt: at === undefined || summary ? null : origin,
    };
  });
}

function contextText(messages: readonly Message[]): string {
  return messages.map(messageText).join('\n\n');
}

async function scoreProbes(
  probes: readonly CaseProbe[],
  context: string,
  options: RunOptions,
): Promise<ProbeScore[]> {
  if (probes.length === 0) return [];
  const run = { stallTimeoutMs: options.stallTimeoutMs ?? 120_000 };
  // Offline, the context is its own answer: a probe passes when the context names what a right answer does.
  const answers = options.offline
    ? probes.map(() => context)
    : parseAnswers(
        await ask(options.summarizer, JUDGE_SYSTEM_PROMPT, probePrompt(context, probes), run),
        probes.length,
      );
  const scores: ProbeScore[] = [];
  for (const [i, probe] of probes.entries()) {
    const graded = gradeByMatch(probe, answers[i])!;
    const named = graded.named ?? 0;
    // A model's answer may leave an item out and still be right; the context offline has no such
    // excuse: it passes only when it still names every expected item.
    let passed = options.offline ? named === probe.expected.length : graded.verdict === 'pass';
    // A paraphrase the words do not match is the judge's to grade, against the session's own words.
    if (!options.offline && !passed && probe.evidence !== undefined) {
      const source = `${probe.evidence}\n\n(The right answer: ${probe.expected.join('; ')})`;
      const reply = await ask(
        options.summarizer,
        GRADER_SYSTEM_PROMPT,
        gradingPrompt(probe, answers[i], source),
        run,
      );
      passed = parseVerdict(reply) === 'pass';
    }
    scores.push({ kind: probe.kind, question: probe.question, expected: probe.expected, named, passed });
  }
  return scores;
}

function costOf(result: Result | null, options: RunOptions): number | null {
  if (options.offline || !result?.usage) return 0;
  return (
    estimateCost(result.model ?? options.summarizer.label.split(':').slice(1).join(':'), result.usage)
      ?.totalUsd ?? null
  );
}

/** One case, one strategy, one cut. */
export async function runCase(
  kase: LoadedCase,
  strategy: Strategy,
  cut: Cut,
  options: RunOptions,
): Promise<CaseRun> {
  const { estimator } = options;
  const settings = caseSettings(kase, strategy, cut, estimator);
  const compactor = createCompactor(options.summarizer, estimator, settings);
  if (!compactor) throw new Error(`case ${kase.id}: compaction is off for ${strategy}`);
  const start = performance.now();
  let result: Result | null = null;
  try {
    result = await compactor.compact(kase.messages, {
      reason: 'manual',
      ...(options.prompts ? { prompts: options.prompts } : {}),
    });
  } catch (error) {
    if (!(error instanceof NothingToCompactError)) throw error;
  }
  const summarizerMs = Math.round(performance.now() - start);
  const messages = result?.messages ?? kase.messages;
  const origins = result?.origins ?? kase.messages.map((_, i) => i);
  const facts = findFacts(kase.facts, messages, origins);
  const tokensBefore = estimator.countMessages(kase.messages);
  const tokensAfter = result ? result.tokensAfter : tokensBefore;
  const keptFrom = maxOf((result?.summarized ?? []).map((r) => r.to)) ?? null;
  const trigger = strategyTrigger(explainSettings(settings).settings);
  const count = (side: GoldFact['side'], kept: boolean) =>
    facts.filter((f) => f.side === side && (!kept || f.kept)).length;
  return {
    case: kase.id,
    strategy,
    cut,
    outcome: !result ? 'nothing' : result.summary === '' ? 'cleared' : 'compacted',
    compacted: result !== null && (result.summary !== '' || tokensAfter < tokensBefore),
    keptFrom,
    facts,
    factsKept: count('before', true),
    factsTotal: count('before', false),
    controlsKept: count('after', true),
    controlsTotal: count('after', false),
    tokensBefore,
    tokensAfter,
    summarizerMs,
    costUsd: costOf(result, options),
    compactsAgain: Boolean(result) && triggers(trigger, tokensAfter),
    probes: await scoreProbes(kase.probes, contextText(messages), options),
    failures: result?.failures ?? [],
  };
}

/** Told after each run: how many are done, of how many. */
export type RunProgress = (done: number, total: number) => void;

/**
 * Every case under every strategy at every cut, in that order; `signal`
 * is read between runs.
 */
export async function runCases(
  cases: readonly LoadedCase[],
  strategies: readonly Strategy[],
  options: RunOptions,
  progress?: RunProgress,
  signal?: AbortSignal,
): Promise<CaseRun[]> {
  const total = cases.reduce((sum, kase) => sum + kase.cuts.length, 0) * strategies.length;
  const runs: CaseRun[] = [];
  for (const kase of cases)
    for (const strategy of strategies)
      for (const cut of kase.cuts) {
        signal?.throwIfAborted();
        runs.push(await runCase(kase, strategy, cut, options));
        progress?.(runs.length, total);
      }
  return runs;
}
