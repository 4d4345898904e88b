import { describe, expect, it } from 'vitest';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import { breakdownOf } from './breakdown';
import { sessionCalls, sessionShapeOf } from './calls';
import type { SessionHistory } from './history';
import { positionInContext, recordedContext, recordedCurve } from './recorded';
import { replay } from './replay';

/** chars4: a message of n×4 characters of text counts n tokens, which keeps every sum exact. */
const chars4 = createEstimator('chars4', () => 0);
const text = (tokens: number) => 'x'.repeat(tokens * 4);
let seq = 0;
const msg = (role: Message['role'], tokens: number, extra: Partial<Message> = {}): Message => ({
  id: `m${seq++}`,
  role,
  content: text(tokens),
  ...extra,
});

/** system, then `rounds` of user → assistant(tool call) → tool result → assistant. */
function session(rounds: number, size = 1000): Message[] {
  const out: Message[] = [msg('system', 500)];
  for (let r = 0; r < rounds; r++) {
    out.push(msg('user', size / 10));
    out.push(msg('assistant', 0, { toolCalls: [{ id: `c${r}`, name: 'Read', arguments: '{}' }] }));
    out.push(msg('tool', size, { toolCallId: `c${r}`, toolName: 'Read' }));
    out.push(msg('assistant', size / 10));
  }
  return out;
}

describe('the calls of a session', () => {
  it('puts a call before each assistant message that follows something else', () => {
    const messages = [
      msg('user', 1),
      msg('assistant', 1),
      msg('assistant', 1),
      msg('tool', 1),
      msg('assistant', 1),
    ];
    const history: SessionHistory = { messages, compactions: [], calls: [] };
    expect(sessionCalls(history)).toEqual([
      { atMessage: 1, recorded: null },
      { atMessage: 4, recorded: null },
    ]);
  });

  it('adds a call where the file records one, even between assistant messages', () => {
    const messages = [msg('user', 1), msg('assistant', 1), msg('assistant', 1)];
    const call = {
      atMessage: 2,
      contextTokens: 9,
      inputTokens: 9,
      cacheReadTokens: null,
      cacheWriteTokens: null,
      outputTokens: 1,
    };
    expect(sessionCalls({ messages, compactions: [], calls: [call] }).map((c) => c.atMessage)).toEqual([
      1, 2,
    ]);
  });

  it("a summary written as the assistant's answer (OpenCode's) opens no call, and the reply after it opens one", () => {
    const messages = [
      msg('user', 1),
      msg('assistant', 1, { kind: 'summary' }),
      msg('assistant', 1),
      msg('user', 1),
      msg('assistant', 1),
    ];
    expect(sessionCalls({ messages, compactions: [], calls: [] }).map((c) => c.atMessage)).toEqual([2, 4]);
  });
});

describe('the recorded run', () => {
  // 0 u, 1 a, 2 u, 3 a | compaction at 4: summary 4 keeps 2 verbatim | 5 u, 6 a
  const messages = [
    msg('user', 10),
    msg('assistant', 20),
    msg('user', 30),
    msg('assistant', 40),
    msg('user', 5, { kind: 'summary' }),
    msg('user', 6),
    msg('assistant', 7),
  ];
  const history: SessionHistory = {
    messages,
    compactions: [
      {
        atMessage: 4,
        contextAfter: [4, 2],
        trigger: 'auto',
        tokensBefore: 103,
        tokensAfter: null,
        source: 'test',
      },
    ],
    calls: [
      {
        atMessage: 1,
        contextTokens: 12,
        inputTokens: 2,
        cacheReadTokens: 10,
        cacheWriteTokens: 0,
        outputTokens: 20,
      },
    ],
  };

  it('is, after a compaction, what it wrote and kept followed by everything after it', () => {
    expect(recordedContext(history, 3)).toEqual([0, 1, 2]);
    expect(recordedContext(history, 6)).toEqual([4, 2, 5]);
  });

  it('estimates each call from the counts and reports what the file recorded beside it', () => {
    const calls = sessionCalls(history);
    const counts = messages.map((m) => chars4.countMessage(m));
    expect(recordedCurve(history, calls, counts, 0)).toEqual([
      {
        call: 0,
        atMessage: 1,
        recordedTokens: 12,
        estimatedTokens: 10,
        cacheReadTokens: 10,
        cacheWriteTokens: 0,
      },
      {
        call: 1,
        atMessage: 3,
        recordedTokens: null,
        estimatedTokens: 60,
        cacheReadTokens: null,
        cacheWriteTokens: null,
      },
      {
        call: 2,
        atMessage: 6,
        recordedTokens: null,
        estimatedTokens: 41,
        cacheReadTokens: null,
        cacheWriteTokens: null,
      },
    ]);
  });
});

