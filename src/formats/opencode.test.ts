import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

const exported = JSON.parse(fixture('opencode.json')) as { info: object; messages: object[] };

describe('OpenCode export', () => {
  it('the compaction request stays as the question the model sees, then the summary:true reply becomes the summary message', () => {
    const result = importTranscript(fixture('opencode.json'));
    expect(result.title).toBe('Fix login tests 🔐');
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? ''])).toEqual([
      ['msg_05', 'user', ''],
      ['msg_06', 'user', 'summary'],
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
