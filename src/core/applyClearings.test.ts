import { beforeAll, describe, expect, it } from 'vitest';
import { answers, assistant, call, scripted, sys, toolResult, user } from './__fixtures__/transcripts';
import { analyze, shapeOf } from './analysis';
import { createCompactor } from './compactor';
import { loadEstimator, type Estimator } from './estimate';
import type { Message } from './message';
import { normalizeSettings, STRATEGIES, type SettingsInput, type Strategy } from './settings';
import { clearInPlace } from './applyClearings';

let o200k: Estimator;
beforeAll(async () => {
  o200k = await loadEstimator('o200k_base');
});

/** Two old reads with three-line outputs, a reply with reasoning, then a fresh read. */
function transcript(): Message[] {
  const a = call('a', 'read', { path: 'src/parser.ts' });
  const b = call('b', 'read', { path: 'src/lexer.ts' });
  const c = call('c', 'read', { path: 'README.md' });
  return [
    sys('You are a coding agent.'),
    user('Why does the parser fail on empty input?'),
    { ...assistant('Reading both files.', [a, b]), reasoning: 'Start with the parser, then the lexer.' },
    toolResult(a, 'export function parse(src) {\n  if (!src) throw new Error("empty");\n}\n'),
    toolResult(b, 'export function lex(src) {\n  return src.split(" ");\n}\n'),
    user('Now the readme.'),
    assistant('', [c]),
    toolResult(c, '# Parser\nParses things.'),
  ];
}

const settings = (input: SettingsInput) => normalizeSettings({ maxContextTokens: 128_000, ...input });

describe('a clearing applied to the messages (o200k_base)', () => {
  it('masks old results to a note of their lines, keeping each message, id and call id in place', () => {
    const messages = transcript();
    const cleared = clearInPlace(
      messages,
      settings({ strategy: 'mask-observations', harness: { 'mask-observations': { keepObservations: 1 } } }),
      o200k,
    )!;
    expect(cleared.messages.map((m) => m.content)).toEqual([
      ...messages.slice(0, 3).map((m) => m.content),
      'Old environment output: (3 lines omitted)',
      'Old environment output: (3 lines omitted)',
      ...messages.slice(5).map((m) => m.content),
    ]);
    expect(cleared.messages[3]).toEqual({
      ...messages[3],
      content: 'Old environment output: (3 lines omitted)',
    });
    // Every count the analysis gave is the count of the message as cleared.
    for (const c of cleared.plan.cleared)
      expect(o200k.countMessage(cleared.messages[c.index])).toBe(c.tokensAfter);
  });

  it("clears a call's arguments with its result, and old reasoning, and counts them as the analysis does", () => {
    const messages = transcript();
    const cleared = clearInPlace(
      messages,
      settings({
        strategy: 'clear-tool-uses',
        harness: { 'clear-tool-uses': { keepToolUses: 1, clearInputs: true, clearThinking: true } },
      }),
      o200k,
    )!;
    expect(cleared.plan.cleared.map((c) => c.index)).toEqual([2, 3, 4]);
    expect(cleared.messages[2].toolCalls!.map((c) => c.arguments)).toEqual(['{}', '{}']);
    expect(cleared.messages[2].reasoning).toBeUndefined();
    expect(cleared.messages[3].content).toBe('[cleared]');
    for (const c of cleared.plan.cleared)
      expect(o200k.countMessage(cleared.messages[c.index])).toBe(c.tokensAfter);
  });

  it('is nothing for the cut rules', () => {
    expect(clearInPlace(transcript(), settings({ strategy: 'budget' }), o200k)).toBeNull();
  });
});

