import { describe, expect, it } from 'vitest';
import { detectFormat, importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('Gemini CLI chat files', () => {
  it('applies $rewindTo and later writes of the same record id; info records are not messages', () => {
    const text = fixture('gemini-cli.jsonl');
    expect(detectFormat(text).format).toBe('gemini-cli');
    const result = importTranscript(text);
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['r1', 'user'],
      ['r2', 'assistant'],
      ['r2:grep-1', 'tool'],
      ['r3', 'assistant'],
      ['r3:edit-1', 'tool'],
      ['r6', 'user'],
      ['r7', 'assistant'],
      ['r7:sh-1', 'tool'],
      ['r8', 'assistant'],
    ]);
    expect(result.messages[1]!.reasoning).toBe('Searching: grep for TODO');
    expect(result.messages[7]).toMatchObject({ content: '12 passed', source: { line: 11 } });
    expect(result.title).toBe('Fix TODOs 🛠️');
    expect(result.usage).toMatchObject({
      inputTokens: 9000,
      cachedInputTokens: 7000,
      model: 'gemini-2.5-pro',
    });
  });

  it('reads the older single JSON file', () => {
    const chat = {
      sessionId: 's',
      projectHash: 'p',
      startTime: 't',
      lastUpdated: 't',
      messages: [
        { id: 'a', timestamp: 't', type: 'user', content: 'hi' },
        { id: 'b', timestamp: 't', type: 'gemini', content: 'hello' },
      ],
    };
    const result = importTranscript(JSON.stringify(chat, null, 2));
    expect(result.format).toBe('gemini-cli');
    expect(result.messages).toEqual([
      { id: 'a', role: 'user', content: 'hi', source: { path: '$.messages[0]' } },
      { id: 'b', role: 'assistant', content: 'hello', source: { path: '$.messages[1]' } },
    ]);
  });
});

describe('Gemini CLI records written with the API’s names', () => {
  it('a record of type "model" with parts is a reply', () => {
    const session = {
      sessionId: 's1',
      projectHash: 'abc',
      startTime: '2026-01-01T00:00:00.000Z',
      messages: [
        { id: 'm1', timestamp: 't', type: 'user', content: 'Step 1' },
        { id: 'm2', timestamp: 't', type: 'model', parts: [{ text: 'Ok' }, { text: 'done' }] },
      ],
    };
    const result = importTranscript(JSON.stringify(session));
    expect(result.format).toBe('gemini-cli');
    expect(result.messages.map((m) => [m.id, m.role, m.content])).toEqual([
      ['m1', 'user', 'Step 1'],
      ['m2', 'assistant', 'Ok\ndone'],
    ]);
  });
});
