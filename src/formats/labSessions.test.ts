/**
 * The session files real agents wrote in the conformance lab
 * (testing/lab/), shrunk to our own scripted text: each imports with every
 * message, every call paired with its result and every compaction in the
 * ledger, and no problem.
 */
import { describe, expect, it } from 'vitest';
import { geminiCut, geminiCliPreset, type GeminiCliParams } from '../core/harness/gemini-cli';
import { openCodeCut, opencodePreset, type OpenCodeParams } from '../core/harness/opencode';
import { findCutPoint } from '../core/cutPoint';
import { createEstimator } from '../core/estimate';
import type { Message, Role } from '../core/message';
import { detectFormat, importTranscript } from './registry';
import { counts, fixture } from './testSupport.node';

const defaultsOf = <P>(params: Record<string, { default: unknown }>): P =>
  Object.fromEntries(Object.entries(params).map(([k, spec]) => [k, spec.default])) as P;

/** A conversation of alternating prompts and plain replies, sized in tokens. */
function turns(counts: number[]) {
  const roles: Role[] = counts.map((_, i) => (i % 2 === 0 ? 'user' : 'assistant'));
  return { roles, counts, isSummary: counts.map(() => false) };
}

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

  it('summarizes all it had, as the preset does when the history ends on a plain reply', () => {
    const p = defaultsOf<GeminiCliParams>(geminiCliPreset.params);
    // Two turns of about 24,000 characters each, sized by characters / 4 as Gemini CLI measures them.
    expect(geminiCut(turns([6_148, 126, 6_077, 126]), 0, p)).toBe(4);
    // A resumed session measures its history alone: 0.01 of the 1,048,576 assumed (10,485.76) fires on the third turn.
    const threshold = geminiCliPreset.trigger(1_048_576, { ...p, thresholdFraction: 0.01 }).threshold;
    expect(threshold).toBe(10_486);
    expect([6_148 + 126, 6_148 + 126 + 6_077 + 126].map((t) => t >= threshold)).toEqual([false, true]);
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

describe('OpenCode 1.18.33, as the lab ran it', () => {
  const text = fixture('lab/opencode/export-1.18.33.json');

  it('sends the kept tail after the summary: the compaction part names it as tail_start_id', () => {
    expect(detectFormat(text).format).toBe('opencode');
    const result = importTranscript(text);
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'hidden-by-compaction',
        '5 messages before the last compaction are not sent to the model and were left out',
      ],
    ]);
    // As the request after the compaction carried them: question, summary, the turn's reply kept, the nudge.
    expect(result.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 22)])).toEqual([
      ['user', '', 'What did we do so far?'],
      ['assistant', 'summary', '## Goal\nCarry the conv'],
      ['assistant', '', '## Goal\nCarry the conv'],
      ['user', '', 'Continue if you have n'],
      ['assistant', '', '## Goal\nCarry the conv'],
      ['user', '', '"Fix src/add.js so the'],
      ['assistant', '', '## Goal\nCarry the conv'],
    ]);
    const history = result.history!;
    expect(history.compactions).toMatchObject([
      { atMessage: 7, contextAfter: [6, 7, 5], trigger: 'auto', tokensBefore: 18_761 },
    ]);
    expect(history.messages[5]!.id).toBe('msg_251f204920011BSmM0jLzweq3h');
  });

  it("fires where the preset's threshold does: the window less the reply, first reached by the third call", () => {
    const p = { ...defaultsOf<OpenCodeParams>(opencodePreset.params), maxOutputTokens: 4_000 };
    const threshold = opencodePreset.trigger(20_000, p).threshold;
    expect(threshold).toBe(16_000);
    const calls = importTranscript(text).history!.calls.map(
      (c) => (c.contextTokens ?? 0) + (c.outputTokens ?? 0),
    );
    // The third call's context is the first over; OpenCode summarized right after it.
    expect(calls.slice(0, 3)).toEqual([8_518, 14_645, 20_770]);
    expect(calls.findIndex((tokens) => tokens >= threshold)).toBe(2);
  });

  it('keeps what the preset keeps: the end of the newest turn that fits a quarter of the usable window', () => {
    const p = defaultsOf<OpenCodeParams>(opencodePreset.params);
    // Sizes from the recorded calls: each call's prompt less the one before, each reply 120 tokens.
    const view = turns([6_077, 120, 6_007, 120, 6_005, 120]);
    // OpenCode kept the third reply alone (tail_start_id): the turn's 6,125 tokens exceed the 4,000 budget.
    expect(openCodeCut(view, 0, 16_000, p)).toBe(5);
  });
});

