import { describe, expect, it } from 'vitest';
import { answers, assistant, scripted, sys, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createCompactor } from '../compactor';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { carryUserMessages } from './carry';
import { injectedKind } from './injected';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

/** `head` padded with `fill` to `tokens` × 4 characters: `tokens` tokens under chars4. */
const text = (head: string, tokens: number, fill = '.') => head + fill.repeat(tokens * 4 - head.length);

/**
 * A Codex session as its rollout gives it: the AGENTS.md instructions and the
 * environment injected as user messages at the start, prompts, and the
 * environment injected again when the directory changed.
 */
const session: Message[] = [
  sys(text('You are Codex.', 10)),
  user(text('# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRun the tests.\n</INSTRUCTIONS>', 100)),
  user(text('<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>', 20)),
  user(text('fix the parser', 10_000, 'a')),
  assistant(text('done', 1_000, 'x')),
  user(text('now the printer', 12_000, 'b')),
  assistant(text('done', 1_000, 'y')),
  user(text('  <ENVIRONMENT_CONTEXT>\n  <cwd>/repo/printer</cwd>\n</ENVIRONMENT_CONTEXT>', 20)),
  user(text('and the tests', 6_000, 'c')),
];

describe('Codex injected instructions', () => {
  it('are recognised by their opening, in any case, after white space', () => {
    expect(session.map(injectedKind)).toEqual([
      null,
      'user_instructions',
      'environment_context',
      null,
      null,
      null,
      null,
      'environment_context',
      null,
    ]);
    expect(injectedKind(user('<user_instructions>\nbe terse\n</user_instructions>'))).toBe(
      'user_instructions',
    );
    // Only a user message is an injection, and only at its start.
    expect(injectedKind(assistant('<environment_context>'))).toBeNull();
    expect(injectedKind(user('see <environment_context> below'))).toBeNull();
  });

  it('go back first and whole, the newest of each kind, outside the 20,000 tokens of prompts', () => {
    const carried = carryUserMessages(session, 20_000, chars4);
    // The instructions at 1 and the newest environment at 7; then 2,000 of the
    // prompt at 3 (shortened), the 12,000 at 5 and the 6,000 at 8.
    expect(carried.slice(0, 2)).toEqual([session[1], session[7]]);
    expect(carried.slice(3)).toEqual([session[5], session[8]]);
    expect(carried[2].content.startsWith('fix the parser')).toBe(true);
    expect(carried.map((m) => chars4.countMessage(m))).toEqual([100, 20, 2_007, 12_000, 6_000]);
  });

  it('count beside the prompts in what the compaction leaves', () => {
    const a = analyze(shapeOf(session, chars4), {
      maxContextTokens: 200_000,
      tokenizer: 'chars4',
      strategy: 'codex',
      harness: { codex: { autoCompactLimit: 20_000 } },
    });
    // 100 + 20 of instructions, then 20,000 of the 28,000 tokens of prompts.
    expect([a.shouldCompact, a.plan.firstKeptIdx, a.current.carriedTokens]).toEqual([
      true,
      session.length,
      20_120,
    ]);
  });

  it('rebuild the context as system prompt, instructions, prompts, summary', async () => {
    const compactor = createCompactor(scripted(answers('the summary')), chars4, {
      maxContextTokens: 200_000,
      tokenizer: 'chars4',
      strategy: 'codex',
    })!;
    const result = await compactor.compact(session);
    expect(result.messages.slice(0, 3)).toEqual([session[0], session[1], session[7]]);
    expect(result.messages.slice(4, 6)).toEqual([session[5], session[8]]);
    expect(result.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'user',
      'user',
      'user',
      'user',
      'user',
    ]);
    expect(result.messages[6].content).toContain('the summary');
  });
});
