import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import type { SettingsInput, Strategy } from '../settings';
import { summaryMessage } from '../summaryEnvelope';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters of its text, arguments and tool name; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (
  messages: Message[],
  strategy: Strategy,
  harness: HarnessParamsInput = {},
  extra: SettingsInput = {},
) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 200_000,
    strategy,
    harness,
    tokenizer: 'chars4',
    ...extra,
  }).current;

/** A user request, then one call and one result per output, each result `tokens` × 4 characters long. */
function session(outputs: { name?: string; tokens: number }[], request = 'fix the parser'): Message[] {
  const out: Message[] = [sys('you are an agent'), user(request)];
  outputs.forEach(({ name = 'read_file', tokens }, i) => {
    const c = call(`c${i}`, name, {});
    out.push(assistant('', [c]), toolResult(c, 'x'.repeat(tokens * 4)));
  });
  return out;
}

describe('observation masking', () => {
  it('with 12 tool results masks exactly the oldest 2, each to a one-line note', () => {
    const messages = session(Array.from({ length: 12 }, () => ({ tokens: 100 })));
    // Results sit at 3, 5, …, 25; the note "Old environment output: (1 lines omitted)" is 41 characters.
    const o = outcome(messages, 'mask-observations');
    expect(o.cleared).toEqual([
      { index: 3, tokensBefore: 100, tokensAfter: 11 },
      { index: 5, tokensBefore: 100, tokensAfter: 11 },
    ]);
    expect(o.plan.nothingToCompact).toBe(true);
    expect(o.fires).toBe(true);
    expect(o.tokensAfter).toBe(chars4.countMessages(messages) - 2 * 89);
  });

  it('masks nothing with 10 results or fewer, and then does not fire', () => {
    const o = outcome(session(Array.from({ length: 10 }, () => ({ tokens: 100 }))), 'mask-observations');
    expect([o.cleared, o.fires]).toEqual([[], false]);
  });

  it('never touches what an earlier summary covers', () => {
    const older = session(Array.from({ length: 4 }, () => ({ tokens: 50 })));
    const messages = [
      ...older,
      summaryMessage('what happened'),
      ...session([{ tokens: 80 }, { tokens: 80 }]).slice(1),
    ];
    const o = outcome(messages, 'mask-observations', { 'mask-observations': { keepObservations: 1 } });
    // Only the two results after the summary (at 13 and 15) are candidates; the newest stays.
    expect(o.cleared.map((c) => c.index)).toEqual([13]);
  });
});

describe('OpenCode pruning', () => {
  /** `compaction.prune: true`: OpenCode prunes only when told to. */
  const prune: HarnessParamsInput = { opencode: { prune: true } };

  /** One old turn with `results` outputs of 10,000 tokens, then two small turns, which pruning never touches. */
  const opencodeSession = (results: number, name = 'read_file') => [
    ...session(
      Array.from({ length: results }, () => ({ name, tokens: 10_000 })),
      'first',
    ),
    ...session([{ tokens: 30_000 }], 'second').slice(1),
    ...session([{ tokens: 30_000 }], 'third').slice(1),
  ];

  it('prunes nothing unless compaction.prune is set, and then summarizes once the threshold is reached', () => {
    const off = outcome(opencodeSession(7), 'opencode');
    expect([off.cleared, off.fires, off.plan.nothingToCompact]).toEqual([[], false, false]);
    // In a 100,000 window (68,000 usable) the 130,000 tokens fire it without a prune.
    const over = outcome(opencodeSession(7), 'opencode', {}, { maxContextTokens: 100_000 });
    expect([over.cleared, over.fires]).toEqual([[], true]);
  });

  it('prunes nothing when 20,000 tokens or fewer would be freed', () => {
    // Walking back: 40,000 protected, the fifth result (10,000) would go: not worth it.
    expect(outcome(opencodeSession(5), 'opencode', prune).cleared).toEqual([]);
    expect(outcome(opencodeSession(6), 'opencode', prune).cleared).toEqual([]);
  });

  it('prunes everything older than the newest 40,000 tokens of output once more than 20,000 would go', () => {
    // Seven results at 3, 5, …, 15: the newest four are protected, the oldest three (30,000) pruned.
    const o = outcome(opencodeSession(7), 'opencode', prune);
    expect(o.cleared).toEqual([
      { index: 3, tokensBefore: 10_000, tokensAfter: 9 },
      { index: 5, tokensBefore: 10_000, tokensAfter: 9 },
      { index: 7, tokensBefore: 10_000, tokensAfter: 9 },
    ]);
  });

  it('never prunes the last two user turns, even when they hold all the output', () => {
    const messages = [
      ...session([{ tokens: 10 }], 'first'),
      ...session(
        Array.from({ length: 8 }, () => ({ tokens: 10_000 })),
        'second',
      ).slice(1),
      ...session([{ tokens: 10 }], 'third').slice(1),
    ];
    expect(outcome(messages, 'opencode', prune).cleared).toEqual([]);
  });

  it('never prunes skill output', () => {
    expect(outcome(opencodeSession(7, 'skill'), 'opencode', prune).cleared).toEqual([]);
  });

  it('summarizes only when the context still reaches the threshold after pruning', () => {
    // 100,000 of output in seven old results and two turns of 30,000: 168,000 is not reached.
    const under = outcome(opencodeSession(7), 'opencode', prune);
    expect([under.fires, under.plan.nothingToCompact]).toEqual([false, true]);
    // In a 100,000 window (68,000 usable), 130,000 pruned to 100,000 is still over: it summarizes.
    const over = outcome(opencodeSession(7), 'opencode', prune, { maxContextTokens: 100_000 });
    expect([over.fires, over.cleared.length, over.plan.nothingToCompact]).toEqual([true, 3, false]);
  });
});

