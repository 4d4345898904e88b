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