describe('the analysis of every strategy on one transcript', () => {
  it('lists the cut rules and the presets, each with its own threshold', () => {
    const a = analyze(shapeOf(transcript(), o200k), { maxContextTokens: 200_000 });
    const triggers = new Map(
      a.outcomes.map((o) => [o.strategy, [o.trigger.threshold, o.trigger.comparison]]),
    );
    // Each named here by its trigger; a new preset's is its own test's.
    const expected: [string, number, string][] = [
      ['budget', 183_616, 'exceed'],
      ['pi', 183_616, 'exceed'],
      ['turns', 183_616, 'exceed'],
      ['claude-code', 167_000, 'reach'],
      ['codex', 180_000, 'reach'],
      ['opencode', 168_000, 'reach'],
      ['gemini-cli', 100_000, 'reach'],
      ['clear-tool-uses', 100_000, 'exceed'],
      ['mask-observations', 0, 'always'],
      ['anthropic-compaction', 150_000, 'exceed'],
      ['openai-compaction', 200_000, 'exceed'],
      ['roo-code', 171_809, 'reach'],
      ['kilo', 148_000, 'reach'],
      ['goose', 160_000, 'exceed'],
      ['cline', 162_000, 'reach'],
      ['langchain-summarization', 0, 'reach'],
      ['adk', 4_000, 'reach'],
      ['letta', 180_000, 'exceed'],
    ];
    expect(expected.map(([strategy]) => [strategy, ...triggers.get(strategy as Strategy)!])).toEqual(
      expected,
    );
    expect(a.outcomes.map((o) => o.strategy)).toEqual(STRATEGIES);
  });

  it("marks the chosen preset's cleared messages, and takes its threshold as the page's", () => {
    const a = analyze(shapeOf(transcript(), o200k), {
      maxContextTokens: 200_000,
      strategy: 'clear-tool-uses',
      harness: { 'clear-tool-uses': { keepToolUses: 1 } },
    });
    expect(a.fates).toEqual(['system', 'kept', 'kept', 'cleared', 'cleared', 'kept', 'kept', 'kept']);
    expect([a.threshold, a.trigger.comparison, a.shouldCompact]).toEqual([100_000, 'exceed', false]);
    expect(a.cleared).toBe(a.current.cleared);
  });
});

describe('OpenCode through the compactor', () => {
  it('prunes first, then summarizes what it keeps no tail of', async () => {
    const big = (id: string) => call(id, 'read', {});
    const calls = ['a', 'b', 'c'].map(big);
    const messages: Message[] = [
      sys('s'),
      user('first'),
      ...calls.flatMap((c) => [assistant('', [c]), toolResult(c, 'word '.repeat(20_000))]),
      user('second'),
      assistant('done'),
      user('third'),
      assistant('done'),
    ];
    const compactor = createCompactor(scripted(answers('what happened')), o200k, {
      maxContextTokens: 50_000,
      strategy: 'opencode',
      harness: { opencode: { prune: true, protect: 25_000, pruneMinimum: 10_000 } },
    })!;
    const result = await compactor.compact(messages);
    // Each read is about 20,000 tokens. Newest first, the third is protected and the two older ones
    // pruned: about 20,000 remain, still over the usable 18,000, so everything but the two small
    // newest turns is summarized.
    expect(result.cleared.map((c) => c.index)).toEqual([3, 5]);
    // The summary is new; the two small newest turns keep their places in the transcript.
    expect(result.origins).toEqual([0, null, 8, 9, 10, 11]);
    expect(result.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });
});

describe('a preset that only clears, through the compactor', () => {
  it('returns the cleared list without calling the summarizer, each message with its place in the transcript', async () => {
    const summarizer = scripted(answers('never asked'));
    const compactor = createCompactor(summarizer, o200k, {
      maxContextTokens: 128_000,
      strategy: 'mask-observations',
      harness: { 'mask-observations': { keepObservations: 1 } },
    })!;
    const messages = transcript();
    const result = await compactor.compact(messages);
    expect(summarizer.requests).toEqual([]);
    expect([result.summary, result.messagesAfter]).toEqual(['', 8]);
    expect(result.cleared.map((c) => c.index)).toEqual([3, 4]);
    expect(result.origins).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The cleared ones are new objects in the old places; the others are the messages given.
    expect(result.messages[3].content).toBe('Old environment output: (3 lines omitted)');
    expect(result.messages[5]).toBe(messages[5]);
    expect(result.tokensAfter).toBe(o200k.countMessages(result.messages));
  });
});
