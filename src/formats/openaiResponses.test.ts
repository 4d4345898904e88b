import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('OpenAI Responses', () => {
  it('folds reasoning and function calls into one assistant turn and pairs results on call_id', () => {
    const result = importTranscript(fixture('openai-responses.json'));
    expect(
      result.messages.map((m) => [
        m.id,
        m.role,
        m.toolCalls?.map((c) => c.id).join(',') ?? m.toolCallId ?? '',
      ]),
    ).toEqual([
      ['instructions', 'system', ''],
      ['in0', 'user', ''],
      ['rs_01', 'assistant', 'call_9x'],
      ['in3', 'tool', 'call_9x'],
      ['fc_02', 'assistant', 'call_9y'],
      ['in5', 'tool', 'call_9y'],
      ['msg_03', 'assistant', ''],
      ['in7', 'user', ''],
      ['in8', 'assistant', 'call_p1'],
      ['in9', 'tool', 'call_p1'],
      ['in10', 'assistant', ''],
    ]);
    expect(result.messages[2]!.reasoning).toBe('Need to list files first.');
    expect(result.messages[5]!.content).toBe('# Projekt 项目\nTeh quick start. <|endoftext|>');
    expect(result.messages[8]!.toolCalls![0]!.arguments).toBe(
      JSON.stringify('*** Begin Patch\n*** Update File: README.md\n-Teh\n+The\n*** End Patch'),
    );
  });

  it('accepts the string shorthand for input', () => {
    const result = importTranscript(JSON.stringify({ model: 'gpt-5', input: 'Hello' }));
    expect(result.format).toBe('openai-responses');
    expect(result.messages).toEqual([
      { id: 'input', role: 'user', content: 'Hello', source: { path: '$.input' } },
    ]);
  });

  it('a compaction item replaces earlier items but keeps the instructions', () => {
    const body = {
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: 'old' },
        { type: 'compaction', id: 'cmp_1', encrypted_content: 'abcdef' },
        { role: 'user', content: 'new' },
      ],
    };
    const result = importTranscript(JSON.stringify(body));
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? '', m.content])).toEqual([
      ['instructions', 'system', '', 'Be brief.'],
      ['cmp_1', 'user', 'summary', '[encrypted compaction summary, 6 characters]'],
      ['in2', 'user', '', 'new'],
    ]);
  });

  it('reads a response body with output items and usage, and warns when history lives on the server', () => {
    const response = {
      object: 'response',
      model: 'gpt-5',
      previous_response_id: 'resp_0',
      output: [
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Done.' }],
        },
      ],
      usage: {
        input_tokens: 100,
        output_tokens: 7,
        total_tokens: 107,
        input_tokens_details: { cached_tokens: 64 },
      },
    };
    const result = importTranscript(JSON.stringify(response));
    expect(result.messages).toEqual([
      { id: 'msg_1', role: 'assistant', content: 'Done.', source: { path: '$.output[0]' } },
    ]);
    expect(result.usage).toEqual({
      contextTokens: 100,
      inputTokens: 100,
      cachedInputTokens: 64,
      outputTokens: 7,
      totalTokens: 107,
      model: 'gpt-5',
    });
    expect(result.issues.map((i) => i.code)).toEqual(['history-on-server']);
  });
});

describe('hosted tool items: what the model read is counted', () => {
  const response = (output: unknown[]) => JSON.stringify({ object: 'response', model: 'gpt-5', output });
  const answer = {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    content: [{ type: 'output_text', text: 'Done.' }],
  };

  it('an mcp_call keeps its arguments and output in the reply it ran in', () => {
    const result = importTranscript(
      response([
        {
          type: 'mcp_call',
          id: 'mcp_1',
          server_label: 'exa',
          name: 'search',
          arguments: '{"q":"x"}',
          output: 'RESULTS',
          status: 'completed',
        },
        answer,
      ]),
    );
    expect(result.messages).toEqual([
      {
        id: 'mcp_1',
        role: 'assistant',
        content: '[mcp_call exa.search] {"arguments":"{\\"q\\":\\"x\\"}","output":"RESULTS"}\nDone.',
        source: { path: '$.output[0]' },
      },
    ]);
    expect(result.issues.map((i) => i.code)).toEqual([]);
  });

  it.each([
    [
      'mcp_list_tools',
      { server_label: 'docs', tools: [{ name: 'read' }] },
      '[mcp_list_tools docs] {"tools":[{"name":"read"}]}',
    ],
    [
      'web_search_call',
      { action: { type: 'search', query: 'q' } },
      '[web_search_call] {"action":{"type":"search","query":"q"}}',
    ],
    [
      'file_search_call',
      { queries: ['q'], results: [{ text: 'hit' }] },
      '[file_search_call] {"queries":["q"],"results":[{"text":"hit"}]}',
    ],
    [
      'code_interpreter_call',
      { code: 'print(1)', outputs: [{ type: 'logs', logs: '1' }] },
      '[code_interpreter_call] {"code":"print(1)","outputs":[{"type":"logs","logs":"1"}]}',
    ],
  ])('a %s item is part of the assistant turn', (type, fields, text) => {
    const result = importTranscript(response([{ type, id: 'x1', status: 'completed', ...fields }, answer]));
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([['assistant', `${text}\nDone.`]]);
  });

  it('an encrypted compaction item is counted by its size: 41,380 characters are 7,759 tokens', () => {
    const result = importTranscript(
      response([{ type: 'compaction', id: 'cmp', encrypted_content: 'g'.repeat(41_380) }]),
    );
    expect(result.messages[0]).toMatchObject({ role: 'user', kind: 'summary', opaqueTokens: 7_759 });
  });
});
