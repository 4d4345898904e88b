/** The lab's checks over recorded requests: where the agent and its preset fire, what was kept, the unseen part. */
import { describe, expect, it } from 'vitest';
import { countChars4 } from '../../src/core';
import { checkFiring, checkUnseen, importIsExact, type ImportCheck } from './checks';
import { checkKept, labSettings } from './kept';
import type { LabRequest } from './requests';

const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const call = (id: string) => ({ type: 'function_call', call_id: id, name: 'exec_command', arguments: '{}' });
const output = (id: string) => ({ type: 'function_call_output', call_id: id, output: 'ok' });

function request(call: number, tokens: number, input: unknown[], summary = false): LabRequest {
  return {
    call,
    url: '/v1/responses',
    family: 'openai-responses',
    model: 'agent',
    headers: {},
    body: { input, tools: [{ type: 'function', name: 'exec_command' }] },
    tokens,
    usage: tokens + 20,
    summary,
  };
}

const COMPACT = 'You are performing a CONTEXT CHECKPOINT COMPACTION.';
const SESSION: LabRequest[] = [
  request(1, 9_000, [user('Go.')]),
  request(2, 14_000, [user('Go.'), call('a'), output('a')]),
  request(3, 19_990, [user('Go.'), call('a'), output('a'), call('b'), output('b')]),
  request(4, 20_500, [user('Go.'), call('a'), output('a'), call('b'), output('b'), user(COMPACT)], true),
  request(5, 6_000, [user('Go.'), user('## Summary')]),
];

const codex = (params: Record<string, unknown>) => labSettings('codex', { window: 30_000, params }, 0);

describe('checkFiring', () => {
  it("finds the agent's summarization request and the preset's point from the usage the call before got back", () => {
    // Call 3's usage (19,990 + 20) reaches Codex's 20,000: the preset says the next call compacts.
    expect(checkFiring(SESSION, codex({ autoCompactLimit: 20_000 }))).toMatchObject({
      agentAt: 4,
      presetAt: 4,
      threshold: 20_000,
      matches: true,
      tokensBefore: 19_990,
      tokensAfter: 6_000,
    });
  });

  it('reports a mismatch when the preset would fire more than one call away', () => {
    const check = checkFiring(SESSION, codex({ autoCompactLimit: 10_000 }));
    expect(check.presetAt).toBe(2);
    expect(check.matches).toBe(false);
  });

  it('counts the summarization call when the preset fires on the conversation as it stood there', () => {
    // pi measures the results it has not sent yet: no request before the summary reaches the point.
    const early = SESSION.map((r) => ({ ...r, tokens: 1_000, usage: 1_000 }));
    expect(checkFiring(early, codex({ autoCompactLimit: 20_000 })).presetAt).toBe(null);
    expect(
      checkFiring(early, codex({ autoCompactLimit: 20_000 }), {
        compares: 'prompt-or-usage',
        firesAtSummary: true,
      }),
    ).toMatchObject({
      agentAt: 4,
      presetAt: 4,
      matches: true,
    });
  });

  it('says the agent never fired when no request asked for a summary', () => {
    expect(checkFiring(SESSION.slice(0, 3), codex({}))).toMatchObject({
      agentAt: null,
      matches: false,
    });
  });
});

describe('checkKept', () => {
  it('counts what the request after the summary kept verbatim, and quotes the summary prompt', () => {
    expect(checkKept(SESSION, countChars4)).toMatchObject({
      summaryCall: 4,
      conversation: 5,
      summaryPrompt: COMPACT,
      agent: { indexes: [0], userTexts: 1, toolCalls: 0, toolResults: 0 },
    });
  });
});

describe('checkUnseen', () => {
  it('measures the system prompt and the tool definitions of the first request that declares tools', () => {
    const first = { ...SESSION[0], body: { ...SESSION[0].body, instructions: 'x'.repeat(400) } };
    expect(checkUnseen([first], countChars4)).toEqual({ systemTokens: 100, toolTokens: 11, tools: 1 });
  });
});

describe('importIsExact', () => {
  const exact: ImportCheck = {
    file: 'f',
    detected: 'codex',
    messages: 4,
    toolCalls: 1,
    toolResults: 1,
    unpaired: 0,
    compactionsInFile: 1,
    compactionsImported: 1,
    compactionsInLedger: 1,
    problems: [],
  };
  it('holds only with no problem, nothing unpaired and every marked compaction imported and in the ledger', () => {
    expect(importIsExact(exact)).toBe(true);
    expect(importIsExact({ ...exact, unpaired: 1 })).toBe(false);
    expect(importIsExact({ ...exact, compactionsImported: 0 })).toBe(false);
    expect(importIsExact({ ...exact, compactionsInLedger: 0 })).toBe(false);
    expect(importIsExact({ ...exact, problems: ['detected as openai-responses, not codex'] })).toBe(false);
  });
});
