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

  it('round-trips every field and points source at the canonical file', () => {
    const result = importTranscript(exportTranscript(messages, 'canonical'));
    expect(result.messages).toEqual(messages.map((m, i) => ({ ...m, source: { path: `$.messages[${i}]` } })));
    expect(result.issues).toEqual([]);
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
