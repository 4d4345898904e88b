import { describe, expect, it } from 'vitest';
import { assistant, sys, user } from './__fixtures__/transcripts';
import { indexMessages } from './cutPoint';
import { createEstimator } from './estimate';
import { messageFates } from './fates';
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
