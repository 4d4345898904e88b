import { describe, expect, it } from 'vitest';
import { createEstimator, framingTokens } from '../src/core/estimate';
import type { Message } from '../src/core/message';
import { loadTokenizer } from '../src/core/tokenizer';
import { createCountPool, shares } from './countPool';

const messages: Message[] = Array.from({ length: 40 }, (_, i) => ({
  id: `m${i}`,
  role: i % 3 === 0 ? 'user' : i % 3 === 1 ? 'assistant' : 'tool',
  content: `Step ${i}: don't panic — ${'naïve café 日本語 '.repeat(i % 7)}\n\tfunction f${i}(x) { return x * ${i}; }`,
  ...(i % 3 === 1
    ? {
        toolCalls: [
          { id: `call_${i}`, name: 'read_file', arguments: JSON.stringify({ path: `src/f${i}.ts` }) },
        ],
      }
    : {}),
  ...(i % 3 === 2 ? { toolCallId: `call_${i - 1}` } : {}),
}));

describe('shares of a transcript', () => {
  it('cuts it into contiguous runs, each ending once its share of the characters is reached', () => {
    const texts = [['aaaa'], ['bb'], ['cc'], ['dddd'], ['e', 'f']];
    expect(shares(texts, 2)).toEqual([
      [0, 3],
      [3, 5],
    ]);
    expect(shares(texts, 1)).toEqual([[0, 5]]);
    expect(shares([], 3)).toEqual([[0, 0]]);
  });
});

describe('the count pool', () => {
  it("gives each message's string counts, in order, exactly as one thread counts them", async () => {
    const pool = await createCountPool('o200k_base', 2);
    try {
      const counted = await pool.countMessages(messages);
      const estimator = createEstimator('o200k_base', await loadTokenizer('o200k_base'));
      expect(counted).toHaveLength(messages.length);
      expect(
        counted.map((strings, i) => framingTokens(messages[i]!) + strings.reduce((s, n) => s + n, 0)),
      ).toEqual(messages.map((m) => estimator.countMessage(m)));
      // Counting again from cold caches gives the same counts.
      expect(await pool.countMessages(messages, { fresh: true })).toEqual(counted);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
