import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from './__fixtures__/transcripts';
import { indexMessages } from './cutPoint';
import { createEstimator } from './estimate';
import { fatesFor, messageFates } from './fates';
import type { CompactionPlan } from './prepare';
import { planWithIndex } from './prepare';
import { summaryMessage } from './summaryEnvelope';
import { normalizeSettings, type SettingsInput } from './settings';

const chars4 = createEstimator('chars4', () => 0);
const fatesOf = (messages: Parameters<typeof messageFates>[0], input: SettingsInput) => {
  const settings = normalizeSettings(input);
  return messageFates(messages, planWithIndex(messages, indexMessages(messages, chars4), settings));
};

describe('message fates (chars4)', () => {
  it('marks every system message before the cut as system: the result keeps it', () => {
    const messages = [
      sys('You are a coding agent.'),
      sys('Developer: answer in French.'),
      user('u'.repeat(400)),
      assistant('a'.repeat(400)),
      sys('From now on, indent with tabs.'),
      user('v'.repeat(400)),
      assistant('b'.repeat(400)),
      sys('Reminder: run the tests.'),
    ];
    expect(fatesOf(messages, { maxContextTokens: 100000, keepRecentTokens: 210 })).toEqual([
      'system',
      'system',
      'summarized',
      'summarized',
      'system',
      'kept',
      'kept',
      'kept',
    ]);
  });

  it('marks what sits before the previous summary as re-injected, and nothing summarized when nothing is compacted', () => {
    const messages = [
      sys('You are a coding agent.'),
      user('<user_instructions>Use tabs.</user_instructions>'),
      user('an earlier prompt the harness carried over'),
      summaryMessage('## Goal\nship it'),
      user('u'.repeat(40)),
      assistant('a'.repeat(40)),
    ];
    expect(fatesOf(messages, { maxContextTokens: 100000, keepRecentTokens: 1000 })).toEqual([
      'system',
      'reinjected',
      'reinjected',
      'summary',
      'kept',
      'kept',
    ]);
    expect(fatesOf(messages, { maxContextTokens: 100000, keepRecentTokens: 10 })).toEqual([
      'system',
      'reinjected',
      'reinjected',
      'summary',
      'turn-prefix',
      'kept',
    ]);
  });
});

describe("fatesFor, every message by the plan's bounds", () => {
  // system, user, assistant, summary (a user message flagged), user, system, assistant, user, assistant
  const roles = [
    'system',
    'user',
    'assistant',
    'user',
    'user',
    'system',
    'assistant',
    'user',
    'assistant',
  ] as const;
  const isSummary = [false, false, false, true, false, false, false, false, false];
  const plan = (bounds: Partial<CompactionPlan>) =>
    ({ start: 4, firstKeptIdx: 7, nothingToCompact: false, turnPrefix: null, ...bounds }) as CompactionPlan;

  it('before the boundary: system, re-injected or summary; then summarized, system, kept', () => {
    expect(fatesFor([...roles], isSummary, plan({}))).toEqual([
      'system',
      'reinjected',
      'reinjected',
      'summary',
      'summarized',
      'system',
      'summarized',
      'kept',
      'kept',
    ]);
  });

  it('a split turn: its prefix before the first kept message is the turn prefix, a system message in it stays system', () => {
    expect(fatesFor([...roles], isSummary, plan({ turnPrefix: { from: 5, to: 7 } }))).toEqual([
      'system',
      'reinjected',
      'reinjected',
      'summary',
      'summarized',
      'system',
      'turn-prefix',
      'kept',
      'kept',
    ]);
  });

  it('nothing to compact: everything from the boundary on is kept, system messages too', () => {
    expect(fatesFor([...roles], isSummary, plan({ nothingToCompact: true, firstKeptIdx: 5 }))).toEqual([
      'system',
      'reinjected',
      'reinjected',
      'summary',
      'kept',
      'kept',
      'kept',
      'kept',
      'kept',
    ]);
  });
});
