import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answers, assistant, call, scripted, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createCompactor } from '../compactor';
import { createEstimator } from '../estimate';
import type { Message } from '../message';
import type { SettingsInput, Strategy } from '../settings';
import { summaryMessage } from '../summaryEnvelope';
import { KILO_TAIL } from './kilo';
import { openCodeTailBudget } from './opencode';
import { DEFAULT_HARNESS_PARAMS, type HarnessParamsInput } from './params';

const chars4 = createEstimator('chars4', () => 0);
const base: SettingsInput = { maxContextTokens: 200_000, tokenizer: 'chars4' };

const analysis = (
  messages: Message[],
  strategy: Strategy,
  harness: HarnessParamsInput = {},
  settings: SettingsInput = {},
) => analyze(shapeOf(messages, chars4), { ...base, ...settings, strategy, harness });

/** A turn of a user message and a reply, `user` and `reply` tokens long (chars4). */
const turn = (userTokens: number, replyTokens: number): Message[] => [
  user('u'.repeat(userTokens * 4)),
  assistant('a'.repeat(replyTokens * 4)),
];

describe('Claude Code', () => {
  it('summarizes everything after the system prompt; the context is the system prompt and the summary', () => {
    const messages = [sys('s'.repeat(400)), ...turn(100, 9_000), ...turn(100, 9_000)];
    // Window 40,000: threshold 40,000 − 20,000 − 13,000 = 7,000, under the 18,500 here.
    const a = analysis(messages, 'claude-code', {}, { maxContextTokens: 40_000 });
    expect([a.shouldCompact, a.plan.firstKeptIdx, a.plan.history]).toEqual([true, 5, { from: 1, to: 5 }]);
    expect(a.fates).toEqual(['system', 'summarized', 'summarized', 'summarized', 'summarized']);
    expect(a.current.tokensAfter).toBe(100 + a.summaryBudget);
  });

  it('does not act under its threshold: after is before, not the context a compaction would leave', () => {
    const messages = [sys('s'.repeat(400)), ...turn(100, 900), ...turn(100, 900)];
    const a = analysis(messages, 'claude-code');
    expect([a.shouldCompact, a.current.tokensAfter, a.contextTokens]).toEqual([false, 2_100, 2_100]);
  });
});

describe('Codex', () => {
  const messages = [
    sys('s'.repeat(40)),
    ...turn(8_000, 100),
    summaryMessage('earlier'),
    ...turn(9_000, 100),
    ...turn(7_000, 100),
  ];

  it('carries the newest prompts, up to 20,000 tokens, before the summary; earlier summaries are not prompts', () => {
    // Its own limit at 20,000 makes it act on these 24,336 tokens.
    const a = analysis(messages, 'codex', { codex: { autoCompactLimit: 20_000 } });
    // 7,000 + 9,000, then 4,000 of the 8,000 prompt from before the earlier summary.
    expect([a.shouldCompact, a.plan.firstKeptIdx, a.current.carriedTokens]).toEqual([
      true,
      messages.length,
      20_000,
    ]);
    // The prompts and the summary together are never estimated longer than what they replace.
    expect([a.contextTokens, a.current.tokensAfter]).toEqual([24_336, 10 + 20_000 + 4_326]);
  });

  it('rebuilds exactly that: the system prompt, the prompts (the crossing one shortened), then the summary', async () => {
    const compactor = createCompactor(scripted(answers('the summary')), chars4, {
      ...base,
      strategy: 'codex',
    })!;
    const result = await compactor.compact(messages);
    expect(result.messages.map((m) => [m.role, chars4.countMessage(m)])).toEqual([
      ['system', 10],
      // 4,000 tokens of the 8,000 prompt's head and tail, and the note of what was left out.
      ['user', 4_007],
      ['user', 9_000],
      ['user', 7_000],
      ['user', chars4.countMessage(result.messages[4])],
    ]);
    expect(result.messages[4].kind).toBe('summary');
  });
});

