import { describe, expect, it } from 'vitest';
import { findBoundary } from '../core/prepare';
import { detectFormat, importTranscript } from './registry';
import { fixture } from './testSupport.node';

describe('LangChain messages', () => {
  it('prefers tool_calls over duplicated tool_use blocks in content', () => {
    const result = importTranscript(fixture('langchain.json'));
    expect(result.messages[2]).toMatchObject({
      id: 'm2',
      content: 'Searching.',
      toolCalls: [{ id: 'call_1', name: 'search', arguments: '{"q":"quantum computing news"}' }],
    });
    expect(result.messages[4]!.reasoning).toBe('The first result looks most relevant.');
    expect(result.messages[5]!.content).toBe(
      '<html><script>alert(1)</script>Article text <|endoftext|></html>',
    );
  });

  it('reads the dumpd constructor form', () => {
    const dumped = [
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain', 'schema', 'messages', 'HumanMessage'],
        kwargs: { content: 'hi', type: 'human', id: 'h1' },
      },
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain', 'schema', 'messages', 'AIMessage'],
        kwargs: { content: 'yo', tool_calls: [{ name: 'f', args: { a: 1 }, id: 'c1' }], type: 'ai' },
      },
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain', 'schema', 'messages', 'ToolMessage'],
        kwargs: { content: 'r', tool_call_id: 'c1', type: 'tool' },
      },
    ];
    expect(detectFormat(JSON.stringify(dumped))).toEqual({
      format: 'langchain',
      confidence: 0.97,
      reason: '"lc" constructor form (HumanMessage)',
    });
    const result = importTranscript(JSON.stringify(dumped));
    expect(result.messages.map((m) => [m.id, m.role, m.toolName ?? ''])).toEqual([
      ['h1', 'user', ''],
      ['m1', 'assistant', ''],
      ['m2', 'tool', 'f'],
    ]);
  });

  it('reads the flat form inside LangGraph state values', () => {
    const state = {
      values: {
        messages: [
          { type: 'human', content: 'q', id: 'a' },
          { type: 'ai', content: 'r', id: 'b' },
        ],
      },
    };
    const result = importTranscript(JSON.stringify(state));
    expect(result.format).toBe('langchain');
    expect(result.messages.map((m) => m.source?.path)).toEqual([
      '$.values.messages[0]',
      '$.values.messages[1]',
    ]);
  });

  it('a langmem SystemMessage "Summary of the conversation so far" is a previous summary, a user message', () => {
    const messages = [
      { type: 'system', data: { content: 'You are a research assistant.', id: 's0' } },
      {
        type: 'system',
        data: { content: 'Summary of the conversation so far: the user asked about X.', id: 's1' },
      },
      { type: 'human', data: { content: 'And Y?', id: 'h2' } },
    ];
    const result = importTranscript(JSON.stringify(messages));
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? '', m.content])).toEqual([
      ['s0', 'system', '', 'You are a research assistant.'],
      ['s1', 'user', 'summary', 'Summary of the conversation so far: the user asked about X.'],
      ['h2', 'user', '', 'And Y?'],
    ]);
    expect(findBoundary(result.messages)).toEqual({ start: 2, summaryIdx: 1 });
  });
});