describe('where the tokens went', () => {
  it('splits the context by category, tool results by tool, and the parts add up to the messages', () => {
    const messages = [
      msg('system', 100),
      msg('user', 10, { kind: 'summary' }),
      msg('user', 20),
      msg('assistant', 5, {
        reasoning: text(7),
        toolCalls: [
          { id: 'a', name: 'Bash', arguments: text(3) },
          { id: 'b', name: 'Read', arguments: text(2) },
        ],
      }),
      msg('tool', 300, { toolCallId: 'a', toolName: 'Bash' }),
      msg('tool', 40, { toolCallId: 'b', toolName: 'Read' }),
      msg('tool', 60, { toolCallId: 'b', toolName: 'Read' }),
    ];
    const b = breakdownOf(messages, chars4);
    expect(b.categories.map((c) => [c.label, c.tokens, c.messages])).toEqual([
      ['System prompt', 100, 1],
      ['Summaries', 10, 1],
      ['User text', 20, 1],
      ['Assistant text', 5, 1],
      ['Reasoning', 7, 0],
      // chars4 counts a call as its name and arguments: (4 + 12) / 4 for Bash, (4 + 8) / 4 for Read.
      ['Tool calls', 7, 0],
      ['Tool results: Bash', 300, 1],
      ['Tool results: Read', 100, 2],
    ]);
    expect(b.total).toBe(messages.reduce((sum, m) => sum + chars4.countMessage(m), 0));
  });
});

describe('replay', () => {
  const history = (messages: Message[]): SessionHistory => ({ messages, compactions: [], calls: [] });

  it('with compaction off follows the recorded growth call for call', () => {
    const h = history(session(30));
    const shape = sessionShapeOf(h, chars4);
    const off = replay(shape, { maxContextTokens: 0 });
    const recorded = recordedCurve(h, sessionCalls(h), shape.counts, shape.listTail);
    expect(off.curve).toEqual(recorded.map((p) => p.estimatedTokens));
    expect(off.compactions).toEqual([]);
    expect(off.inputTokensTotal).toBe(recorded.reduce((sum, p) => sum + p.estimatedTokens, 0));
    expect(off.peakContextTokens).toBe(recorded.at(-1)!.estimatedTokens);
  });

  it('compacts before the call that finds the context over the threshold, and each compaction lowers it', () => {
    // Each round adds 1,200 tokens; window 12,000 − reserve 4,000 = threshold 8,000; keep 2,000.
    const shape = sessionShapeOf(history(session(20)), chars4);
    const r = replay(shape, {
      maxContextTokens: 12_000,
      reserveTokens: 4_000,
      keepRecentTokens: 2_000,
      strategy: 'budget',
    });
    expect(r.threshold).toBe(8_000);
    expect(r.compactions.length).toBeGreaterThanOrEqual(3);
    const first = r.compactions[0]!;
    // The call before it was still at or under the threshold.
    expect(r.curve[first.beforeCall - 1]).toBeLessThanOrEqual(8_000);
    expect(first.tokensBefore).toBeGreaterThan(8_000);
    expect(first.atMessage).toBe(shape.calls[first.beforeCall]);
    // The summary takes its budget: min(reserve·4/5, keep) = 2,000.
    expect(r.compactions.every((c) => c.summaryTokens === 2_000)).toBe(true);
    for (const c of r.compactions) expect(c.tokensAfter).toBeLessThan(c.tokensBefore);
    expect(r.curve[first.beforeCall]).toBe(first.tokensAfter);
    // From the second compaction on, the previous summary is summarized again.
    expect(r.summarizedAgainTokens).toBe(2_000 * (r.compactions.length - 1));
    expect(r.overflow).toBe(false);
  });

  it('a compaction lands on the same numbers as the analysis of that moment', () => {
    const shape = sessionShapeOf(history(session(20)), chars4);
    const settings = { maxContextTokens: 12_000, reserveTokens: 4_000, keepRecentTokens: 2_000 };
    const r = replay(shape, settings);
    const first = r.compactions[0]!;
    const before = sessionShapeOf(history(session(20).slice(0, first.atMessage)), chars4);
    expect(before.counts.reduce((a, b) => a + b, 0)).toBe(first.tokensBefore);
  });

  it('uses the summarizer it is given, and hands it the messages it replaces', () => {
    const shape = sessionShapeOf(history(session(20)), chars4);
    const seen: number[][] = [];
    const previous: (string | null)[] = [];
    const r = replay(
      shape,
      { maxContextTokens: 12_000, reserveTokens: 4_000, keepRecentTokens: 2_000 },
      {
        summarize: (request) => {
          seen.push(request.messages);
          previous.push(request.previousSummary);
          return { text: `summary ${seen.length}`, tokens: 300 };
        },
      },
    );
    expect(r.compactions.every((c) => c.summaryTokens === 300)).toBe(true);
    expect(seen[0]![0]).toBe(1);
    expect(previous.slice(0, 2)).toEqual([null, 'summary 1']);
  });

  it('flags an overflow when a single call does not fit the window even after compaction', () => {
    const messages = [msg('user', 10), msg('assistant', 10), msg('user', 9_000), msg('assistant', 10)];
    const r = replay(sessionShapeOf(history(messages), chars4), {
      maxContextTokens: 8_000,
      reserveTokens: 1_000,
    });
    expect(r.overflow).toBe(true);
    expect(r.overflowCalls).toBe(1);
    expect(r.peakContextTokens).toBeGreaterThan(8_000);
  });

  it('leaves out the summaries the agent itself wrote and replays the raw session', () => {
    const messages = session(3);
    const summary = msg('user', 50, { kind: 'summary' });
    const withSummary = [...messages.slice(0, 9), summary, ...messages.slice(9)];
    const h: SessionHistory = {
      messages: withSummary,
      compactions: [
        {
          atMessage: 9,
          contextAfter: [9],
          trigger: 'manual',
          tokensBefore: null,
          tokensAfter: null,
          source: 'test',
        },
      ],
      calls: [],
    };
    const off = replay(sessionShapeOf(h, chars4), { maxContextTokens: 0 });
    const raw = replay(sessionShapeOf(history(messages), chars4), { maxContextTokens: 0 });
    expect(off.curve).toEqual(raw.curve);
  });
});

