import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { counts, fixture, issueCodes } from './testSupport.node';

const common = { isSidechain: false, sessionId: 's-2', version: '2.1.14' };

/** One JSONL line in Claude Code's shape. */
function line(record: object): string {
  return JSON.stringify({ ...common, ...record });
}
const prompt = (uuid: string, parent: string | null, text: string) =>
  line({ uuid, parentUuid: parent, type: 'user', message: { role: 'user', content: text } });
const call = (uuid: string, parent: string, messageId: string, id: string, name = 'Read') =>
  line({
    uuid,
    parentUuid: parent,
    type: 'assistant',
    message: {
      id: messageId,
      role: 'assistant',
      content: [{ type: 'tool_use', id, name, input: { file_path: `/${id}` } }],
    },
  });
const result = (uuid: string, parent: string, id: string, text: string, extra: object = {}) =>
  line({
    uuid,
    parentUuid: parent,
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] },
    ...extra,
  });
const reply = (uuid: string, parent: string, messageId: string, text: string) =>
  line({
    uuid,
    parentUuid: parent,
    type: 'assistant',
    message: { id: messageId, role: 'assistant', content: [{ type: 'text', text }] },
  });

describe('Claude Code 2.x parallel tool calls', () => {
  it('keeps both results of two parallel calls and all three of three, with no problem', () => {
    const imported = importTranscript(fixture('claude-code-parallel.jsonl'));
    expect(counts(imported.messages)).toEqual({
      messages: 9,
      roles: { user: 1, assistant: 3, tool: 5 },
      toolCalls: 5,
      pairedResults: 5,
      summaries: 0,
      withReasoning: 1,
      images: 0,
    });
    expect(imported.issues.filter((i) => i.severity !== 'info')).toEqual([]);
    expect(issueCodes(imported)).toEqual([]);
  });

  it('merges the lines of one response into one message with every call, then its results as written', () => {
    const { messages } = importTranscript(fixture('claude-code-parallel.jsonl'));
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(messages[1]!.toolCalls!.map((c) => c.id)).toEqual([
      'toolu_01CiWorkflowRead000001',
      'toolu_01PackageJsonRead00002',
    ]);
    expect(messages[4]!.toolCalls!.map((c) => c.name)).toEqual(['Bash', 'Grep', 'Grep']);
    // The searches finished first; Claude Code puts the results the walk missed right after the
    // response's lines, then the one on the walked chain.
    expect(messages.slice(5, 8).map((m) => [m.toolName, m.content])).toEqual([
      ['Grep', 'No files found'],
      ['Grep', 'Found 2 files\nsrc/snapshot.ts\nsrc/undo.ts'],
      ['Bash', 'v22.11.0'],
    ]);
    expect(messages[2]!.content).toContain('node-version: 16');
  });

  it('records one call per response, whatever the number of its lines', () => {
    const { history } = importTranscript(fixture('claude-code-parallel.jsonl'));
    expect(history?.calls.map((c) => [c.atMessage, c.contextTokens])).toEqual([
      [1, 3 + 14210 + 1880],
      [4, 6 + 16090 + 1320],
      [8, 4 + 17410 + 980],
    ]);
  });

  it('still reports an edited prompt as a branch, and pairs the parallel calls before it', () => {
    const imported = importTranscript(fixture('claude-code-parallel-rewind.jsonl'));
    expect(counts(imported.messages)).toEqual({
      messages: 7,
      roles: { user: 2, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      summaries: 0,
      withReasoning: 0,
      images: 0,
    });
    expect(imported.messages[5]!.content).toBe(
      'Rename it to readConfig, and keep loadConf as a deprecated alias',
    );
    expect(imported.issues.map((i) => [i.code, i.severity, i.message])).toEqual([
      ['inactive-branch', 'info', '2 messages on other branches (rewinds or edits) were left out'],
    ]);
  });

  it('puts the other call line of the response back when the walk came through the first result', () => {
    // The second call finished first; the reply after both links to the first call's result.
    const file = [
      prompt('u1', null, 'Compare a and b'),
      call('a1', 'u1', 'msg_1', 'ta'),
      call('a2', 'a1', 'msg_1', 'tb'),
      result('r2', 'a2', 'tb', 'b'),
      result('r1', 'a1', 'ta', 'a'),
      reply('a3', 'r1', 'msg_2', 'They differ.'),
    ].join('\n');
    const imported = importTranscript(file);
    expect(imported.messages.map((m) => [m.role, m.content, m.toolCallId ?? ''])).toEqual([
      ['user', 'Compare a and b', ''],
      ['assistant', '', ''],
      ['tool', 'b', 'tb'],
      ['tool', 'a', 'ta'],
      ['assistant', 'They differ.', ''],
    ]);
    expect(imported.messages[1]!.toolCalls!.map((c) => c.id)).toEqual(['ta', 'tb']);
    expect(imported.issues).toEqual([]);
  });

  it('reads a 1.0 file, whose results follow one another in a line, as before', () => {
    const file = [
      prompt('u1', null, 'Compare a and b'),
      call('a1', 'u1', 'msg_1', 'ta'),
      call('a2', 'a1', 'msg_1', 'tb'),
      result('r1', 'a2', 'ta', 'a'),
      result('r2', 'r1', 'tb', 'b'),
      reply('a3', 'r2', 'msg_2', 'They differ.'),
    ]
      .join('\n')
      .replaceAll('"version":"2.1.14"', '"version":"1.0.98"');
    const imported = importTranscript(file);
    expect(imported.messages.map((m) => [m.role, m.toolCallId ?? ''])).toEqual([
      ['user', ''],
      ['assistant', ''],
      ['tool', 'ta'],
      ['tool', 'tb'],
      ['assistant', ''],
    ]);
    expect(imported.issues).toEqual([]);
  });

  it('leaves out a second result for a call already answered, and says it is on another branch', () => {
    // A resumed session wrote the result of the same call twice.
    const file = [
      prompt('u1', null, 'Read a'),
      call('a1', 'u1', 'msg_1', 'ta'),
      result('r1', 'a1', 'ta', 'a'),
      result('r1b', 'a1', 'ta', 'a, again'),
      reply('a2', 'r1b', 'msg_2', 'Read.'),
    ].join('\n');
    const imported = importTranscript(file);
    expect(imported.messages.map((m) => m.content)).toEqual(['Read a', '', 'a, again', 'Read.']);
    expect(issueCodes(imported)).toEqual(['inactive-branch']);
  });

  it('does not take in a tool result that answers a call of another response', () => {
    const file = [
      prompt('u1', null, 'Read a'),
      call('a1', 'u1', 'msg_1', 'ta'),
      result('r1', 'a1', 'ta', 'a'),
      reply('a2', 'r1', 'msg_2', 'Read.'),
      // A branch off the first prompt: another response, with its own call and result.
      call('x1', 'u1', 'msg_9', 'tx'),
      result('xr', 'x1', 'tx', 'x'),
    ].join('\n');
    // The newest line is the branch's result, so the branch is the conversation.
    const imported = importTranscript(file);
    expect(imported.messages.map((m) => m.content)).toEqual(['Read a', '', 'x']);
    expect(imported.messages[1]!.toolCalls!.map((c) => c.id)).toEqual(['tx']);
    expect(issueCodes(imported)).toEqual(['inactive-branch']);
  });

  it('keeps both results of parallel calls made before a compaction in the session history', () => {
    const file = [
      prompt('u1', null, 'Compare a and b'),
      call('a1', 'u1', 'msg_1', 'ta'),
      call('a2', 'a1', 'msg_1', 'tb'),
      result('r1', 'a1', 'ta', 'a'),
      result('r2', 'a2', 'tb', 'b'),
      line({
        uuid: 'c1',
        parentUuid: null,
        logicalParentUuid: 'r2',
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        compactMetadata: { trigger: 'auto', preTokens: 90000 },
      }),
      line({
        uuid: 's1',
        parentUuid: 'c1',
        type: 'user',
        isCompactSummary: true,
        message: { role: 'user', content: 'Summary: a and b were read.' },
      }),
      reply('a3', 's1', 'msg_2', 'They differ.'),
    ].join('\n');
    const imported = importTranscript(file);
    expect(imported.messages.map((m) => m.content)).toEqual(['Summary: a and b were read.', 'They differ.']);
    expect(imported.history?.messages.map((m) => [m.role, m.toolCallId ?? ''])).toEqual([
      ['user', ''],
      ['assistant', ''],
      ['tool', 'ta'],
      ['tool', 'tb'],
      ['user', ''],
      ['assistant', ''],
    ]);
  });
});
