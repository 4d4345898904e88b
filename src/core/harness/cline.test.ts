import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import { analyze, shapeOf } from '../analysis';
import { createEstimator } from '../estimate';
import type { Message, Role } from '../message';
import { clineCut, clineMessageTarget, clinePreset } from './cline';
import { harnessParamProblem } from './paramProblems';
import type { HarnessParamsInput } from './params';
import type { CutView } from './preset';

/** chars4: a message is a token per four characters; no overhead. */
const chars4 = createEstimator('chars4', () => 0);

const outcome = (messages: Message[], window: number, harness: HarnessParamsInput = {}) =>
  analyze(shapeOf(messages, chars4), {
    maxContextTokens: window,
    strategy: 'cline',
    harness,
    tokenizer: 'chars4',
  }).current;

/** A view of roles and counts, for the cut's own rules. */
const view = (roles: Role[], counts: number[], isSummary = roles.map(() => false)): CutView => ({
  roles,
  counts,
  isSummary,
});

/** The system prompt (10 tokens), a turn of 200 tokens, then a prompt of `last` tokens. */
const growing = (last: number): Message[] => [
  sys('s'.repeat(40)),
  user('u'.repeat(400)),
  assistant('a'.repeat(400)),
  user('v'.repeat(last * 4)),
];

/**
 * 0 system (10) · 1 prompt (100) · 2 call (2) · 3 result (300) · 4 call (2) ·
 * 5 result (200) · 6 reply (40) · 7 prompt (100) · 8 reply (40)
 */
function twoTurns(): Message[] {
  const c1 = call('c1', 'read', {});
  const c2 = call('c2', 'read', {});
  return [
    sys('s'.repeat(40)),
    user('u'.repeat(400)),
    assistant('', [c1]),
    toolResult(c1, 'x'.repeat(1_200)),
    assistant('', [c2]),
    toolResult(c2, 'y'.repeat(800)),
    assistant('r'.repeat(160)),
    user('v'.repeat(400)),
    assistant('w'.repeat(160)),
  ];
}

describe("Cline's auto-compact", () => {
  it('fires at 90% of an input limit of 90% of the window: 162,000 of 200,000, reached', () => {
    const under = outcome(growing(162_000 - 211), 200_000);
    expect([under.trigger.threshold, under.trigger.comparison, under.fires]).toEqual([
      162_000,
      'reach',
      false,
    ]);
    expect(under.trigger.formula).toBe('200,000 window × 0.9 × 0.9');
    expect(outcome(growing(162_000 - 210), 200_000).fires).toBe(true);
  });

  it("measures against the model's own input limit when it has one, never above the window", () => {
    const own = outcome(growing(10), 200_000, { cline: { maxInputTokens: 100_000 } });
    expect([own.trigger.threshold, own.trigger.formula]).toEqual([
      90_000,
      'min(100,000 max input, 200,000 window) × 0.9',
    ]);
    expect(outcome(growing(10), 200_000, { cline: { maxInputTokens: 1_000_000 } }).trigger.threshold).toBe(
      180_000,
    );
    expect(clinePreset.formulaThreshold!(128_000, { maxInputTokens: 0, preserveRecentTokens: 0 })).toBe(
      103_680,
    );
  });

  it('keeps from the message that brings the tail to the budget, moved off a tool result to its call (#4)', () => {
    // Back from the newest: 40, 140, 180, then the 200-token result (#5) reaches 250: the cut moves to its call.
    const o = outcome(twoTurns(), 200_000, { cline: { preserveRecentTokens: 250 } });
    expect([o.plan.firstKeptIdx, o.keptTokens, o.carriedTokens]).toEqual([4, 382, 0]);
  });

  it("never summarizes the newest prompt's turn away, however large", () => {
    // A budget of 100 is reached by the newest reply and prompt (#7); a budget of 150 would pass it.
    expect(outcome(twoTurns(), 200_000, { cline: { preserveRecentTokens: 100 } }).plan.firstKeptIdx).toBe(7);
    const roles: Role[] = [
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ];
    const counts = [100, 40, 100, 2, 3_000, 2, 3_000, 40];
    // The tail reaches 250 at #6, but the newest prompt (#2) bounds the cut.
    expect(clineCut(view(roles, counts), 0, { maxInputTokens: 0, preserveRecentTokens: 250 }, 162_000)).toBe(
      2,
    );
  });

  it('summarizes nothing when everything fits the 20,000 tokens it keeps', () => {
    const o = outcome(twoTurns(), 200_000);
    expect([o.plan.firstKeptIdx, o.plan.nothingToCompact]).toEqual([1, true]);
  });

  it('after an earlier summary, a newest prompt right behind it keeps everything', () => {
    const roles: Role[] = ['user', 'user', 'assistant', 'tool', 'assistant'];
    const counts = [500, 100, 2, 3_000, 40];
    const summarized = view(roles, counts, [true, false, false, false, false]);
    expect(clineCut(summarized, 1, { maxInputTokens: 0, preserveRecentTokens: 250 }, 162_000)).toBe(1);
    // Without the summary the newest prompt is the first message, which does not bound the cut: it
    // lands on the result (#2) and moves back to its call.
    expect(
      clineCut(
        view(roles.slice(1), counts.slice(1)),
        0,
        { maxInputTokens: 0, preserveRecentTokens: 250 },
        162_000,
      ),
    ).toBe(1);
  });

  it('aims below 70% of its point, or half its input limit after five exchanges, less the system prompt', () => {
    // Window 12,000: input limit 10,800, point 9,720.
    const short: Role[] = ['system', 'user', 'assistant'];
    expect(clineMessageTarget(view(short, [10, 100, 100]), 1, 9_720)).toBe(6_804 - 10);
    const long: Role[] = [
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ];
    expect(
      clineMessageTarget(
        view(
          long,
          long.map(() => 10),
        ),
        1,
        9_720,
      ),
    ).toBe(5_400 - 10);
    // The budget kept is the smaller of that and preserveRecentTokens.
    const counts = [10, 3_000, 3_000, 3_000, 2_000, 10, 10, 10, 10, 100, 100];
    expect(clineCut(view(long, counts), 1, { maxInputTokens: 0, preserveRecentTokens: 20_000 }, 9_720)).toBe(
      2,
    );
  });

  it('refuses a negative budget or input limit', () => {
    expect(harnessParamProblem('cline', 'preserveRecentTokens', 0)).toBeNull();
    expect(harnessParamProblem('cline', 'maxInputTokens', -1)).toBe('Cannot be negative.');
  });
});
