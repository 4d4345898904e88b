import { describe, expect, it } from 'vitest';
import { gooseJson, gooseJsonl } from './goose';
import { detectFormat, importTranscript } from './registry';
import { fixture } from './testSupport.node';

const lines = () =>
  fixture('goose.jsonl')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('Goose sessions', () => {
  it('reads calls and results in order, each result paired with its call', () => {
    const result = importTranscript(fixture('goose.jsonl'));
    expect(result.title).toBe('Fix CSV export last row');
    expect(
      result.messages.map((m) => [m.id, m.role, m.toolCalls?.map((c) => c.id) ?? m.toolCallId ?? null]),
    ).toEqual([
      ['msg_u1', 'user', null],
      ['msg_a1', 'assistant', ['toolu_01Gx']],
      ['msg_u2:0', 'tool', 'toolu_01Gx'],
      ['msg_a2', 'assistant', ['toolu_02Hb']],
      ['msg_u3:0', 'tool', 'toolu_02Hb'],
      ['msg_a3', 'assistant', null],
    ]);
    expect(result.messages[1]!.toolCalls![0]).toEqual({
      id: 'toolu_01Gx',
      name: 'developer__shell',
      arguments: '{"command":"rg -n \'fn export_csv\' -A 12 src"}',
    });
    expect(result.messages[3]!.reasoning).toBe(
      'The loop stops at len - 1, so the last row is never written.',
    );
  });

  it('sends only the result content meant for the assistant, from both result shapes', () => {
    const result = importTranscript(fixture('goose.jsonl'));
    const [first, second] = result.messages.filter((m) => m.role === 'tool');
    expect(first!.content.split('\n')).toHaveLength(7);
    expect(first!.content).not.toContain('... 6 more lines');
    // Newer Goose stores a CallToolResult ({content, isError}) as the value.
    expect(second!.content.startsWith('The file /home/maya/tallybook/src/csv.rs has been edited')).toBe(true);
  });

  it('leaves out what Goose keeps from the model, and says so', () => {
    const result = importTranscript(fixture('goose.jsonl'));
    expect(result.messages.some((m) => m.id === 'msg_n1')).toBe(false);
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'agent-invisible',
        '1 message marked agentVisible: false was left out: Goose keeps it for the user and does not send it',
      ],
      [
        'user-only-content',
        '1 tool result part meant for the user alone (audience without "assistant") was left out: Goose does not send it to the model',
      ],
    ]);
  });

  it('sends a failed call and a failed result as the error text Goose writes for the model', () => {
    const text = [
      JSON.stringify({
        role: 'assistant',
        created: 1,
        content: [
          {
            type: 'toolRequest',
            id: 'c1',
            toolCall: { status: 'error', error: '-32602: missing field `command`' },
          },
        ],
      }),
      JSON.stringify({
        role: 'assistant',
        created: 2,
        content: [
          {
            type: 'toolRequest',
            id: 'c2',
            toolCall: { status: 'success', value: { name: 'x', arguments: {} } },
          },
        ],
      }),
      JSON.stringify({
        role: 'user',
        created: 3,
        content: [{ type: 'toolResponse', id: 'c2', toolResult: { status: 'error', error: 'timed out' } }],
      }),
    ].join('\n');
    const result = importTranscript(text, { format: 'goose' });
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['tool', 'Error: -32602: missing field `command`'],
      ['assistant', ''],
      ['tool', 'The tool call returned the following error:\ntimed out'],
    ]);
  });

  it('imports an exported session (JSON with a conversation) as the JSONL file', () => {
    const [metadata, ...messages] = lines();
    const exported = {
      id: '20250310_1',
      name: metadata!.description,
      working_dir: metadata!.working_dir,
      conversation: messages,
    };
    const fromExport = importTranscript(JSON.stringify(exported));
    const fromFile = importTranscript(fixture('goose.jsonl'));
    expect(fromExport.format).toBe('goose');
    expect(fromExport.messages.map((m) => [m.id, m.content])).toEqual(
      fromFile.messages.map((m) => [m.id, m.content]),
    );
    expect(fromExport.detection.reason).toBe(
      'a session with "conversation": {role, created, content} messages with "metadata.agentVisible"',
    );
  });

  it('is detected at 0.97 from its marks, lower without them, and not at all without `created`', () => {
    expect(detectFormat(fixture('goose.jsonl'))).toEqual({
      format: 'goose',
      confidence: 0.97,
      reason:
        'a working_dir metadata line, then {role, created, content} messages with "metadata.agentVisible"',
    });
    const [metadata, ...messages] = lines();
    const unmarked = messages.map((m) => ({
      ...m,
      metadata: undefined,
      content: [{ type: 'text', text: 'hi' }],
    }));
    expect(gooseJsonl.detectRecords([metadata, ...unmarked])).toEqual({
      format: 'goose',
      confidence: 0.8,
      reason: 'a working_dir metadata line, then {role, created, content} messages',
    });
    expect(gooseJsonl.detectRecords(unmarked)).toBeNull();
    const undated = messages.map(({ created: _created, ...m }) => m);
    expect(gooseJsonl.detectRecords(undated)).toBeNull();
    expect(gooseJsonl.detectRecords([metadata, ...undated])).toEqual({
      format: 'goose',
      confidence: 0.3,
      reason: 'a working_dir metadata line but no Goose messages',
    });
    expect(gooseJson.detect({ conversation: undated })).toBeNull();
  });
});
