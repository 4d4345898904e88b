/**
 * What holds for every replay, whatever the session, the settings or the
 * strategy: the context only goes over the window when `overflow` says so,
 * a compaction always lowers the context, the input total is the sum over
 * the calls, and with compaction off the replay is the recorded growth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimator, loadEstimator } from '../estimate';
import type { Message } from '../message';
import { STRATEGIES } from '../settings';
import { breakdownOf } from './breakdown';
import { sessionCalls, sessionShapeOf } from './calls';
import type { SessionHistory } from './history';
import { recordedCurve } from './recorded';
import { replay } from './replay';

const chars4 = createEstimator('chars4', () => 0);

const sessionArb = fc
  .record({
    system: fc.nat(400),
    turns: fc.array(
      fc.record({
        prompt: fc.nat(800),
        rounds: fc.array(
          fc.record({
            text: fc.nat(300),
            reasoning: fc.nat(200),
            tool: fc.constantFrom('Read', 'Bash', 'Grep'),
            result: fc.nat(6000),
          }),
          { maxLength: 6 },
        ),
        answer: fc.nat(600),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  })
  .map(({ system, turns }) => {
    const x = (tokens: number) => 'x'.repeat(tokens * 4);
    const messages: Message[] = [];
    let id = 0;
    if (system) messages.push({ id: `m${id++}`, role: 'system', content: x(system) });
    for (const turn of turns) {
      messages.push({ id: `m${id++}`, role: 'user', content: x(turn.prompt) });
      for (const round of turn.rounds) {
        const call = `c${id}`;
        messages.push({
          id: `m${id++}`,
          role: 'assistant',
          content: x(round.text),
          reasoning: round.reasoning ? x(round.reasoning) : undefined,
          toolCalls: [{ id: call, name: round.tool, arguments: '{"path":"src/a.ts"}' }],
        });
        messages.push({
          id: `m${id++}`,
          role: 'tool',
          content: x(round.result),
          toolCallId: call,
          toolName: round.tool,
        });
      }
      messages.push({ id: `m${id++}`, role: 'assistant', content: x(turn.answer) });
    }
    return messages;
  });

const settingsArb = fc.record({
  maxContextTokens: fc.constantFrom(0, 8_000, 16_000, 32_000, 64_000),
  reserveTokens: fc.constantFrom(1_000, 4_000, 16_384),
  keepRecentTokens: fc.constantFrom(500, 2_000, 8_000, 20_000),
  strategy: fc.constantFrom(...STRATEGIES),
});

const historyOf = (messages: Message[]): SessionHistory => ({ messages, compactions: [], calls: [] });

describe('replay invariants', () => {
  it('goes over the window only where overflow says so; each compaction lowers the context; totals add up', () => {
    fc.assert(
      fc.property(sessionArb, settingsArb, (messages, settings) => {
        const r = replay(sessionShapeOf(historyOf(messages), chars4), settings);
        const over = r.curve.filter((t) => r.window > 0 && t > r.window).length;
        expect(r.overflowCalls).toBe(over);
        expect(r.overflow).toBe(over > 0);
        for (const c of r.compactions) {
          expect(c.tokensAfter).toBeLessThan(c.tokensBefore);
          expect(r.curve[c.beforeCall]).toBe(c.tokensAfter);
        }
        expect(r.inputTokensTotal).toBe(r.curve.reduce((a, b) => a + b, 0));
        expect(r.peakContextTokens).toBe(Math.max(0, ...r.curve));
      }),
      { numRuns: 150 },
    );
  });

  it('with compaction off equals the recorded growth', () => {
    fc.assert(
      fc.property(sessionArb, fc.constantFrom(...STRATEGIES), (messages, strategy) => {
        const h = historyOf(messages);
        const shape = sessionShapeOf(h, chars4);
        const off = replay(shape, { enabled: false, maxContextTokens: 8_000, strategy });
        const recorded = recordedCurve(h, sessionCalls(h), shape.counts, shape.listTail);
        expect(off.curve).toEqual(recorded.map((p) => p.estimatedTokens));
        expect(off.compactions).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('the breakdown adds up to the messages under a BPE tokenizer too', async () => {
    const o200k = await loadEstimator('o200k_base');
    fc.assert(
      fc.property(sessionArb, (messages) => {
        const b = breakdownOf(messages, o200k);
        expect(b.total).toBe(messages.reduce((sum, m) => sum + o200k.countMessage(m), 0));
        for (const c of b.categories) expect(c.tokens).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 6 },
    );
  });
});