describe('Anthropic tool-result clearing (clear_tool_uses_20250919)', () => {
  const names = ['read', 'read', 'memory', 'read', 'read', 'read'];
  const messages = session(names.map((name) => ({ name, tokens: 1_000 })));
  // Results at 3, 5, 7, 9, 11, 13; "[cleared]" is 9 characters, 3 tokens.

  it('keeps the newest 3 tool uses and clears the older ones', () => {
    expect(outcome(messages, 'clear-tool-uses').cleared).toEqual([
      { index: 3, tokensBefore: 1_000, tokensAfter: 3 },
      { index: 5, tokensBefore: 1_000, tokensAfter: 3 },
      { index: 7, tokensBefore: 1_000, tokensAfter: 3 },
    ]);
  });

  it('never clears an excluded tool', () => {
    const o = outcome(messages, 'clear-tool-uses', { 'clear-tool-uses': { excludeTools: ['memory'] } });
    expect(o.cleared.map((c) => c.index)).toEqual([3, 5]);
  });

  it('clears nothing when it cannot clear at least the minimum (3 × 997 = 2,991 here)', () => {
    expect(
      outcome(messages, 'clear-tool-uses', { 'clear-tool-uses': { clearAtLeast: 2_991 } }).cleared,
    ).toHaveLength(3);
    expect(
      outcome(messages, 'clear-tool-uses', { 'clear-tool-uses': { clearAtLeast: 2_992 } }).cleared,
    ).toEqual([]);
  });

  it('also clears the arguments of the cleared calls when asked', () => {
    const c = call('big', 'read', { path: 'x'.repeat(390) });
    const withArgs = [
      sys('s'),
      user('go'),
      assistant('', [c]),
      toolResult(c, 'y'.repeat(400)),
      ...session([{ tokens: 1 }, { tokens: 1 }, { tokens: 1 }]).slice(2),
    ];
    const o = outcome(withArgs, 'clear-tool-uses', { 'clear-tool-uses': { clearInputs: true } });
    // The call: "read" + {"path":"xxx…"} (401 characters) = 405 characters, 102 tokens; "{}" leaves 2 characters.
    expect(o.cleared.slice(0, 2)).toEqual([
      { index: 2, tokensBefore: 102, tokensAfter: 2 },
      { index: 3, tokensBefore: 100, tokensAfter: 3 },
    ]);
  });

  it('fires only once the prompt exceeds the trigger', () => {
    const o = outcome(messages, 'clear-tool-uses', { 'clear-tool-uses': { trigger: 6_000 } });
    expect([chars4.countMessages(messages) > 6_000, o.fires]).toEqual([true, true]);
    expect(outcome(messages, 'clear-tool-uses').fires).toBe(false);
  });

  it("keeps only the newest turn's reasoning with clear-thinking", () => {
    const thinking = (text: string, reasoning: string): Message => ({ ...assistant(text), reasoning });
    const talk = [
      sys('s'),
      user('one'),
      thinking('a', 'r'.repeat(400)),
      user('two'),
      thinking('b', 'r'.repeat(400)),
    ];
    const o = outcome(talk, 'clear-tool-uses', { 'clear-tool-uses': { clearThinking: true } });
    expect(o.cleared).toEqual([{ index: 2, tokensBefore: 101, tokensAfter: 1 }]);
  });
});

describe("Claude Code's microcompact", () => {
  const names = ['Read', 'Bash', 'Task', 'Grep', 'Read', 'Glob', 'Read', 'Bash'];
  const messages = session(names.map((name) => ({ name, tokens: 500 })));

  it('is off by default: the idle pause that triggers it is not in a transcript', () => {
    expect(outcome(messages, 'claude-code').cleared).toEqual([]);
  });

  it('clears all but the newest 5 results of the tools whose output can be fetched again', () => {
    const o = outcome(messages, 'claude-code', { 'claude-code': { microcompact: true } });
    // Seven clearable results (Task is not one); the two oldest, at 3 and 5, become the placeholder.
    expect(o.cleared).toEqual([
      { index: 3, tokensBefore: 500, tokensAfter: 9 },
      { index: 5, tokensBefore: 500, tokensAfter: 9 },
    ]);
  });
});

describe("Gemini CLI's truncation before it compresses", () => {
  it('cuts an old output longer than 40,000 characters once the newest 50,000 tokens are used', () => {
    const messages = session([{ tokens: 20_000 }, { tokens: 30_000 }, { tokens: 20_000 }]);
    const o = outcome(messages, 'gemini-cli');
    // Newest first: 20,000 and 30,000 fill the budget; the oldest (80,000 characters) keeps 40,000 of them.
    expect(o.cleared).toEqual([{ index: 3, tokensBefore: 20_000, tokensAfter: 10_000 }]);
  });
});
