/** Where Gemini CLI's preset fires in the lab: its previous call's prompt, and only where its split finds something. */
import { describe, expect, it } from 'vitest';
import { countChars4 } from '../../src/core';
import { checkFiring } from './checks';
import { labSettings } from './kept';
import { previousPromptAt } from './previousPrompt';
import type { LabRequest } from './requests';

const text = (role: 'user' | 'model', value: string) => ({ role, parts: [{ text: value }] });
const call = (id: string) => ({
  role: 'model',
  parts: [
    { text: 'Reading the file.' },
    { functionCall: { id, name: 'read_file', args: { file_path: 'README.md' } } },
  ],
});
const result = (id: string) => ({
  role: 'user',
  parts: [{ functionResponse: { id, name: 'read_file', response: { output: 'a tiny calculator' } } }],
});

function request(call: number, tokens: number, contents: unknown[], summary = false): LabRequest {
  return {
    call,
    url: '/v1beta/models/agent:streamGenerateContent?alt=sse',
    family: 'gemini',
    model: 'agent',
    headers: {},
    body: {
      contents,
      systemInstruction: { parts: [{ text: 'You are a coding agent.' }] },
      ...(!summary && { tools: [{ functionDeclarations: [{ name: 'read_file' }] }] }),
    },
    tokens,
    usage: tokens + 20,
    summary,
  };
}

const SNAPSHOT = text('user', 'Generate a new <state_snapshot> based on the provided history.');
const TURN_ONE = [text('user', 'Read README.md.'), call('a'), result('a')];
const DONE = text('model', 'The project is a calculator.');

/** As Gemini CLI ran in the lab: one turn, then the history compressed before the next prompt. */
const SESSION: LabRequest[] = [
  request(1, 22_000, TURN_ONE.slice(0, 1)),
  request(2, 30_000, TURN_ONE),
  request(3, 30_100, [...TURN_ONE, DONE, SNAPSHOT], true),
  request(4, 30_200, [...TURN_ONE, DONE, text('model', '<state_snapshot>…'), SNAPSHOT], true),
  request(5, 1_500, [text('user', '<state_snapshot>…'), text('model', 'Got it.'), text('user', 'Fix it.')]),
];

/** 0.01 of the 1,048,576 tokens Gemini CLI assumes: 10,486. */
const gemini = labSettings(
  'gemini-cli',
  { window: 1_048_576, params: { thresholdFraction: 0.01 }, compares: 'previous-prompt' },
  0,
);

describe('previousPromptAt', () => {
  it('fires where the previous prompt reaches the point and the split leaves something: the summary call', () => {
    // Call 2's previous prompt (22,000) reaches 10,486, but its history is one prompt and a call: no split.
    expect(checkFiring(SESSION, gemini, { compares: 'previous-prompt', count: countChars4 })).toMatchObject({
      agentAt: 3,
      presetAt: 3,
      threshold: 10_486,
      matches: true,
    });
  });

  it("is the count the lab compared before: each call's own prompt fires at the first call, a mismatch", () => {
    expect(checkFiring(SESSION, gemini)).toMatchObject({ agentAt: 3, presetAt: 1, matches: false });
  });

  it('never fires on the first call: a new process has no previous prompt', () => {
    const trigger = { threshold: 10_486, comparison: 'reach' as const, formula: '' };
    expect(previousPromptAt(SESSION.slice(0, 2), trigger, gemini, countChars4)).toBe(null);
  });

  it('waits for a previous prompt at the point: under it, a history that ends on a reply does not fire', () => {
    const trigger = { threshold: 30_001, comparison: 'reach' as const, formula: '' };
    expect(previousPromptAt(SESSION, trigger, gemini, countChars4)).toBe(null);
    expect(previousPromptAt(SESSION, { ...trigger, threshold: 30_000 }, gemini, countChars4)).toBe(3);
  });
});
