import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from './__fixtures__/transcripts';
import { analyze, shapeOf } from './analysis';
import { describeVerdict, explainNothingToCompact } from './explain';
import { createEstimator } from './estimate';
import type { Message } from './message';
import { normalizeSettings, type SettingsInput } from './settings';
import { summaryMessage } from './summaryEnvelope';

const chars4 = createEstimator('chars4', () => 0);
const why = (messages: Message[], input: SettingsInput) => {
  const a = analyze(shapeOf(messages, chars4), input);
  expect(a.plan.nothingToCompact).toBe(true);
  return explainNothingToCompact(a.index, a.plan, a.settings);
};

describe('the verdict in words', () => {
  const verdict = (input: SettingsInput, totalTokens: number) => {
    const settings = normalizeSettings(input);
    const a = analyze(shapeOf([user('x'.repeat(totalTokens * 4))], chars4), settings);
    return describeVerdict(a);
  };

  it('compares the total with the threshold', () => {
    expect(verdict({ maxContextTokens: 1000, reserveTokens: 200 }, 900)).toBe(
      '900 tokens > threshold 800: compaction fires',
    );
    expect(verdict({ maxContextTokens: 1000, reserveTokens: 200 }, 800)).toBe(
      '800 tokens ≤ threshold 800: compaction does not fire',
    );
    expect(verdict({ maxContextTokens: 0 }, 5)).toBe('5 tokens; no window, so compaction is off');
  });

  it('says when the window is smaller than the reserve, or no larger', () => {
    expect(verdict({ maxContextTokens: 10000, reserveTokens: 16384 }, 50)).toBe(
      '50 tokens > threshold 1: compaction fires; the window (10,000) is smaller than the reserve (16,384), so no context fits',
    );
    expect(verdict({ maxContextTokens: 16384, reserveTokens: 16384 }, 50)).toBe(
      '50 tokens > threshold 1: compaction fires; the window (16,384) is no larger than the reserve (16,384), so no context fits',
    );
  });

  it('does not claim a total over the threshold is under it when the trigger is disabled', () => {
    expect(verdict({ enabled: false, maxContextTokens: 1000, reserveTokens: 200 }, 900)).toBe(
      '900 tokens > threshold 800, but automatic compaction is disabled',
    );
    expect(verdict({ enabled: false, maxContextTokens: 1000, reserveTokens: 200 }, 100)).toBe(
      '100 tokens ≤ threshold 800: compaction does not fire (automatic compaction is disabled)',
    );
  });
});

describe('why nothing is compacted (chars4)', () => {
  const settings = { maxContextTokens: 100000, keepRecentTokens: 100 };

  it('everything fits the keep-recent budget', () => {
    expect(why([sys('s'), user('u'.repeat(200)), assistant('a'.repeat(200))], settings)).toEqual({
      reason: 'fits',
      text: 'everything after the system prompt fits the keep-recent budget (100 ≤ 100 tokens)',
    });
  });

  it('one message larger than the budget does not fit: there is no place to cut inside it', () => {
    expect(why([sys('s'), user('u'.repeat(2000))], settings)).toEqual({
      reason: 'indivisible',
      text: 'everything after the system prompt is one message (500 tokens), larger than the keep-recent budget (100); there is no place to cut inside it',
    });
    const c = call('c1', 'read', { path: 'a.ts' });
    expect(
      why([summaryMessage('before'), assistant('', [c]), toolResult(c, 'r'.repeat(2000))], settings),
    ).toEqual({
      reason: 'indivisible',
      text: 'everything after the previous summary is one message with its tool results (505 tokens), larger than the keep-recent budget (100); there is no place to cut inside it',
    });
  });

  it('the turns strategy with a single turn over the budget says it never splits a turn', () => {
    expect(
      why([user('u'.repeat(400)), assistant('a'.repeat(400))], { ...settings, strategy: 'turns' }),
    ).toEqual({
      reason: 'one-turn',
      text: 'only one turn (200 tokens, over the keep-recent budget of 100), and the turns strategy never splits a turn',
    });
  });

  it('the pi strategy reached only at the oldest message keeps everything, and says the budget is a floor', () => {
    expect(
      why([user('u'.repeat(400)), assistant('a'.repeat(200))], {
        ...settings,
        strategy: 'pi',
        keepRecentTokens: 120,
      }),
    ).toEqual({
      reason: 'floor',
      text: 'the keep-recent budget (120 tokens) is a floor for the pi strategy, and only the oldest part brings the kept total up to it, so everything is kept',
    });
  });

  it('an empty list has no messages', () => {
    expect(why([sys('s')], settings)).toEqual({
      reason: 'empty',
      text: 'no messages after the system prompt',
    });
  });
});
