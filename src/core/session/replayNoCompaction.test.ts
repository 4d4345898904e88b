import { describe, expect, it } from 'vitest';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { sessionShapeOf } from './calls';
import { replay } from './replay';

/** chars4: a message of n×4 characters counts n tokens, which keeps every sum exact. */
const chars4 = createEstimator('chars4', () => 0);
let seq = 0;
const msg = (role: Message['role'], tokens: number, extra: Partial<Message> = {}): Message => ({
  id: `m${seq++}`,
  role,
  content: 'x'.repeat(tokens * 4),
  ...extra,
});

/** A 500-token system prompt, then `rounds` of user → call → 1,000-token result → answer (1,200 tokens a round). */
function session(rounds: number): Message[] {
  const out: Message[] = [msg('system', 500)];
  for (let r = 0; r < rounds; r++) {
    out.push(msg('user', 100));
    out.push(msg('assistant', 0, { toolCalls: [{ id: `c${r}`, name: 'Read', arguments: '{}' }] }));
    out.push(msg('tool', 1_000, { toolCallId: `c${r}`, toolName: 'Read' }));
    out.push(msg('assistant', 100));
  }
  return out;
}

const shape = sessionShapeOf({ messages: session(8), compactions: [], calls: [] }, chars4);
/** ADK at its documented token_threshold of 4,000: a token count, reached early in this session. */
const adk = {
  strategy: 'adk' as const,
  maxContextTokens: 200_000,
  harness: { adk: { tokenThreshold: 4_000 } },
};

describe('why a replay makes no compaction past its threshold', () => {
  it('says each cut ADK planned would be replaced by a summary as long, when its summary budget exceeds what it cuts', () => {
    // The default reserve of 16,384 gives a 13,107-token summary budget: more than this whole session.
    const r = replay(shape, adk);
    expect([r.threshold, r.compactions.length]).toEqual([4_000, 0]);
    expect(r.peakContextTokens).toBeGreaterThan(4_000);
    expect(r.noCompaction).toEqual({
      reason: 'summary-not-shorter',
      asks: 11,
      replacedTokens: 7_312,
      summaryTokens: 7_312,
      everyCall: false,
      text: 'at the 11 calls where the context reached its threshold, each cut it planned would replace at most 7,312 tokens, and its summary would be as long (7,312 tokens): no cut makes the context shorter, so it never compacts',
    });
  });

  it('gives no reason when it compacts', () => {
    const r = replay(shape, { ...adk, maxSummaryTokens: 1_000 });
    expect(r.compactions.length).toBeGreaterThan(0);
    expect(r.noCompaction).toBeNull();
  });

  it('gives no reason when the context never reaches the threshold', () => {
    const r = replay(shape, { ...adk, harness: { adk: { tokenThreshold: 50_000 } } });
    expect(r.compactions).toEqual([]);
    expect(r.noCompaction).toBeNull();
  });

  it('says a masking preset, which acts at every call, only clears in place', () => {
    // 14 tool results: the four oldest lose their output once the newest ten are kept.
    const long = sessionShapeOf({ messages: session(14), compactions: [], calls: [] }, chars4);
    const r = replay(long, { strategy: 'mask-observations', maxContextTokens: 200_000 });
    expect(r.compactions).toEqual([]);
    expect(r.clearings).toBeGreaterThan(0);
    expect(r.noCompaction?.reason).toBe('clears-only');
    expect(r.noCompaction?.text).toMatch(
      /^at each of its \d+ calls \(it acts at every call\), it cleared tool output in place/,
    );
  });
});