describe('positionInContext', () => {
  it('finds a message where recordedContext puts it, before and after a compaction that kept some verbatim', () => {
    const messages: Message[] = Array.from({ length: 9 }, (_, i) => ({
      id: `p${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: `m${i}`,
    }));
    // A summary at 5 that keeps messages 3 and 4 verbatim after it.
    const history: SessionHistory = {
      messages,
      compactions: [
        {
          atMessage: 5,
          contextAfter: [5, 3, 4],
          trigger: null,
          tokensBefore: null,
          tokensAfter: null,
          source: 't',
        },
      ],
      calls: [],
    };
    for (let at = 0; at <= messages.length; at++) {
      const context = recordedContext(history, at);
      for (let index = 0; index < messages.length; index++) {
        const found = context.indexOf(index);
        expect(positionInContext(history, at, index)).toBe(found < 0 ? null : found);
      }
    }
    expect(positionInContext(history, 8, 3)).toBe(1);
    expect(positionInContext(history, 8, 1)).toBeNull();
  });
});

describe('summarizer calls in the replay', () => {
  const history = (messages: Message[]): SessionHistory => ({ messages, compactions: [], calls: [] });
  const settings = { maxContextTokens: 12_000, reserveTokens: 4_000, keepRecentTokens: 2_000 };

  it('counts one call per compaction for a cut rule, two for Gemini CLI, which verifies its snapshot', () => {
    const shape = sessionShapeOf(history(session(20)), chars4);
    const budget = replay(shape, { ...settings, strategy: 'budget' });
    const gemini = replay(shape, { ...settings, strategy: 'gemini-cli' });
    expect(budget.compactions.map((c) => c.summarizerCalls)).toEqual(budget.compactions.map(() => 1));
    expect(budget.summarizerCalls).toBe(budget.compactions.length);
    expect(gemini.compactions.length).toBeGreaterThan(0);
    expect(gemini.compactions.map((c) => c.summarizerCalls)).toEqual(gemini.compactions.map(() => 2));
    expect(gemini.summarizerCalls).toBe(2 * gemini.compactions.length);
  });

  it('counts none for a preset that only clears', () => {
    const shape = sessionShapeOf(history(session(20)), chars4);
    const masked = replay(shape, { ...settings, strategy: 'mask-observations' });
    expect([masked.compactions.length, masked.summarizerCalls]).toEqual([0, 0]);
  });
});