describe('OpenCode', () => {
  // A 40,000 window leaves 8,000 usable, which these sessions exceed; the tail budget is set to 8,000,
  // what a quarter of a 200,000 window's usable part comes to (42,000, capped at 8,000).
  const opencode = (messages: Message[]) =>
    analysis(
      messages,
      'opencode',
      { opencode: { preserveRecentTokens: 8_000 } },
      { maxContextTokens: 40_000 },
    );

  it('derives the tail budget from the usable window: a quarter, within 2,000–15,000 (Kilo: 8,000)', () => {
    expect(openCodeTailBudget(168_000, DEFAULT_HARNESS_PARAMS.opencode)).toBe(15_000);
    expect(openCodeTailBudget(40_000, DEFAULT_HARNESS_PARAMS.opencode)).toBe(10_000);
    expect(openCodeTailBudget(20_000, DEFAULT_HARNESS_PARAMS.opencode)).toBe(5_000);
    expect(openCodeTailBudget(4_000, DEFAULT_HARNESS_PARAMS.opencode)).toBe(2_000);
    expect(openCodeTailBudget(168_000, DEFAULT_HARNESS_PARAMS.kilo, KILO_TAIL)).toBe(8_000);
  });

  it('keeps every newest turn that fits, not only two, unless tail_turns caps them', () => {
    const messages = [
      sys('s'),
      ...turn(100, 4_900),
      ...turn(100, 1_900),
      ...turn(100, 1_900),
      ...turn(100, 1_900),
    ];
    // 2,000 × 3 fit 8,000; the first turn (5,000) does not, and its reply alone (4,900) does not fit the 2,000 left.
    expect(opencode(messages).plan.firstKeptIdx).toBe(3);
    const capped = analysis(
      messages,
      'opencode',
      { opencode: { preserveRecentTokens: 8_000, tailTurns: 2 } },
      { maxContextTokens: 40_000 },
    );
    expect(capped.plan.firstKeptIdx).toBe(5);
  });

  it('splits the turn that does not fit: its end from an assistant message on, never from a tool result', () => {
    const c1 = call('c1', 'read', {});
    const c2 = call('c2', 'read', {});
    const messages = [
      sys('s'),
      ...turn(100, 900),
      user('u'.repeat(400)),
      assistant('', [c1]),
      toolResult(c1, 'x'.repeat(36_000)),
      assistant('', [c2]),
      toolResult(c2, 'y'.repeat(4_000)),
      assistant('a'.repeat(1_600)),
    ];
    // The newest turn (3–8, about 10,600) is over 8,000; from the call at 4 it still is; from the
    // call at 6 (about 1,400) it fits: the tail starts inside the turn, at 6.
    expect(opencode(messages).plan.firstKeptIdx).toBe(6);
    // Kilo splits it the same way (its splitTurn).
    const kilo = analysis(
      messages,
      'kilo',
      { kilo: { preserveRecentTokens: 8_000 } },
      { maxContextTokens: 40_000 },
    );
    expect(kilo.plan.firstKeptIdx).toBe(6);
  });

  it('keeps the newest two turns when they fit its tail budget', () => {
    const messages = [
      sys('s'),
      ...turn(100, 4_900),
      ...turn(100, 2_900),
      ...turn(100, 3_900),
      ...turn(100, 2_900),
    ];
    const a = opencode(messages);
    // 4,000 + 3,000 ≤ 8,000: the tail starts at the third turn, index 5.
    expect(a.plan.firstKeptIdx).toBe(5);
    expect(a.fates.slice(1)).toEqual([
      'summarized',
      'summarized',
      'summarized',
      'summarized',
      'kept',
      'kept',
      'kept',
      'kept',
    ]);
  });

  it('keeps only the newest turn when two do not fit, and nothing when the newest alone does not', () => {
    const one = [sys('s'), ...turn(100, 900), ...turn(100, 4_900), ...turn(100, 4_900)];
    expect(opencode(one).plan.firstKeptIdx).toBe(5);
    const none = [sys('s'), ...turn(100, 900), ...turn(100, 8_900)];
    expect(opencode(none).plan.firstKeptIdx).toBe(5);
  });
});

describe('Gemini CLI', () => {
  it('keeps the newest part from the first user message after 70% of the history: at most 30%', () => {
    const turns = [2_000, 500, 500, 800, 200].map((size) => turn(100, size - 100));
    const messages = [sys('s'), ...turns.flat()];
    const a = analysis(messages, 'gemini-cli');
    // 4,000 tokens after the system prompt; before the fourth turn (index 7) lie 3,000 ≥ 2,800.
    expect(a.plan.firstKeptIdx).toBe(7);
    expect(messages[7].role).toBe('user');
    expect(a.current.keptTokens).toBe(1_000);
  });

  it('summarizes everything when no user message comes late enough and the history ends on a plain reply', () => {
    const messages = [sys('s'), ...turn(100, 100), ...turn(100, 5_000)];
    expect(analysis(messages, 'gemini-cli').plan.firstKeptIdx).toBe(5);
  });

  it('splits at the last user message when the history ends on a tool call', () => {
    const c = call('c1', 'read_file', {});
    const messages = [
      sys('s'),
      ...turn(100, 100),
      user('u'.repeat(400)),
      assistant('a'.repeat(20_000)),
      assistant('', [c]),
    ];
    expect(analysis(messages, 'gemini-cli').plan.firstKeptIdx).toBe(3);
    const answered = [...messages, toolResult(c, 'ok')];
    expect(analysis(answered, 'gemini-cli').plan.firstKeptIdx).toBe(3);
  });

  it('on any history, the kept part starts at a user message and holds at most the share, unless it is the newest turn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 3_000 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (sizes, share) => {
          const messages = [sys('s'), ...sizes.flatMap(([u, r]) => turn(u, r))];
          const a = analysis(messages, 'gemini-cli', { 'gemini-cli': { preserveFraction: share } });
          const kept = a.plan.firstKeptIdx;
          const total = a.index.suffix[1];
          const users = messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
          if (kept === messages.length) return true;
          expect(messages[kept].role).toBe('user');
          if (kept === users[users.length - 1] && a.index.suffix[kept] > share * total) return true;
          expect(a.index.suffix[kept]).toBeLessThanOrEqual(share * total + 1e-9);
          // The largest such part: the user message before it would keep more than the share.
          const before = users[users.indexOf(kept) - 1];
          if (before !== undefined) expect(a.index.suffix[before]).toBeGreaterThan(share * total);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the compactor runs the plan the analysis shows', () => {
  it('a clearing-only preset returns the cleared list without calling the summarizer', async () => {
    const c1 = call('c1', 'read', {});
    const c2 = call('c2', 'read', {});
    const messages = [
      sys('s'),
      user('go'),
      assistant('', [c1]),
      toolResult(c1, 'x'.repeat(4_000)),
      assistant('', [c2]),
      toolResult(c2, 'y'),
    ];
    const summarizer = scripted(answers('never'));
    const compactor = createCompactor(summarizer, chars4, {
      ...base,
      strategy: 'clear-tool-uses',
      harness: { 'clear-tool-uses': { keepToolUses: 1 } },
    })!;
    const result = await compactor.compact(messages);
    expect(summarizer.requests).toHaveLength(0);
    expect(result.cleared).toEqual([{ index: 3, tokensBefore: 1_000, tokensAfter: 3 }]);
    expect(result.messages[3]).toEqual({ ...messages[3], content: '[cleared]' });
    expect([result.summary, result.tokensBefore - result.tokensAfter]).toEqual(['', 997]);
  });
});
