import { describe, expect, it } from 'vitest';
import { claudeCode } from './claudeCode';
import { detectFormat, importTranscript } from './registry';

const jsonl = (...records: object[]): string => records.map((r) => JSON.stringify(r)).join('\n');

/** Qwen Code lines: Claude Code's envelope around a Gemini Content. */
const qwen = jsonl(
  {
    uuid: 'u1',
    parentUuid: null,
    sessionId: 's1',
    type: 'user',
    message: { role: 'user', parts: [{ text: 'Inspect the README' }] },
  },
  {
    uuid: 'a1',
    parentUuid: 'u1',
    sessionId: 's1',
    type: 'assistant',
    model: 'qwen3-coder-plus',
    message: {
      role: 'model',
      parts: [
        { text: 'Reading.', thought: true },
        { functionCall: { id: 'c1', name: 'read_file', args: { path: 'README.md' } } },
      ],
    },
  },
  {
    uuid: 't1',
    parentUuid: 'a1',
    sessionId: 's1',
    type: 'tool_result',
    message: {
      role: 'user',
      parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: '# Tool' } } }],
    },
  },
  {
    uuid: 'x1',
    parentUuid: 't1',
    sessionId: 's1',
    type: 'system',
    subtype: 'ui_telemetry',
    message: { role: 'system', parts: [] },
  },
  {
    uuid: 'a2',
    parentUuid: 'x1',
    sessionId: 's1',
    type: 'assistant',
    message: { role: 'model', parts: [{ text: 'It describes a CLI.' }] },
  },
);

/** Copilot CLI events.jsonl: `{type: "area.event", data}` events, which LangChain's `{type, data}` resembles. */
const copilot = jsonl(
  {
    type: 'session.start',
    data: { sessionId: 's1', producer: 'copilot-agent', selectedModel: 'gpt-5-mini' },
    id: 'e1',
    timestamp: 't',
    parentId: null,
  },
  {
    type: 'system.message',
    data: { content: 'You are Copilot.', role: 'system' },
    id: 'e2',
    timestamp: 't',
    parentId: 'e1',
  },
  {
    type: 'user.message',
    data: { content: 'List the files', transformedContent: '<date>today</date> List the files' },
    id: 'e3',
    timestamp: 't',
    parentId: 'e2',
  },
  { type: 'assistant.turn_start', data: { turnId: '1' }, id: 'e4', timestamp: 't', parentId: 'e3' },
  {
    type: 'assistant.message',
    data: {
      content: 'Listing.',
      toolRequests: [{ toolCallId: 'c1', name: 'shell', arguments: '{"command":"ls"}' }],
    },
    id: 'e5',
    timestamp: 't',
    parentId: 'e4',
  },
  {
    type: 'tool.execution_complete',
    data: { toolCallId: 'c1', success: true, result: { content: 'a.txt' } },
    id: 'e6',
    timestamp: 't',
    parentId: 'e5',
  },
  {
    type: 'assistant.message',
    data: { content: 'sub-agent text', parentToolCallId: 'c9', toolRequests: [] },
    id: 'e7',
    timestamp: 't',
    parentId: 'e6',
  },
  {
    type: 'system.message',
    data: { content: 'You are Copilot, again.', role: 'system' },
    id: 'e8',
    timestamp: 't',
    parentId: 'e7',
  },
  {
    type: 'assistant.message',
    data: { content: 'One file.', toolRequests: [] },
    id: 'e9',
    timestamp: 't',
    parentId: 'e8',
  },
);

describe('look-alikes are told apart', () => {
  it('a Qwen Code log is Qwen Code, not Claude Code', () => {
    expect(detectFormat(qwen)).toEqual({
      format: 'qwen-code',
      confidence: 0.98,
      reason: 'lines with uuid, parentUuid and sessionId whose message is {role, parts}',
    });
  });

  it('Claude Code’s confidence falls when no message has Anthropic content', () => {
    const records = qwen.split('\n').map((l) => JSON.parse(l) as unknown);
    expect(claudeCode.detectRecords(records)).toEqual({
      format: 'claude-code',
      confidence: 0.3,
      reason: 'lines with uuid, parentUuid and sessionId, but no message has Anthropic "content"',
    });
  });

  it('Copilot CLI events are Copilot CLI, not LangChain', () => {
    expect(detectFormat(copilot)).toEqual({
      format: 'copilot-cli',
      confidence: 0.98,
      reason: 'a first "session.start" event from producer "copilot-agent"',
    });
  });

  it('LangChain does not bid on {type, data} records none of which is a LangChain message type', () => {
    const events = JSON.stringify([
      { type: 'session.start', data: {} },
      { type: 'user.message', data: { content: 'x' } },
    ]);
    expect(detectFormat(events).format).toBe('text');
  });
});

describe('Qwen Code chat logs', () => {
  it('reads each line’s Gemini Content along the parent chain; system lines are notes', () => {
    const result = importTranscript(qwen);
    expect(
      result.messages.map((m) => [m.id, m.role, m.content, m.toolCallId ?? m.toolCalls?.[0]?.id ?? '']),
    ).toEqual([
      ['u1', 'user', 'Inspect the README', ''],
      ['a1', 'assistant', '', 'c1'],
      ['t1:0', 'tool', '# Tool', 'c1'],
      ['a2', 'assistant', 'It describes a CLI.', ''],
    ]);
    expect(result.messages[1]!.reasoning).toBe('Reading.');
    expect(result.issues.map((i) => [i.severity, i.code])).toEqual([['info', 'metadata-line']]);
  });
});

describe('GitHub Copilot CLI events', () => {
  it('reads the system prompt once (the newest), the transformed prompt, replies with tool requests and results; sub-agent events are a note', () => {
    const result = importTranscript(copilot);
    expect(result.messages.map((m) => [m.id, m.role, m.content])).toEqual([
      ['e2', 'system', 'You are Copilot, again.'],
      ['e3', 'user', '<date>today</date> List the files'],
      ['e5', 'assistant', 'Listing.'],
      ['e6', 'tool', 'a.txt'],
      ['e9', 'assistant', 'One file.'],
    ]);
    expect(result.messages[2]!.toolCalls).toEqual([
      { id: 'c1', name: 'shell', arguments: '{"command":"ls"}' },
    ]);
    expect(result.messages[3]!.toolCallId).toBe('c1');
    expect(result.issues.map((i) => i.code)).toEqual(['sidechain-lines']);
    expect(result.usage).toEqual({ model: 'gpt-5-mini' });
  });
});
