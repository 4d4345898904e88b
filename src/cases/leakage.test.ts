import { describe, expect, it } from 'vitest';
import type { Message } from '../core';
import type { LoadedCase } from './caseFile';
import { leakLine, tailLeaks } from './leakage';

const messages: Message[] = [
  { id: 'm0', role: 'user', content: 'Dates must be stored as UTC in events.start_at.' },
  { id: 'm1', role: 'assistant', content: 'I changed src/dates/zone.ts to keep UTC.' },
  { id: 'm2', role: 'user', content: 'Now add the changelog entry.' },
  {
    id: 'm3',
    role: 'tool',
    content: 'commit 1a2b3c fix: zone.ts keeps UTC\n\nDates must be stored as UTC in events.start_at',
    toolCallId: 'c1',
  },
];

const kase = (cuts: LoadedCase['cuts']): LoadedCase => ({
  id: 'zones',
  description: '',
  file: 'zones.case.json',
  sessionFile: 'zones.json',
  sha256: '',
  notices: [],
  messages,
  cuts,
  facts: [
    {
      id: 'utc-rule',
      kind: 'constraint',
      text: 'Dates must be stored as UTC in events.start_at.',
      side: 'before',
      message: 0,
      quote: '',
    },
    { id: 'zone-file', kind: 'artifact', text: 'src/dates/zone.ts', side: 'before', message: 1, quote: '' },
    {
      id: 'changelog',
      kind: 'constraint',
      text: 'add the changelog entry',
      side: 'after',
      message: 2,
      quote: '',
    },
  ],
  probes: [],
});

describe('tailLeaks', () => {
  it('names each fact from before a numeric cut that a message after it restates, at its first such message', () => {
    // A git log in the tail (message 3) prints the rule and the file name.
    expect(tailLeaks(kase([2]))).toEqual([
      { fact: 'utc-rule', cut: 2, message: 3 },
      { fact: 'zone-file', cut: 2, message: 3 },
    ]);
    expect(leakLine('zones', { fact: 'utc-rule', cut: 2, message: 3 })).toBe(
      'case zones: fact utc-rule (before the cut at 2) is restated in message 3: tail leakage, not credited to the summary',
    );
  });

  it('checks nothing at a cut the strategy decides, and finds no leak where the tail does not restate', () => {
    expect(tailLeaks(kase(['auto']))).toEqual([]);
    expect(tailLeaks({ ...kase([2]), messages: messages.slice(0, 3) })).toEqual([]);
  });
});