describe('pi 1.6.0, as the lab ran it', () => {
  const text = fixture('lab/pi/session-1.6.0.jsonl');

  it('imports its automatic and its manual compaction, each with the turn it kept after the summary', () => {
    expect(detectFormat(text).format).toBe('pi');
    const result = importTranscript(text);
    expect(result.issues).toEqual([]);
    expect(result.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 20)])).toEqual([
      ['system', '', 'You are a coding ass'],
      ['user', 'summary', 'The conversation his'],
      ['user', '', 'Is the fix complete?'],
      ['assistant', '', '## Goal\nCarry the co'],
    ]);
    const history = result.history!;
    expect(history.compactions.map((c) => [c.atMessage, c.contextAfter, c.tokensBefore, c.line])).toEqual([
      [8, [7, 8, 5, 6], 18_957, 11],
      [14, [13, 14, 11, 12], 13_234, 16],
    ]);
    // Each kept the newest turn whole: its prompt and the reply.
    expect(history.messages[5]!.content).toMatch(/^Which line of src\/add\.js is wrong\?/);
    expect(history.messages[11]!.content).toMatch(/^Is the fix complete\?/);
  });

  it('fires past the window less the reserve, after the third call, as the pi strategy does', () => {
    const calls = importTranscript(text).history!.calls.map(
      (c) => (c.contextTokens ?? 0) + (c.outputTokens ?? 0),
    );
    expect(calls.slice(0, 3)).toEqual([6_705, 12_832, 18_957]);
    expect(calls.findIndex((tokens) => tokens > 20_000 - 4_000)).toBe(2);
  });

  it('cuts where the pi strategy cuts: at the prompt that brings the kept part to 4,000 tokens', () => {
    const chars4 = createEstimator('chars4', () => 0);
    const sized = (role: Role, chars: number, i: number): Message => ({
      id: `m${i}`,
      role,
      content: 'x'.repeat(chars),
    });
    // The three turns as sent: prompts of about 24,300 characters, replies of 480.
    const messages = [24_300, 480, 24_300, 480, 24_290, 480].map((chars, i) =>
      sized(i % 2 === 0 ? 'user' : 'assistant', chars, i),
    );
    expect(findCutPoint(messages, 0, 4_000, chars4, 'pi').firstKeptIdx).toBe(4);
  });
});

describe('Qwen Code 0.24.4, as the lab ran it', () => {
  const text = fixture('lab/qwen-code/session-0.24.4.jsonl');

  it('a chat_compression line is a compaction: its compressed history is the context from there on', () => {
    expect(detectFormat(text).format).toBe('qwen-code');
    const result = importTranscript(text);
    expect(result.issues.filter((i) => i.severity !== 'info')).toEqual([]);
    // The fourth turn compacted after its first read: summary, "Got it", the reminder of the
    // file it read, the read and its result, then the scripted model's closing reply.
    expect(result.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 20)])).toEqual([
      ['user', 'summary', '## Summary of the se'],
      ['assistant', '', 'Got it. Thanks for t'],
      ['user', '', 'The following files '],
      ['assistant', '', 'Reading the file.'],
      ['tool', '', 'Showing lines 1-97 o'],
      ['assistant', '', 'I read the README an'],
    ]);
    const compactions = result.history!.compactions;
    expect(compactions.map((c) => [c.atMessage, c.contextAfter, c.tokensBefore, c.tokensAfter])).toEqual([
      [3, [3, 4, 5, 1, 2], 37_957, 24_659],
      [8, [8, 4, 9], 35_241, 31_651],
      [12, [12, 4, 13, 10, 11], 28_785, 17_393],
      [16, [16, 4, 17], 26_878, 23_342],
      [20, [20, 4, 21, 18, 19], 28_782, 17_393],
      [26, [26, 4, 21, 24, 25], 30_293, 24_659],
    ]);
    expect(compactions.every((c) => c.trigger === 'auto' && c.source === 'chat_compression')).toBe(true);
  });

  it('a compression between a tool result and the call that sends it keeps that result after the call it answers', () => {
    const messages = importTranscript(text).history!.messages;
    // The first compression's history ends on the read; its result, written before it, follows it.
    const [, , , call, result] = importTranscript(text).history!.compactions[0]!.contextAfter.map(
      (i) => messages[i]!,
    );
    expect(call!.toolCalls?.map((c) => c.id)).toEqual([result!.toolCallId]);
  });
});

describe('Kilo 7.7.7, as the lab ran it', () => {
  const text = fixture('lab/kilo/export-7.7.7.json');

  it('imports as OpenCode: the question, the summary, then the prompt it sends again after compacting', () => {
    expect(detectFormat(text).format).toBe('opencode');
    const result = importTranscript(text);
    expect(result.issues.map((i) => i.code)).toEqual(['hidden-by-compaction']);
    expect(result.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 22)])).toEqual([
      ['user', '', 'What did we do so far?'],
      ['assistant', 'summary', '## Goal\nCarry the conv'],
      ['user', '', '"Fix src/add.js so the'],
      ['assistant', '', '## Goal\nCarry the conv'],
    ]);
    // Nothing of the turns before was kept: the compaction part names no tail.
    expect(result.history!.compactions).toMatchObject([
      { atMessage: 8, contextAfter: [7, 8], trigger: 'auto' },
    ]);
  });
});
