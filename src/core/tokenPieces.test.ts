import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { createEstimator } from './estimate';
import type { Message } from './message';
import { encodePieces, messageTokens } from './tokenPieces';
import { loadEncoding, loadTokenizer } from './tokenizer';

const tiktoken = { o200k_base: new Tiktoken(o200k), cl100k_base: new Tiktoken(cl100k) };

/** Text like the hard cases tiktokenizer's fixtures cover: emoji, CJK, whitespace runs, code. */
const NASTY = [
  'Hello world',
  'hello  world\n\n\n  indented\ttab',
  '👨‍👩‍👧 family, 🙂 and 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  '日本語のテキスト、中文文本 and 한국어',
  'const x = {"path": "/home/u/a.ts", "n": 12345};\n  return x?.y ?? 0;',
  'a'.repeat(300),
  '<|endoftext|> is text here',
  'evil\u202Eexe.txt and zero\u200Bwidth',
];

describe('encodePieces', () => {
  for (const id of ['o200k_base', 'cl100k_base'] as const) {
    it(`gives the ids tiktoken gives (${id})`, async () => {
      const encoding = await loadEncoding(id);
      for (const text of NASTY) {
        const ids = encodePieces(encoding, text, 10_000).map((p) => p.id);
        expect(ids, text).toEqual(tiktoken[id].encode(text, [], []));
      }
    });
  }

  it('gives each token its text, and the pieces join back into the text', async () => {
    const encoding = await loadEncoding('o200k_base');
    expect(encodePieces(encoding, 'Hello world', 10)).toEqual([
      { id: 13225, text: 'Hello', partial: false },
      { id: 2375, text: ' world', partial: false },
    ]);
    const text = 'const x = {"a": 1};\n\n  // done';
    expect(
      encodePieces(encoding, text, 100)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('shows the bytes of a token that holds part of a character', async () => {
    const encoding = await loadEncoding('cl100k_base');
    const pieces = encodePieces(encoding, '🦜', 10);
    expect(pieces.map((p) => p.id)).toEqual(tiktoken.cl100k_base.encode('🦜'));
    expect(pieces.some((p) => p.partial)).toBe(true);
    for (const piece of pieces.filter((p) => p.partial)) expect(piece.text).toMatch(/^(\\x[0-9a-f]{2})+$/);
    expect(pieces.map((p) => p.text).join('')).toBe('\\xf0\\x9f\\xa6\\x9c');
  });

  it('stops at the limit, even inside one long piece', async () => {
    const encoding = await loadEncoding('o200k_base');
    const pieces = encodePieces(encoding, 'a'.repeat(200_000), 50);
    expect(pieces).toHaveLength(50);
    expect(pieces.every((p) => /^a+$/.test(p.text))).toBe(true);
    // js-tiktoken is quadratic in a piece's length: compared on a run it can still encode.
    const run = 'a'.repeat(1_000);
    expect(encodePieces(encoding, run, 10_000).map((p) => p.id)).toEqual(tiktoken.o200k_base.encode(run));
  });

  it('agrees with tiktoken on any text', async () => {
    const encoding = await loadEncoding('o200k_base');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(encodePieces(encoding, text, 1_000).map((p) => p.id)).toEqual(
          tiktoken.o200k_base.encode(text, [], []),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('messageTokens', () => {
  const message: Message = {
    id: 'm1',
    role: 'assistant',
    content: 'Running the tests now.',
    reasoning: 'The user wants the tests run.',
    toolCalls: [{ id: 'call_1', name: 'bash', arguments: '{"command":"npm test"}' }],
  };

  it("adds up to the message's count: each string's tokens plus the framing", async () => {
    const encoding = await loadEncoding('o200k_base');
    const count = await loadTokenizer('o200k_base');
    const tokens = messageTokens(message, encoding, count, 1_000);
    expect(tokens.parts.map((p) => p.label)).toEqual([
      'role',
      'text',
      'reasoning',
      'tool call bash: name',
      'tool call bash: arguments',
    ]);
    for (const part of tokens.parts) expect(part.pieces).toHaveLength(part.tokens);
    expect(tokens.framing).toBe(3 + 4);
    expect(tokens.total).toBe(createEstimator('o200k_base', count).countMessage(message));
    expect(tokens.complete).toBe(true);
  });

  it('names an image and an encrypted part by what they are, not as framing', async () => {
    const encoding = await loadEncoding('o200k_base');
    const count = await loadTokenizer('o200k_base');
    const withImages: Message = {
      id: 'm1',
      role: 'user',
      content: 'What is on these?',
      images: 2,
      opaqueTokens: 40,
    };
    const tokens = messageTokens(withImages, encoding, count, 1_000);
    expect(tokens.framing).toBe(3);
    expect(tokens.images).toBe(2 * 1_200);
    expect(tokens.encrypted).toBe(40);
    expect(tokens.total).toBe(createEstimator('o200k_base', count).countMessage(withImages));
  });

  it('shows at most the limit in all, first strings first, and keeps the whole counts', async () => {
    const encoding = await loadEncoding('o200k_base');
    const count = await loadTokenizer('o200k_base');
    const tokens = messageTokens(message, encoding, count, 4);
    expect(tokens.parts.map((p) => p.pieces.length)).toEqual([1, 3, 0, 0, 0]);
    expect(tokens.parts[1].tokens).toBe(tiktoken.o200k_base.encode(message.content).length);
    expect(tokens.total).toBe(createEstimator('o200k_base', count).countMessage(message));
    expect(tokens.complete).toBe(false);
  });
});
