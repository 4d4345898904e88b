import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('plain text', () => {
  it('splits on speaker labels, keeps indented code and HTML as text, and records the line of each label', () => {
    const result = importTranscript(fixture('plain.txt'));
    expect(result.messages.map((m) => [m.role, m.source?.line])).toEqual([
      ['system', 1],
      ['user', 3],
      ['assistant', 5],
      ['user', 9],
      ['assistant', 11],
    ]);
    expect(result.messages[2]!.content).toBe(
      "The import path is wrong. Check src/index.ts:\n\n    import { x } from './lib'   // should be './lib/index'",
    );
    expect(result.messages[3]!.content).toBe(
      'Thanks! Does <script>alert(1)</script> in a string break anything?',
    );
  });

  it('reads the bracketed transcript the summarizer sees, thinking and text as one reply', () => {
    const result = importTranscript(
      '[User]: hi\n\n[Assistant thinking]: plan\n\n[Assistant]: hello\n\n[Tool result read]: data',
    );
    expect(result.messages.map((m) => [m.role, m.content, m.reasoning ?? '', m.toolName ?? ''])).toEqual([
      ['user', 'hi', '', ''],
      ['assistant', 'hello', 'plan', ''],
      ['tool', 'data', '', 'read'],
    ]);
  });

  it('text without labels becomes one user message with a warning', () => {
    const result = importTranscript('just some notes\nsecond line');
    expect(result.messages).toEqual([
      { id: 't1', role: 'user', content: 'just some notes\nsecond line', source: { line: 1 } },
    ]);
    expect(result.issues.map((i) => i.code)).toEqual(['no-speaker-labels']);
  });
});
