import { describe, expect, it } from 'vitest';
import { analyze, shapeOf } from './analysis';
import { createEstimator } from './estimate';
import type { Message, Role } from './message';
import { liveReport, recentTokensPerCall, tokensUntil } from './nextCompaction';
import { DEFAULT_SETTINGS } from './settings';
import { countChars4 } from './tokenizer';

const chars4 = createEstimator('chars4', countChars4);

/** A shape with exactly these roles and counts. */
function shape(roles: Role[], counts: number[], summaries: number[] = []) {
  return { roles, counts, isSummary: roles.map((_, i) => summaries.includes(i)), listTail: 0 };
}

describe('tokensUntil', () => {
  it('reach fires at the threshold, exceed one past it, always at once, no window never', () => {
    expect(tokensUntil({ threshold: 100, comparison: 'reach', formula: '' }, 60)).toBe(40);
    expect(tokensUntil({ threshold: 100, comparison: 'exceed', formula: '' }, 60)).toBe(41);
    expect(tokensUntil({ threshold: 100, comparison: 'reach', formula: '' }, 150)).toBe(0);
    expect(tokensUntil({ threshold: 0, comparison: 'always', formula: '' }, 5)).toBe(0);
    expect(tokensUntil({ threshold: 0, comparison: 'reach', formula: 'no window' }, 5)).toBeNull();
  });
});

describe('recentTokensPerCall', () => {
  it('is the growth from one call start to the next, a run of assistant messages being one call', () => {
    // Calls start at 1 (prefix 10), 4 (prefix 10+5+5+20=40), 6 (prefix 40+7+50=97).
    const s = shape(
      ['user', 'assistant', 'assistant', 'tool', 'assistant', 'tool', 'assistant'],
      [10, 5, 5, 20, 7, 50, 3],
    );
    expect(recentTokensPerCall(s)).toBe(Math.round((97 - 10) / 2));
  });

  it('counts only the last five calls', () => {
    const roles: Role[] = ['user'];
    const counts = [0];
    for (let k = 0; k < 8; k++) {
      roles.push('assistant', 'tool');
      counts.push(1, k < 2 ? 1000 : 9);
    }
    // The last five intervals each add 1 + 9.
    expect(recentTokensPerCall(shape(roles, counts))).toBe(10);
  });

  it('starts again after the newest summary, and is unknown before two calls', () => {
    const s = shape(
      ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
      [500, 500, 500, 1, 1, 1],
      [2],
    );
    expect(recentTokensPerCall(s)).toBe(2);
    expect(recentTokensPerCall(shape(['user', 'assistant'], [1, 1]))).toBeNull();
  });
});

describe('liveReport', () => {
  it('names the context, its share of the window, and every strategy with its distance in tokens and calls', () => {
    const messages: Message[] = [
      { id: 'u', role: 'user', content: 'x'.repeat(400) },
      { id: 'a1', role: 'assistant', content: 'y'.repeat(400) },
      { id: 'u2', role: 'user', content: 'z'.repeat(400) },
      { id: 'a2', role: 'assistant', content: 'w'.repeat(400) },
    ];
    const s = shapeOf(messages, chars4);
    const report = liveReport(
      s,
      analyze(s, {
        ...DEFAULT_SETTINGS,
        tokenizer: 'chars4',
        maxContextTokens: 1000,
        reserveTokens: 100,
        keepRecentTokens: 100,
      }),
    );
    expect(report).toMatchObject({
      messages: 4,
      contextTokens: 400,
      window: 1000,
      percentOfWindow: 40,
      threshold: 900,
      tokensPerCall: 200,
    });
    expect(report.next.find((n) => n.strategy === 'budget')).toEqual({
      strategy: 'budget',
      threshold: 900,
      tokensUntil: 501,
      callsUntil: 3,
    });
    expect(report.next.find((n) => n.strategy === 'mask-observations')).toMatchObject({
      tokensUntil: 0,
      callsUntil: 0,
    });
  });
});
