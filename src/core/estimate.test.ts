import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimator, loadEstimator, type Estimator } from './estimate';
import type { Message } from './message';

const msg = (m: Partial<Message>): Message => ({ id: 'x', role: 'user', content: '', ...m });

describe('chars4 estimator (pi rule)', () => {
  const est = createEstimator('chars4', () => 0);

  it('counts a quarter token per UTF-16 code unit, rounded up', () => {
    expect(est.countMessage(msg({ content: 'Hello' }))).toBe(2);
  });

  it('counts tool name and JSON arguments together', () => {
    const m = msg({
      role: 'assistant',
      toolCalls: [{ id: 'c', name: 'read', arguments: '{"path":"file.ts"}' }],
    });
    expect(est.countMessage(m)).toBe(6);
  });

  it('prices an image at 4800 characters', () => {
    expect(est.countMessage(msg({ role: 'tool', content: 'tool text', images: 1 }))).toBe(1203);
  });

  it('counts reasoning and has no per-message or list overhead', () => {
    const m = msg({ role: 'assistant', content: 'abcd', reasoning: 'efgh' });
    expect(est.countMessage(m)).toBe(2);
    expect(est.countMessages([m, m])).toBe(4);
  });

  it('counts encrypted content at its estimated tokens, four characters each', () => {
    expect(est.countMessage(msg({ role: 'assistant', content: 'abcd', opaqueTokens: 100 }))).toBe(101);
  });

  it('counts UTF-16 code units, so an emoji is two', () => {
    expect(est.countString('😀😀')).toBe(1);
    expect(est.countString('😀😀😀')).toBe(2);
  });
});

describe('o200k_base estimator', () => {
  let est: Estimator;
  beforeAll(async () => {
    est = await loadEstimator('o200k_base');
  });

  it('counts text that looks like a special token as ordinary text instead of throwing', () => {
    expect(est.countString('<|endoftext|> is special')).toBe(9);
  });

  it('counts nasty inputs: emoji sequences, CJK, whitespace runs, empty strings', () => {
    expect(est.countString('👩‍👩‍👧 family')).toBe(9);
    expect(est.countString('日本語のテキスト')).toBe(6);
    expect(est.countString('    \n\n\t  ')).toBe(2);
    expect(est.countString('')).toBe(0);
  });

  it('adds 3 per message plus the role', () => {
    // 3 + role 1 + content 4
    expect(est.countMessage(msg({ content: 'Hello, world!' }))).toBe(8);
  });

  it('adds name, tool call id, reasoning, each call plus 4, and 1200 per image', () => {
    const m = msg({
      role: 'assistant',
      content: 'Hello, world!',
      reasoning: 'Hello, world!',
      toolCalls: [{ id: 'call_1', name: 'read', arguments: '{"path":"src/a.ts"}' }],
      images: 2,
    });
    // 3 + role 1 + content 4 + reasoning 4 + (read 1 + args 7 + 4) + 2 × 1200
    expect(est.countMessage(m)).toBe(2424);
    const result = msg({ role: 'tool', content: 'Hello, world!', toolCallId: 'call_1', name: 'read' });
    // 3 + role 1 + content 4 + name 1 + id 3
    expect(est.countMessage(result)).toBe(12);
  });

  it('adds encrypted content at its estimated tokens, unscaled like the framing', () => {
    // 3 + role 1 + content 4 + 500 estimated
    expect(est.countMessage(msg({ role: 'assistant', content: 'Hello, world!', opaqueTokens: 500 }))).toBe(
      508,
    );
  });

  it('adds 3 at the end of a list', () => {
    const m = msg({ content: 'Hello, world!' });
    expect(est.countMessages([m, m])).toBe(19);
    expect(est.countMessages([])).toBe(3);
  });

  it('multiplies string counts by the scale and rounds each, leaving framing alone', () => {
    const m = msg({ content: 'some conversation content '.repeat(10) });
    expect(est.countMessage(m)).toBe(35); // 3 + 1 + 31
    expect(est.withScale(1.5).countMessage(m)).toBe(52); // 3 + round(1.5) + round(46.5)
    expect(est.withScale(0.5).countString('Hello, world!')).toBe(2);
  });

  it('tokenizes a message once, however often it is counted or rescaled', () => {
    let calls = 0;
    const counting = createEstimator('o200k_base', (text) => {
      calls++;
      return text.length;
    });
    const m = msg({ content: 'abc' });
    counting.countMessage(m);
    counting.countMessage(m);
    counting.withScale(1.2).countMessages([m, m]);
    expect(calls).toBe(5); // role, content, name, toolCallId, reasoning: once each
  });

  it("gives a message's reasoning and each call's arguments from the same counts, scaled, counting nothing again", () => {
    let calls = 0;
    const counting = createEstimator('o200k_base', (text) => {
      calls++;
      return text.length;
    });
    const m = msg({
      role: 'assistant',
      reasoning: 'think it through',
      toolCalls: [
        { id: 'a', name: 'read', arguments: '{"path":"a.ts"}' },
        { id: 'b', name: 'write', arguments: '{}' },
      ],
    });
    counting.countMessage(m);
    expect(counting.countFields(m)).toEqual({ reasoning: 16, arguments: [15, 2] });
    expect(counting.withScale(1.5).countFields(m)).toEqual({ reasoning: 24, arguments: [23, 3] });
    expect(calls).toBe(9);
  });
});

describe('cl100k_base estimator', () => {
  it('differs from o200k on emoji and CJK', async () => {
    const est = await loadEstimator('cl100k_base');
    expect(est.countString('👩‍👩‍👧 family')).toBe(14);
    expect(est.countString('日本語のテキスト')).toBe(8);
  });
});
