/**
 * The page and the CLI compute the same analysis, and it is what the
 * compactor would do. The page's path: the worker builds the shape, it
 * crosses `postMessage` (a structured clone), the page indexes it once and
 * analyzes it. The CLI's path: shape and analysis in one process. Both are
 * checked against `prepare` and `apply` on the messages themselves, after the
 * preset's clearing where it clears (the compactor's path).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, shapeOf } from './analysis';
import { apply } from './apply';
import { buildCutIndex } from './cutPoint';
import { createEstimator, loadEstimator, type Estimator } from './estimate';
import type { Message } from './message';
import { clearInPlace } from './applyClearings';
import { prepare } from './prepare';
import { STRATEGIES, normalizeSettings, type SettingsInput } from './settings';
import { summaryMessage } from './summaryEnvelope';

/** A transcript of turns with paired tool calls, an optional system prompt, instructions and an earlier summary. */
const transcriptArb = fc
  .record({
    system: fc.boolean(),
    midSystem: fc.boolean(),
    summaryAt: fc.option(fc.nat(6), { nil: undefined }),
    turns: fc.array(
      fc.record({
        prompt: fc.string({ maxLength: 60 }),
        rounds: fc.array(
          fc.record({
            text: fc.string({ maxLength: 80 }),
            reasoning: fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
            tools: fc.nat(2),
            tool: fc.constantFrom('read_file', 'Read', 'skill'),
            result: fc.string({ maxLength: 200 }),
          }),
          { maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 7 },
    ),
  })
  .map(({ system, midSystem, summaryAt, turns }) => {
    const messages: Message[] = [];
    let n = 0;
    const id = () => `m${n++}`;
    if (system) messages.push({ id: id(), role: 'system', content: 'You are a coding agent.' });
    turns.forEach((turn, t) => {
      if (summaryAt === t) messages.push({ ...summaryMessage(`Earlier work ${t}.`), id: id() });
      if (midSystem && t === 1)
        messages.push({ id: id(), role: 'system', content: 'Never touch the tests.' });
      messages.push({ id: id(), role: 'user', content: turn.prompt, turnId: `t${t}` });
      for (const round of turn.rounds) {
        const calls = Array.from({ length: round.tools }, (_, k) => ({
          id: `c${n}-${k}`,
          name: round.tool,
          arguments: JSON.stringify({ path: `src/f${k}.ts` }),
        }));
        messages.push({
          id: id(),
          role: 'assistant',
          content: round.text,
          ...(round.reasoning !== undefined ? { reasoning: round.reasoning } : {}),
          toolCalls: calls.length ? calls : undefined,
        });
        for (const c of calls) {
          messages.push({
            id: id(),
            role: 'tool',
            content: round.result,
            toolCallId: c.id,
            toolName: c.name,
          });
        }
      }
    });
    return messages;
  });

const settingsArb: fc.Arbitrary<SettingsInput> = fc.record({
  unseenTokens: fc.option(fc.nat(2000), { nil: null }),
  maxContextTokens: fc.oneof(fc.constant(0), fc.integer({ min: 50, max: 3000 })),
  reserveTokens: fc.integer({ min: -5, max: 2000 }),
  keepRecentTokens: fc.integer({ min: -5, max: 1500 }),
  strategy: fc.constantFrom(...STRATEGIES),
  enabled: fc.boolean(),
  harness: fc.record(
    {
      'claude-code': fc.record({ microcompact: fc.boolean(), keepToolResults: fc.nat(3) }),
      codex: fc.record({ userMessageTokens: fc.nat(60) }),
      opencode: fc.record({
        protect: fc.nat(100),
        pruneMinimum: fc.nat(60),
        protectTurns: fc.nat(2),
        tailTurns: fc.nat(2),
        preserveRecentTokens: fc.nat(200),
      }),
      'gemini-cli': fc.record({
        preserveFraction: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        toolOutputBudget: fc.nat(100),
        truncateChars: fc.integer({ min: 1, max: 60 }),
      }),
      'clear-tool-uses': fc.record({
        keepToolUses: fc.nat(4),
        clearAtLeast: fc.nat(40),
        excludeTools: fc.constantFrom([], ['skill']),
        clearInputs: fc.boolean(),
        clearThinking: fc.boolean(),
        keepThinkingTurns: fc.nat(2),
      }),
      'mask-observations': fc.record({ keepObservations: fc.integer({ min: 1, max: 4 }) }),
    },
    { requiredKeys: [] },
  ),
});

/** What a file's recorded usage measured beyond its messages, when it records any. */
const measuredArb = fc.option(fc.nat(2000), { nil: null });

/** The page's path: the worker's shape through a structured clone, indexed once on the page. */
function pagePath(
  messages: Message[],
  settings: SettingsInput,
  estimator: Estimator,
  measured: number | null,
) {
  const view = structuredClone({ ...shapeOf(messages, estimator), unseenTokens: measured });
  return analyze(view, settings, buildCutIndex(view.roles, view.counts));
}

function checkAgreement(
  messages: Message[],
  typed: SettingsInput,
  estimator: Estimator,
  measured: number | null,
) {
  const cli = analyze({ ...shapeOf(messages, estimator), unseenTokens: measured }, typed);
  const page = pagePath(messages, typed, estimator, measured);
  expect(page).toEqual(cli);
  // The rows, the list's framing and the part not in the file add up to what the threshold is compared with.
  expect(cli.totalTokens + cli.framingTokens).toBe(estimator.countMessages(messages));
  expect(cli.contextTokens).toBe(estimator.countMessages(messages) + cli.unseenTokens);
  expect(cli.unseenTokens).toBe(typed.unseenTokens ?? measured ?? 0);
  // The compactor is told the part in force, as the page's preview tells it.
  const settings = { ...typed, unseenTokens: cli.unseenTokens };

  // A preset's clearing, made on the messages, is the one the analysis shows, token for token.
  const clearing = clearInPlace(messages, normalizeSettings(settings), estimator);
  const working = clearing?.messages ?? messages;
  expect(clearing?.plan.cleared ?? []).toEqual(cli.cleared);
  const freed = cli.cleared.reduce((sum, c) => sum + c.tokensBefore - c.tokensAfter, 0);
  // Two counts are estimates: Gemini CLI's cut-down output (in proportion to the characters kept),
  // and chars4's cleared arguments and reasoning (rounded per string, not per message).
  const edits = clearing?.plan.edits ?? [];
  const estimated =
    edits.some((e) => e.output?.kind === 'truncate') ||
    (estimator.tokenizer === 'chars4' && edits.some((e) => e.inputs || e.thinking));
  if (!estimated) expect(estimator.countMessages(working)).toBe(cli.totalTokens + cli.framingTokens - freed);

  if (cli.plan.nothingToCompact || cli.plan.start >= messages.length) {
    expect(prepare(working, settings, estimator, { plan: cli.plan })).toBeNull();
    // The cut rules compact exactly when the analysis says so; a preset may cut only past its threshold.
    if (!clearing) expect(prepare(working, settings, estimator)).toBeNull();
    expect(cli.fates).not.toContain('summarized');
    expect(cli.fates).not.toContain('turn-prefix');
    return;
  }
  // Where the counts are estimates, the compactor follows the analysis' plan rather than recompute it.
  const prep = prepare(working, settings, estimator, estimated ? { plan: cli.plan } : {});
  expect(prep).not.toBeNull();
  expect([prep!.firstKeptIdx, prep!.history, prep!.turnPrefix]).toEqual([
    cli.plan.firstKeptIdx,
    cli.plan.history,
    cli.plan.turnPrefix,
  ]);
  // What `apply` keeps is exactly what the fates call system or kept, in order, around the one new summary.
  const result = apply(working, prep!, 'the new summary');
  const keptIds = messages
    .filter((_, i) => cli.fates[i] === 'kept' || cli.fates[i] === 'cleared' || cli.fates[i] === 'system')
    .map((m) => m.id);
  expect(result.filter((m) => m.id !== 'summary').map((m) => m.id)).toEqual(keptIds);
  expect(result.filter((m) => m.id === 'summary')).toHaveLength(1);
}

describe('one analysis for the page and the CLI', () => {
  it('agree with each other and with prepare and apply on random transcripts (chars4)', () => {
    const chars4 = createEstimator('chars4', () => 0);
    fc.assert(
      fc.property(transcriptArb, settingsArb, measuredArb, (messages, settings, measured) => {
        checkAgreement(messages, { ...settings, tokenizer: 'chars4' }, chars4, measured);
      }),
      { numRuns: 300 },
    );
  });

  it('agree with each other and with prepare and apply on random transcripts (o200k_base)', async () => {
    const o200k = await loadEstimator('o200k_base');
    fc.assert(
      fc.property(transcriptArb, settingsArb, measuredArb, (messages, settings, measured) => {
        checkAgreement(messages, settings, o200k, measured);
      }),
      { numRuns: 150 },
    );
  });
});
