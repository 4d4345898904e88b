import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import type { HarnessParamsInput } from './params';

/** chars4: a message is a token per four characters of its text, arguments and tool name; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: 200_000,
    strategy: 'claude-code',
    harness,
    tokenizer: 'chars4',
  }).current;

/** A request, then one call and one result per tool, each with its arguments and `tokens` × 4 characters of output. */
function session(tools: { name: string; tokens: number; args?: Record<string, unknown> }[]): Message[] {
  const out: Message[] = [sys('you are an agent'), user('fix the parser')];
  tools.forEach(({ name, tokens, args = {} }, i) => {
    const c = call(`c${i}`, name, args);
    out.push(assistant('', [c]), toolResult(c, 'x'.repeat(tokens * 4)));
  });
  return out;
}

describe("Claude Code's microcompact", () => {
  it('clears PowerShell output like Bash output: both are its shell tools', () => {
    const names = ['PowerShell', 'Bash', 'Task', 'Read', 'PowerShell', 'Grep', 'Glob', 'Read'];
    const messages = session(names.map((name) => ({ name, tokens: 500 })));
    const o = outcome(messages, { 'claude-code': { microcompact: true } });
    // Seven clearable results (Task is not one): the two oldest, both shells, at 3 and 5.
    expect(o.cleared.map((c) => c.index)).toEqual([3, 5]);
  });
});

describe('what Claude Code puts back after its summary', () => {
  it('re-attaches the newest 5 file reads at up to 5,000 tokens each, the todo list and the plan', () => {
    const messages = session([
      { name: 'Read', tokens: 900 }, // the sixth newest read: not re-attached
      { name: 'Read', tokens: 8_000 }, // cut to 5,000
      { name: 'TodoWrite', tokens: 10, args: { todos: 't'.repeat(396) } }, // an older list
      { name: 'Read', tokens: 100 },
      { name: 'Bash', tokens: 3_000 }, // not a file read
      { name: 'Read', tokens: 200 },
      { name: 'ExitPlanMode', tokens: 10, args: { plan: 'p'.repeat(797) } },
      { name: 'Read', tokens: 300 },
      { name: 'TodoWrite', tokens: 10, args: { todos: 'n'.repeat(196) } }, // the newest list
      { name: 'Read', tokens: 400 },
    ]);
    const o = outcome(messages);
    // Reads: 400 + 300 + 200 + 100 + 5,000; the newest todo list {"todos":"n…"} is 208 characters,
    // 52 tokens; the plan {"plan":"p…"} is 808 characters, 202 tokens.
    expect(o.carriedTokens).toBe(6_000 + 52 + 202);
    expect(o.plan.firstKeptIdx).toBe(messages.length);
  });

  it('puts nothing back when nothing was read and no list or plan was written', () => {
    const o = outcome(session([{ name: 'Bash', tokens: 700 }]));
    expect(o.carriedTokens).toBe(0);
  });
});
