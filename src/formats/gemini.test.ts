import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('Gemini API contents', () => {
  it('pairs function responses with calls by name in call order when there are no ids', () => {
    const result = importTranscript(fixture('gemini.json'));
    const calls = result.messages[4]!.toolCalls!;
    expect(calls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['m3:fc0', 'read_file', '{"path":"main.py"}'],
      ['m3:fc1', 'read_file', '{"path":"util.py"}'],
    ]);
    expect(result.messages.slice(5, 7).map((m) => [m.role, m.toolCallId, m.content])).toEqual([
      ['tool', 'm3:fc0', "print('こんにちは')  # <|endoftext|>"],
      ['tool', 'm3:fc1', 'def helper(): pass'],
    ]);
    expect(result.messages[2]!.reasoning).toBe('Planning the listing.');
  });

  it('pairs by id when ids are present, whatever the order', () => {
    const contents = [
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'a', name: 'f', args: {} } },
          { functionCall: { id: 'b', name: 'f', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'b', name: 'f', response: { output: 'B' } } },
          { functionResponse: { id: 'a', name: 'f', response: { output: 'A' } } },
        ],
      },
    ];
    const result = importTranscript(JSON.stringify({ contents }));
    expect(result.messages.slice(1).map((m) => [m.toolCallId, m.content])).toEqual([
      ['b', 'B'],
      ['a', 'A'],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('reads snake_case dumps and marks a state snapshot as a summary that replaces earlier turns', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'old' }] },
      {
        role: 'user',
        parts: [{ text: '<state_snapshot>\n  <overall_goal>Ship it</overall_goal>\n</state_snapshot>' }],
      },
      { role: 'model', parts: [{ function_call: { name: 'ls', args: { path: '.' } } }] },
    ];
    const result = importTranscript(
      JSON.stringify({ system_instruction: { parts: [{ text: 'S' }] }, contents }),
    );
    expect(result.messages.map((m) => [m.role, m.kind ?? ''])).toEqual([
      ['system', ''],
      ['user', 'summary'],
      ['assistant', ''],
    ]);
  });
});
