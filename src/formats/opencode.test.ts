import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { contextFromHistory, fixture } from './testSupport.node';

const exported = JSON.parse(fixture('opencode.json')) as { info: object; messages: object[] };

describe('OpenCode export', () => {
  it('the compaction request stays as the question the model sees, then the summary:true reply becomes the summary message, an assistant answer as OpenCode sends it', () => {
    const result = importTranscript(fixture('opencode.json'));
    expect(result.title).toBe('Fix login tests 🔐');
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? ''])).toEqual([
      ['msg_05', 'user', ''],
      ['msg_06', 'assistant', 'summary'],
      ['msg_07', 'user', ''],
      ['msg_08', 'assistant', ''],
      ['prt_20', 'tool', ''],
      ['msg_08:1', 'assistant', ''],
    ]);
    expect(result.messages[0]!.content).toBe('What did we do so far?');
    expect(result.usage).toEqual({
      contextTokens: 2500,
      inputTokens: 500,
      cachedInputTokens: 2000,
      outputTokens: 30,
      model: 'claude-sonnet-4-5',
    });
  });

  it('splits an assistant message into its steps, each call followed by its result; pruned and failed outputs say so', () => {
    const before = { info: exported.info, messages: exported.messages.slice(0, 4) };
    const result = importTranscript(JSON.stringify(before));
    expect(
      result.messages.map((m) => [
        m.id,
        m.role,
        m.toolCalls?.map((c) => c.id).join(',') ?? m.toolCallId ?? '',
      ]),
    ).toEqual([
      ['msg_01', 'user', ''],
      ['msg_02', 'assistant', 'toolu_01A'],
      ['prt_04', 'tool', 'toolu_01A'],
      ['msg_02:1', 'assistant', 'toolu_01B'],
      ['prt_07', 'tool', 'toolu_01B'],
      ['msg_02:2', 'assistant', ''],
      ['msg_03', 'user', ''],
      ['msg_04', 'assistant', 'toolu_01C'],
      ['prt_13', 'tool', 'toolu_01C'],
    ]);
    expect(result.messages[1]!.reasoning).toBe('Run the suite first.');
    expect(result.messages[4]!.content).toBe('[tool output pruned by compaction]');
    expect(result.messages[8]!.content).toBe('oldString not found');
    expect(result.messages[1]!.turnId).toBe('msg_01');
  });
});

describe('the recorded history of an OpenCode export with two compactions', () => {
  const result = importTranscript(fixture('opencode-compactions.json'));
  const history = result.history!;

  it('keeps the context from the newest compaction request as the messages, unchanged', () => {
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? ''])).toEqual([
      ['msg_07', 'user', ''],
      ['msg_08', 'assistant', 'summary'],
      ['msg_09', 'user', ''],
      ['msg_10', 'assistant', ''],
      ['prt_22', 'tool', ''],
    ]);
    expect(result.issues.map((i) => i.code)).toEqual(['hidden-by-compaction']);
  });

  it('keeps the messages before each compaction, as the same objects', () => {
    expect(history.messages.map((m) => m.id)).toEqual([
      'msg_01',
      'msg_02',
      'prt_04',
      'msg_02:1',
      'msg_03',
      'msg_04',
      'msg_05',
      'msg_06',
      'prt_13',
      'msg_06:1',
      'msg_07',
      'msg_08',
      'msg_09',
      'msg_10',
      'prt_22',
    ]);
    expect(contextFromHistory(history)).toEqual(result.messages);
    result.messages.forEach((m) => expect(history.messages).toContain(m));
  });

  it('records each summary message as a compaction: the request and the summary, auto or manual, the summary prompt as tokens before, the summary’s time as its duration', () => {
    expect(history.compactions).toEqual([
      {
        atMessage: 5,
        contextAfter: [4, 5],
        trigger: 'auto',
        tokensBefore: 3900,
        tokensAfter: null,
        source: 'summary message',
        durationMs: 4000,
        durationSource: 'timestamps',
      },
      {
        atMessage: 11,
        contextAfter: [10, 11],
        trigger: 'manual',
        tokensBefore: null,
        tokensAfter: null,
        source: 'summary message',
        durationMs: 4000,
        durationSource: 'timestamps',
      },
    ]);
  });

  it('records one call per model step from the step-finish tokens, at the assistant message of that step', () => {
    expect(history.calls).toEqual([
      {
        atMessage: 1,
        contextTokens: 3300,
        inputTokens: 1800,
        cacheReadTokens: 0,
        cacheWriteTokens: 1500,
        outputTokens: 90,
        model: 'claude-sonnet-4-5',
      },
      {
        atMessage: 3,
        contextTokens: 3700,
        inputTokens: 400,
        cacheReadTokens: 3300,
        cacheWriteTokens: 0,
        outputTokens: 60,
        model: 'claude-sonnet-4-5',
      },
      {
        atMessage: 7,
        contextTokens: 1900,
        inputTokens: 700,
        cacheReadTokens: 900,
        cacheWriteTokens: 300,
        outputTokens: 80,
        model: 'claude-sonnet-4-5',
      },
      {
        atMessage: 9,
        contextTokens: 2050,
        inputTokens: 150,
        cacheReadTokens: 1900,
        cacheWriteTokens: 0,
        outputTokens: 20,
        model: 'claude-sonnet-4-5',
      },
      {
        atMessage: 13,
        contextTokens: 1800,
        inputTokens: 500,
        cacheReadTokens: 1100,
        cacheWriteTokens: 200,
        outputTokens: 70,
        model: 'claude-sonnet-4-5',
      },
    ]);
  });

  it("without step-finish tokens, the message's own tokens stand for one call", () => {
    const plain = {
      info: exported.info,
      messages: [
        { info: { id: 'msg_a', role: 'user' }, parts: [{ id: 'p1', type: 'text', text: 'hi' }] },
        {
          info: {
            id: 'msg_b',
            role: 'assistant',
            parentID: 'msg_a',
            tokens: { input: 10, output: 5, reasoning: 0, cache: { read: 90, write: 0 } },
          },
          parts: [{ id: 'p2', type: 'text', text: 'hello' }],
        },
      ],
    };
    expect(importTranscript(JSON.stringify(plain)).history!.calls).toEqual([
      {
        atMessage: 1,
        contextTokens: 100,
        inputTokens: 10,
        cacheReadTokens: 90,
        cacheWriteTokens: 0,
        outputTokens: 5,
      },
    ]);
  });
});
