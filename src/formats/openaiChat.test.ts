import { describe, expect, it } from 'vitest';
import { detectFormat, exportTranscript, importTranscript } from './registry';

const request = JSON.stringify({
  model: 'gpt-4.1',
  messages: [
    { role: 'developer', content: 'You are a coding agent.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is wrong in this screenshot?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      reasoning_content: 'Read the file first.',
      tool_calls: [
        {
          id: 'call_a',
          type: 'function',
          function: { name: 'read_file', arguments: '{"path":"src/app.ts"}' },
        },
        { id: 'call_b', type: 'function', function: { name: 'read_file', arguments: { path: 'src/b.ts' } } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_a', content: 'export const x = 1;' },
    { role: 'tool', tool_call_id: 'call_b', content: [{ type: 'text', text: 'export const y = 2;' }] },
    { role: 'assistant', content: 'Both files only export constants.' },
  ],
});

describe('OpenAI Chat Completions import', () => {
  it('detects a request body by its tool_calls and tool messages', () => {
    const detection = detectFormat(request);
    expect(detection.format).toBe('openai-chat');
    expect(detection.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('maps developer to system, counts images, keeps reasoning and normalizes object arguments to JSON', () => {
    const result = importTranscript(request);
    expect(result.format).toBe('openai-chat');
    expect(result.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(result.messages[1]).toMatchObject({ content: 'What is wrong in this screenshot?', images: 1 });
    expect(result.messages[2]!.reasoning).toBe('Read the file first.');
    expect(result.messages[2]!.toolCalls).toEqual([
      { id: 'call_a', name: 'read_file', arguments: '{"path":"src/app.ts"}' },
      { id: 'call_b', name: 'read_file', arguments: '{"path":"src/b.ts"}' },
    ]);
    expect(result.messages[4]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_b',
      toolName: 'read_file',
      content: 'export const y = 2;',
    });
    expect(result.messages[3]!.source).toEqual({ path: '$.messages[3]' });
    expect(result.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect(result.issues).toEqual([]);
    expect(result.usage).toEqual({ model: 'gpt-4.1' });
  });

  it('gives the same ids for the same input', () => {
    expect(importTranscript(request).messages.map((m) => m.id)).toEqual(
      importTranscript(request).messages.map((m) => m.id),
    );
  });

  it('reads a response body from choices[0].message with its usage', () => {
    const response = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-4.1',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    };
    const result = importTranscript(JSON.stringify(response));
    expect(result.detection.reason).toContain('chat.completion');
    expect(result.messages).toEqual([
      { id: 'chatcmpl-1', role: 'assistant', content: 'Hello.', source: { path: '$.choices[0].message' } },
    ]);
    expect(result.usage).toEqual({
      contextTokens: 12,
      inputTokens: 12,
      outputTokens: 3,
      totalTokens: 15,
      model: 'gpt-4.1',
    });
  });

  it('pairs a legacy function_call with the following function message by name', () => {
    const legacy = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, function_call: { name: 'weather', arguments: '{"city":"Oslo"}' } },
      { role: 'function', name: 'weather', content: 'rain' },
    ];
    const result = importTranscript(JSON.stringify(legacy));
    expect(result.messages[1]!.toolCalls).toEqual([
      { id: 'm1:function_call', name: 'weather', arguments: '{"city":"Oslo"}' },
    ]);
    expect(result.messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'm1:function_call',
      toolName: 'weather',
    });
    expect(result.issues).toEqual([]);
  });

  it('reports orphan results, unanswered calls and invalid arguments without dropping messages', () => {
    const broken = {
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"cmd":"ls' } }],
        },
        { role: 'tool', tool_call_id: 'nope', content: 'x' },
      ],
    };
    const result = importTranscript(JSON.stringify(broken));
    expect(result.messages).toHaveLength(3);
    expect(result.issues.map((i) => [i.code, i.count, i.path])).toEqual([
      ['invalid-arguments', 1, '$.messages[1]'],
      ['orphan-tool-result', 1, '$.messages[2]'],
      ['unanswered-tool-call', 1, '$.messages[1]'],
    ]);
    expect(result.messages[1]!.toolCalls![0]!.arguments).toBe('{"cmd":"ls');
  });

  it('takes reasoning from reasoning_details when a router stores it there', () => {
    const result = importTranscript(
      JSON.stringify([
        {
          role: 'assistant',
          content: 'ok',
          reasoning_details: [{ type: 'reasoning.text', text: 'step one' }],
        },
      ]),
      { format: 'openai-chat' },
    );
    expect(result.messages[0]!.reasoning).toBe('step one');
  });
});

describe('OpenAI Chat Completions export', () => {
  it('round-trips roles, text, tool pairing and reasoning', () => {
    const first = importTranscript(request).messages;
    const exported = exportTranscript(first, 'openai-chat');
    const again = importTranscript(exported).messages;
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

  it('writes content null next to tool calls and reasoning_content for reasoning', () => {
    const exported = JSON.parse(
      exportTranscript(
        [
          {
            id: 'a',
            role: 'assistant',
            content: '',
            reasoning: 'think',
            toolCalls: [{ id: 'c', name: 'ls', arguments: '{}' }],
          },
        ],
        'openai-chat',
      ),
    ) as unknown;
    expect(exported).toEqual({
      messages: [
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'think',
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'ls', arguments: '{}' } }],
        },
      ],
    });
  });
});
