import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { detectFormat, exportTranscript, importTranscript } from './registry';

const messages: Message[] = [
  { id: 'sys', role: 'system', content: 'You are terse.' },
  { id: 's1', role: 'user', kind: 'summary', content: 'Earlier turns were condensed.' },
  { id: 'u1', role: 'user', content: '读取 README 🚀 <|endoftext|>', turnId: 't1' },
  {
    id: 'a1',
    role: 'assistant',
    content: '',
    reasoning: 'look first',
    toolCalls: [{ id: 'c1', name: 'read', arguments: '{"path":"README.md"}' }],
  },
  { id: 'r1', role: 'tool', content: '# Title', toolCallId: 'c1', toolName: 'read', images: 1 },
];

describe('canonical JSON', () => {
  it('is detected with full confidence by its format marker', () => {
    expect(detectFormat(exportTranscript(messages, 'canonical'))).toEqual({
      format: 'canonical',
      confidence: 1,
      reason: '"format": "compaction-playground" at the top level',
    });
  });

  it('reads the part not in the file a link measured, and ignores one that is not a whole count', () => {
    const wrapped = (unseenTokens: unknown) =>
      JSON.stringify({ format: 'compaction-playground', version: 1, messages, unseenTokens });
    expect(importTranscript(wrapped(17_123)).unseenTokens).toBe(17_123);
    expect(importTranscript(wrapped(-1)).unseenTokens).toBeUndefined();
    expect(importTranscript(wrapped(1.5)).unseenTokens).toBeUndefined();
    expect(importTranscript(wrapped('17123')).unseenTokens).toBeUndefined();
    expect(importTranscript(exportTranscript(messages, 'canonical')).unseenTokens).toBeUndefined();
  });

  it('round-trips every field and points source at the canonical file', () => {
    const result = importTranscript(exportTranscript(messages, 'canonical'));
    expect(result.messages).toEqual(messages.map((m, i) => ({ ...m, source: { path: `$.messages[${i}]` } })));
    expect(result.issues).toEqual([]);
  });

  it('keeps the counts a message carries in place of its text, and drops malformed ones', () => {
    const carried: Message[] = [
      { id: 'u', role: 'user', content: '', carried: { tokens: 812, excerpt: 'none' } },
      {
        id: 'a',
        role: 'assistant',
        content: 'Reading it',
        toolCalls: [{ id: 'c1', name: 'read', arguments: '' }],
        carried: { tokens: 40, reasoning: 12, arguments: [9], excerpt: 'part' },
      },
      {
        id: 'r',
        role: 'tool',
        content: '',
        toolCallId: 'c1',
        toolName: 'read',
        carried: { tokens: 90, bare: 7, masked: 11, chars: 3210 },
      },
    ];
    expect(importTranscript(exportTranscript(carried, 'canonical')).messages.map((m) => m.carried)).toEqual(
      carried.map((m) => m.carried),
    );
    const bad = JSON.stringify([{ id: 'u', role: 'user', content: 'hi', carried: { tokens: -1 } }]);
    expect(importTranscript(bad).messages[0].carried).toBeUndefined();
  });

  it('accepts a bare array of our messages', () => {
    const result = importTranscript(JSON.stringify(messages));
    expect(result.format).toBe('canonical');
    expect(result.messages.map((m) => m.id)).toEqual(['sys', 's1', 'u1', 'a1', 'r1']);
  });

  it('refuses a newer version with a clear message', () => {
    expect(() =>
      importTranscript(JSON.stringify({ format: 'compaction-playground', version: 2, messages: [] }), {
        fileName: 'x.json',
      }),
    ).toThrow(
      'x.json: $.version: This file is version 2 of the playground format; this build reads version 1',
    );
  });
});
