/**
 * The session files real agents wrote in the conformance lab
 * (testing/lab/), shrunk to our own scripted text: each imports with every
 * message, every call paired with its result and every compaction in the
 * ledger, and no problem.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, importTranscript } from './registry';
import { counts, fixture } from './testSupport.node';

describe('Gemini CLI 0.61.0, as the lab ran it', () => {
  const text = fixture('lab/gemini-cli/session-0.61.0.jsonl');

  it('is one compression: a $set of the whole history that brings a summary and "Got it" in place of the turns', () => {
    expect(detectFormat(text).format).toBe('gemini-cli');
    const result = importTranscript(text);
    expect(result.issues).toEqual([]);
    expect(result.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 24)])).toEqual([
      ['user', '', '<session_context>\n(the l'],
      ['user', 'summary', '## Goal\nCarry the conver'],
      ['assistant', '', 'Got it. Thanks for the a'],
      ['user', '', 'Fix src/add.js so the te'],
      ['assistant', '', '## Goal\nCarry the conver'],
    ]);
    const history = result.history!;
    expect(history.messages.map((m) => m.content.slice(0, 20))).toEqual([
      '<session_context>\n(t',
      'Read README.md and s',
      '## Goal\nCarry the co',
      'Why does the test in',
      '## Goal\nCarry the co',
      '## Goal\nCarry the co',
      'Got it. Thanks for t',
      'Fix src/add.js so th',
      '## Goal\nCarry the co',
    ]);
    // The session context is kept as it was; the summary and the acknowledgement are new.
    expect(history.compactions).toEqual([
      {
        atMessage: 5,
        contextAfter: [0, 5, 6],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        source: '$set messages',
        line: 20,
      },
    ]);
    expect(counts(result.messages)).toMatchObject({
      messages: 5,
      toolCalls: 0,
      pairedResults: 0,
      summaries: 1,
    });
  });

  it('a resumed session writing its whole history again is a reload, not a compression', () => {
    const firstTwoTurns = text.split('\n').slice(0, 14).join('\n');
    const result = importTranscript(firstTwoTurns);
    expect(result.messages.map((m) => m.content.slice(0, 20))).toEqual([
      '<session_context>\n(t',
      'Read README.md and s',
      '## Goal\nCarry the co',
      'Why does the test in',
      '## Goal\nCarry the co',
    ]);
    expect(result.history?.compactions ?? []).toEqual([]);
  });
});
