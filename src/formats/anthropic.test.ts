import { describe, expect, it } from 'vitest';
import { exportTranscript, importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('Anthropic Messages', () => {
  it('puts tool results before the user text of the same message and keeps thinking as reasoning', () => {
    const result = importTranscript(fixture('anthropic.json'));
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['system', 'system'],
      ['m0', 'user'],
      ['m1', 'assistant'],
      ['m2:0', 'tool'],
      ['m2:1', 'tool'],
      ['m2', 'user'],
      ['m3', 'assistant'],
      ['m4:0', 'tool'],
      ['m5', 'assistant'],
    ]);
    expect(result.messages[2]).toMatchObject({
      content: 'Let me read the source.',
      reasoning: 'The stack trace points at src/app.ts.',
      toolCalls: [
        { id: 'toolu_01A', name: 'read_file', arguments: '{"path":"src/app.ts"}' },
        { id: 'toolu_01B', name: 'bash', arguments: '{"command":"npm run build"}' },
      ],
    });
    expect(result.messages[3]).toMatchObject({
      toolCallId: 'toolu_01A',
      toolName: 'read_file',
      source: { path: '$.messages[2].content[0]' },
    });
    expect(result.usage).toEqual({ model: 'claude-sonnet-4-5' });
  });

  it('a compaction block hides everything before it and carries the summary', () => {
    const body = {
      messages: [
        { role: 'user', content: 'old' },
        {
          role: 'assistant',
          content: [
            { type: 'compaction', content: 'Summary of earlier work.' },
            { type: 'text', text: 'Continuing.' },
          ],
        },
        { role: 'user', content: 'next' },
      ],
    };
    const result = importTranscript(JSON.stringify(body));
    expect(result.messages).toEqual([
      {
        id: 'm1:0',
        role: 'user',
        kind: 'summary',
        content: 'Summary of earlier work.',
        source: { path: '$.messages[1].content[0]' },
      },
      { id: 'm1', role: 'assistant', content: 'Continuing.', source: { path: '$.messages[1]' } },
      { id: 'm2', role: 'user', content: 'next', source: { path: '$.messages[2]' } },
    ]);
  });

  it('reads a response message with its usage, cache reads included in the context size', () => {
    const response = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      usage: {
        input_tokens: 10,
        cache_creation_input_tokens: 100,
        cache_read_input_tokens: 1000,
        output_tokens: 5,
      },
    };
    const result = importTranscript(JSON.stringify(response));
    expect(result.format).toBe('anthropic');
    expect(result.messages).toEqual([
      { id: 'msg_1', role: 'assistant', content: 'Hi', source: { path: '$' } },
    ]);
    expect(result.usage).toEqual({
      contextTokens: 1110,
      inputTokens: 10,
      cachedInputTokens: 1000,
      outputTokens: 5,
      model: 'claude-sonnet-4-5',
    });
  });

  it('export round-trips roles, text, tool pairing and reasoning', () => {
    const first = importTranscript(fixture('anthropic.json')).messages;
    const again = importTranscript(exportTranscript(first, 'anthropic')).messages;
    const essentials = (ms: typeof first) =>
      ms.map((m) => ({
        role: m.role,
        content: m.content,
        reasoning: m.reasoning,
        toolCalls: m.toolCalls,
        toolCallId: m.toolCallId,
        toolName: m.toolName,
      }));
    expect(essentials(again)).toEqual(essentials(first));
  });

  it('export keeps arguments nested 100,000 levels deep as their text instead of overflowing', () => {
    const args = `{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const exported = exportTranscript(
      [
        { id: 'a', role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'f', arguments: args }] },
        { id: 't', role: 'tool', content: 'ok', toolCallId: 'c' },
      ],
      'anthropic',
    );
    const body = JSON.parse(exported) as { messages: { content: { input?: unknown }[] }[] };
    expect(body.messages[0]!.content[0]!.input).toEqual({ input: args });
  });

  it('export from another format groups results into one user message, results first', () => {
    const chat = importTranscript(fixture('openai-chat.json')).messages;
    const exported = JSON.parse(exportTranscript(chat, 'anthropic')) as {
      system: string;
      messages: { role: string; content: { type: string }[] }[];
    };
    expect(exported.system).toBe('You are a coding agent. Use tools to read and edit files.');
    expect(exported.messages.map((m) => [m.role, m.content.map((b) => b.type).join(',')])).toEqual([
      ['user', 'text'],
      ['assistant', 'tool_use,tool_use'],
      ['user', 'tool_result,tool_result'],
      ['assistant', 'thinking,text,tool_use'],
      ['user', 'tool_result'],
      ['assistant', 'text'],
    ]);
    const again = importTranscript(JSON.stringify(exported)).messages;
    expect(
      again.filter((m) => m.role !== 'system').map((m) => [m.role, m.content, m.toolCallId ?? '']),
    ).toEqual(chat.filter((m) => m.role !== 'system').map((m) => [m.role, m.content, m.toolCallId ?? '']));
  });
});
