import { describe, expect, it } from 'vitest';
import { detectFormat, importChunks, importTranscript } from './registry';
import { counts, fixture, issueCodes, longClaudeCodeSession } from './testSupport.node';
import type { ImportResult } from './types';

const text = fixture('claude-code.jsonl');

function line(record: object): string {
  return JSON.stringify(record);
}
const common = { isSidechain: false, sessionId: 's-1', version: '2.0.55' };

describe('Claude Code session JSONL', () => {
  it('is detected by uuid, parentUuid and sessionId', () => {
    expect(detectFormat(text)).toEqual({
      format: 'claude-code',
      confidence: 0.98,
      reason: 'lines with uuid, parentUuid and sessionId',
    });
  });

  it('imports the fixture: the active branch only, split responses merged, every call paired', () => {
    const result = importTranscript(text, { fileName: 'claude-code.jsonl' });
    expect(counts(result.messages)).toEqual({
      messages: 9,
      roles: { user: 1, assistant: 4, tool: 4 },
      toolCalls: 4,
      pairedResults: 4,
      summaries: 0,
      withReasoning: 1,
      images: 0,
    });
    expect(result.messages.map((m) => m.id)).toEqual([
      'u1',
      'a1',
      't1:0',
      'a2',
      't2:0',
      'a3',
      't3:0',
      't4:0',
      'b9',
    ]);
    expect(result.messages[1]).toMatchObject({
      reasoning: 'Start by reading the login module.',
      toolCalls: [
        { id: 'toolu_01', name: 'Read', arguments: '{"file_path":"/home/dev/shop/src/auth/login.ts"}' },
      ],
      source: { line: 4 },
    });
    expect(result.messages[5]!.toolCalls!.map((c) => c.id)).toEqual(['toolu_03', 'toolu_04']);
    expect(result.messages[4]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_02',
      toolName: 'Bash',
      source: { line: 8 },
    });
    expect(result.messages[2]!.content).toContain('<|endoftext|>');
    expect(result.title).toBe('修复登录测试 🔧 Fix login tests');
    expect(result.usage).toEqual({
      agentVersion: '2.0.55',
      contextTokens: 15804,
      inputTokens: 4,
      cachedInputTokens: 15500,
      outputTokens: 30,
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(issueCodes(result)).toEqual(['metadata-line', 'inactive-branch', 'sidechain-lines']);
    expect(result.issues[0]).toMatchObject({ severity: 'info', line: 17, count: 1 });
  });

  it('a compact boundary hides everything before it and the compact summary becomes a summary message', () => {
    const jsonl = [
      line({
        ...common,
        parentUuid: null,
        type: 'user',
        message: { role: 'user', content: 'old question' },
        uuid: 'u1',
      }),
      line({
        ...common,
        parentUuid: 'u1',
        type: 'assistant',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'old answer' }] },
        uuid: 'a1',
      }),
      line({
        ...common,
        parentUuid: null,
        logicalParentUuid: 'a1',
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        compactMetadata: { trigger: 'auto', preTokens: 167648 },
        uuid: 'c1',
      }),
      line({
        ...common,
        parentUuid: 'c1',
        type: 'user',
        isCompactSummary: true,
        message: {
          role: 'user',
          content: 'This session is being continued from a previous conversation. Summary: …',
        },
        uuid: 'cs1',
      }),
      line({
        ...common,
        parentUuid: 'cs1',
        type: 'user',
        message: { role: 'user', content: 'go on' },
        uuid: 'u2',
      }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.role, m.kind])).toEqual([
      ['cs1', 'user', 'summary'],
      ['u2', 'user', undefined],
    ]);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'hidden-by-compaction',
        message: '2 messages before the last compact boundary are not sent to the model and were left out',
        line: 3,
      },
    ]);
  });

  it('a parent missing from the file is reported and the chain starts after it', () => {
    const jsonl = [
      line({
        ...common,
        parentUuid: 'gone',
        type: 'user',
        message: { role: 'user', content: 'hi' },
        uuid: 'u1',
      }),
      line({
        ...common,
        parentUuid: 'u1',
        type: 'assistant',
        message: { id: 'm', role: 'assistant', content: 'hello' },
        uuid: 'a1',
      }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect(result.issues).toEqual([
      {
        severity: 'warning',
        code: 'broken-parent-link',
        message: 'A line points at a parent that is not in the file; the conversation starts after it',
        line: 1,
        example: 'gone',
      },
    ]);
  });

  it('a corrupt line in the middle is reported with its line and the rest imports', () => {
    const lines = text.split('\n');
    lines[5] = '{"parentUuid":"a1b","type":"user",,}';
    const result = importTranscript(lines.join('\n'));
    const malformed = result.issues.find((i) => i.code === 'malformed-line');
    expect(malformed).toMatchObject({ line: 6, column: 35 });
    // Without t1, a2 hangs off a missing parent: the chain is reported as broken, not thrown.
    expect(issueCodes(result)).toContain('broken-parent-link');
    expect(result.messages.length).toBeGreaterThan(0);
  });

  it('a torn last line (a live session) is skipped with a warning', () => {
    const result = importTranscript(`${text}{"parentUuid":"b9","type":"assi`);
    expect(result.issues.find((i) => i.code === 'truncated-last-line')).toMatchObject({ line: 18 });
    expect(result.messages).toHaveLength(9);
  });
});

describe('Claude Code turns', () => {
  it('gives every message the turn of the prompt that opened it, the prompt uuid when there is no promptId', () => {
    const jsonl = [
      line({
        ...common,
        type: 'user',
        uuid: 'p1',
        parentUuid: null,
        message: { role: 'user', content: 'first' },
      }),
      line({
        ...common,
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'p1',
        message: {
          id: 'm1',
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'tu1', name: 'Read', input: { file_path: '/a.ts' } }],
        },
      }),
      line({
        ...common,
        type: 'user',
        uuid: 'r1',
        parentUuid: 'a1',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'x' }] },
      }),
      line({
        ...common,
        type: 'user',
        uuid: 'meta',
        parentUuid: 'r1',
        isMeta: true,
        message: { role: 'user', content: 'Caveat: local command output follows.' },
      }),
      line({
        ...common,
        type: 'user',
        uuid: 'p2',
        parentUuid: 'meta',
        promptId: 'prompt-2',
        message: { role: 'user', content: 'second' },
      }),
      line({
        ...common,
        type: 'assistant',
        uuid: 'a2',
        parentUuid: 'p2',
        message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      }),
    ].join('\n');
    const result = importTranscript(jsonl, { format: 'claude-code' });
    expect(result.messages.map((m) => [m.role, m.turnId])).toEqual([
      ['user', 'p1'],
      ['assistant', 'p1'],
      ['tool', 'p1'],
      ['user', 'p1'],
      ['user', 'prompt-2'],
      ['assistant', 'prompt-2'],
    ]);
  });

  it('a file whose lines carry no parent links at all is read in file order, not as one message and other branches', () => {
    const unlinked = (uuid: string, type: 'user' | 'assistant', text: string, extra: object = {}) =>
      line({
        isSidechain: false,
        sessionId: 's-1',
        type,
        message:
          type === 'user'
            ? { role: 'user', content: text }
            : { id: `m-${uuid}`, role: 'assistant', content: [{ type: 'text', text }] },
        uuid,
        ...extra,
      });
    const jsonl = [
      unlinked('u1', 'user', 'first question'),
      unlinked('a1', 'assistant', 'first answer'),
      unlinked('x1', 'user', 'a sub-agent prompt', { isSidechain: true }),
      unlinked('u2', 'user', 'second question'),
      unlinked('a2', 'assistant', 'second answer'),
    ].join('\n');
    expect(detectFormat(jsonl)).toEqual({
      format: 'claude-code',
      confidence: 0.9,
      reason: 'message lines with uuid and sessionId, without parentUuid',
    });
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.content])).toEqual([
      ['u1', 'first question'],
      ['a1', 'first answer'],
      ['u2', 'second question'],
      ['a2', 'second answer'],
    ]);
    expect(issueCodes(result)).toEqual(['sidechain-lines']);
  });

  it('lines in its shape that name another agent as their author are read, but not claimed with confidence', () => {
    const line = (uuid: string, role: 'user' | 'assistant', text: string) =>
      JSON.stringify({
        sessionId: 's-1',
        agent: 'cursor',
        type: role,
        message: role === 'user' ? { role, content: text } : { role, content: [{ type: 'text', text }] },
        uuid,
        timestamp: '2026-01-14T14:00:00.000Z',
      });
    const jsonl = [line('u1', 'user', 'refactor this'), line('a1', 'assistant', 'done')].join('\n');
    expect(detectFormat(jsonl)).toEqual({
      format: 'claude-code',
      confidence: 0.5,
      reason: 'Claude Code\'s message lines, but their "agent" field says "cursor" wrote them',
    });
    expect(importTranscript(jsonl).messages.map((m) => m.content)).toEqual(['refactor this', 'done']);
  });
});

describe('Claude Code session history', () => {
  const user = (uuid: string, parent: string | null, content: unknown, extra: object = {}) =>
    line({ ...common, parentUuid: parent, type: 'user', message: { role: 'user', content }, uuid, ...extra });
  const assistant = (
    uuid: string,
    parent: string,
    id: string,
    content: unknown[],
    usage: object = {
      input_tokens: 5,
      cache_read_input_tokens: 1000,
      cache_creation_input_tokens: 200,
      output_tokens: 40,
    },
  ) =>
    line({
      ...common,
      parentUuid: parent,
      type: 'assistant',
      message: { id, role: 'assistant', content, usage },
      uuid,
    });
  const boundary = (uuid: string, logicalParent: string, meta: object) =>
    line({
      ...common,
      parentUuid: null,
      logicalParentUuid: logicalParent,
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      compactMetadata: meta,
      uuid,
    });
  const summary = (uuid: string, parent: string, text: string) =>
    user(uuid, parent, `This session is being continued from a previous conversation. ${text}`, {
      isCompactSummary: true,
    });

  /** Two compactions: an automatic one, then a manual one that kept the last exchange verbatim. */
  const session = [
    user('u1', null, 'Fix the flaky upload test'),
    assistant(
      'a1',
      'u1',
      'm1',
      [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'npm test' } }],
      {
        input_tokens: 4,
        cache_read_input_tokens: 17000,
        cache_creation_input_tokens: 300,
        output_tokens: 60,
      },
    ),
    user('t1', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '1 failing' }]),
    assistant('a2', 't1', 'm2', [{ type: 'text', text: 'The retry timer is not awaited.' }]),
    boundary('c1', 'a2', { trigger: 'auto', preTokens: 167648 }),
    summary('s1', 'c1', 'Summary: the upload retry timer.'),
    user('u2', 's1', 'Now make the timeout configurable'),
    assistant('a3', 'u2', 'm3', [{ type: 'thinking', thinking: 'Look at the config first.' }]),
    assistant(
      'a3b',
      'a3',
      'm3',
      [{ type: 'tool_use', id: 'toolu_2', name: 'Read', input: { file_path: '/src/config.ts' } }],
      {
        input_tokens: 6,
        cache_read_input_tokens: 21000,
        cache_creation_input_tokens: 900,
        output_tokens: 75,
      },
    ),
    user('t2', 'a3b', [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'export const config = {}' }]),
    assistant('a4', 't2', 'm4', [{ type: 'text', text: 'Added uploadTimeoutMs.' }]),
    boundary('c2', 'a4', {
      trigger: 'manual',
      preTokens: 48210,
      postTokens: 9120,
      preservedSegment: { headUuid: 'u2', anchorUuid: 's2', tailUuid: 'a3b' },
    }),
    summary('s2', 'c2', 'Summary: timeout made configurable.'),
    user('u3', 's2', 'Write the changelog entry'),
    assistant('a5', 'u3', 'm5', [{ type: 'text', text: 'Done.' }]),
  ].join('\n');

  it('keeps every message before each compact boundary, while the context now stays what follows the last one', () => {
    const result = importTranscript(session);
    expect(result.messages.map((m) => m.id)).toEqual(['s2', 'u3', 'a5']);
    const history = result.history!;
    expect(history.messages.map((m) => m.id)).toEqual([
      'u1',
      'a1',
      't1:0',
      'a2',
      's1',
      'u2',
      'a3',
      't2:0',
      'a4',
      's2',
      'u3',
      'a5',
    ]);
    // The context now is the same objects as the end of the history, not copies.
    expect(history.messages[9]).toBe(result.messages[0]);
    expect(history.messages[4]!.kind).toBe('summary');
    // Results in the hidden part name their tool too, from the call they answer.
    expect(history.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'toolu_1', toolName: 'Bash' });
  });

  it('records each boundary as a compaction: position, trigger, tokens before and after, preserved messages', () => {
    const { compactions } = importTranscript(session).history!;
    expect(compactions).toEqual([
      {
        atMessage: 4,
        contextAfter: [4],
        trigger: 'auto',
        tokensBefore: 167648,
        tokensAfter: null,
        source: 'compact_boundary',
        line: 5,
      },
      {
        atMessage: 9,
        // The summary first, then the messages the compaction kept verbatim, from u2 to a3b.
        contextAfter: [9, 5, 6],
        trigger: 'manual',
        tokensBefore: 48210,
        tokensAfter: 9120,
        source: 'compact_boundary',
        line: 12,
      },
    ]);
  });

  it('records one call per response: lines sharing message.id are one call, the prompt counted with both caches', () => {
    const { calls } = importTranscript(session).history!;
    expect(calls.map((c) => c.atMessage)).toEqual([1, 3, 6, 8, 11]);
    expect(calls[0]).toEqual({
      atMessage: 1,
      contextTokens: 17304,
      inputTokens: 4,
      cacheReadTokens: 17000,
      cacheWriteTokens: 300,
      outputTokens: 60,
    });
    // The later line of the split response carries the final usage.
    expect(calls[2]).toMatchObject({ contextTokens: 21906, outputTokens: 75 });
  });

  it('reports no problem for what only the hidden part of the session holds', () => {
    const result = importTranscript(session);
    expect(result.issues.map((i) => i.code)).toEqual(['hidden-by-compaction']);
  });

  it('a file without usage or boundaries records no history: its history is its messages', () => {
    const plain = [
      user('u1', null, 'hi'),
      line({
        ...common,
        parentUuid: 'u1',
        type: 'assistant',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
        uuid: 'a1',
      }),
    ].join('\n');
    expect(importTranscript(plain).history).toBeUndefined();
  });
});

describe('a long Claude Code session', () => {
  // Built once for both imports: 500,000 messages, about 80 MB of JSONL.
  const messages = 500_000;
  let text: string | undefined;
  const session = (): string => (text ??= longClaudeCodeSession(messages));
  const expected = {
    messages,
    roles: { user: messages / 4, assistant: messages / 2, tool: messages / 4 },
    toolCalls: messages / 4,
    pairedResults: messages / 4,
    summaries: 0,
    withReasoning: 0,
    images: 0,
  };
  /** What a reader sees: the import's counts, or the message it was refused with. */
  const outcome = (result: ImportResult) => ({
    counts: counts(result.messages),
    lastId: result.messages.at(-1)?.id,
    calls: result.history?.calls.length,
    recordedMessages: result.history?.messages.length,
    issues: result.issues,
  });
  const whole = {
    counts: expected,
    lastId: `b${messages / 4 - 1}`,
    calls: messages / 2,
    recordedMessages: messages,
    issues: [],
  };

  // A spread of the whole list into one call overflowed the stack past about 62,000 messages,
  // and the overflow was refused as "nested too deeply": a flat file is neither.
  it('a Claude Code session of 500,000 messages imports whole, every message and call', () => {
    expect(outcome(importTranscript(session(), { fileName: 'long.jsonl' }))).toEqual(whole);
  }, 180_000);

  it('a Claude Code session of 500,000 messages imports streamed, the same as whole', async () => {
    const all = session();
    async function* chunks(): AsyncGenerator<string> {
      for (let i = 0; i < all.length; i += 1 << 20) yield all.slice(i, i + (1 << 20));
    }
    expect(outcome(await importChunks(chunks(), { fileName: 'long.jsonl' }))).toEqual(whole);
  }, 180_000);
});

describe('a long response', () => {
  // Each merge once copied every block merged so far and rescanned every group after the
  // response: 100,000 lines took minutes. Now each line costs the same, whatever came before.
  it('a response split over 100,000 lines, each call followed by its result, is one message with every call', () => {
    const calls = 50_000;
    const jsonl = [
      line({
        ...common,
        parentUuid: null,
        type: 'user',
        message: { role: 'user', content: 'go' },
        uuid: 'u',
      }),
    ];
    let parentUuid = 'u';
    for (let k = 0; k < calls; k++) {
      const use = { type: 'tool_use', id: `r${k}`, name: 'Read', input: { file_path: `f${k}` } };
      const result = { type: 'tool_result', tool_use_id: `r${k}`, content: `${k}` };
      const message = { id: 'msg_1', role: 'assistant', content: [use] };
      jsonl.push(line({ ...common, parentUuid, type: 'assistant', message, uuid: `a${k}` }));
      jsonl.push(
        line({
          ...common,
          parentUuid: `a${k}`,
          type: 'user',
          message: { role: 'user', content: [result] },
          uuid: `t${k}`,
        }),
      );
      parentUuid = `t${k}`;
    }
    const result = importTranscript(jsonl.join('\n'));
    expect(counts(result.messages)).toEqual({
      messages: calls + 2,
      roles: { user: 1, assistant: 1, tool: calls },
      toolCalls: calls,
      pairedResults: calls,
      summaries: 0,
      withReasoning: 0,
      images: 0,
    });
    expect(result.messages[1]!.toolCalls!.at(-1)!.id).toBe(`r${calls - 1}`);
    expect(result.issues).toEqual([]);
  }, 60_000);
});

describe('files as current Claude Code and its viewers write them', () => {
  const user = (uuid: string, parentUuid: string | null, content: string, extra: object = {}) =>
    line({ ...common, type: 'user', uuid, parentUuid, message: { role: 'user', content }, ...extra });
  const reply = (uuid: string, parentUuid: string | null, text: string, extra: object = {}) =>
    line({
      ...common,
      type: 'assistant',
      uuid,
      parentUuid,
      message: { id: `msg_${uuid}`, role: 'assistant', content: [{ type: 'text', text }] },
      ...extra,
    });

  it('a sub-agent file, every line a sidechain, is that sub-agent’s own conversation, noted as whose', () => {
    const sidechain = { isSidechain: true, agentId: 'a1b2' };
    const jsonl = [
      user('u1', null, 'Find the config', sidechain),
      reply('a1', 'u1', 'In src/config.ts.', sidechain),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.role, m.content])).toEqual([
      ['u1', 'user', 'Find the config'],
      ['a1', 'assistant', 'In src/config.ts.'],
    ]);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'sub-agent-file',
        message:
          'This is the transcript of a sub-agent (agent a1b2) of session s-1: its own conversation, read as one',
        line: 1,
      },
    ]);
  });

  it('lines that all have parentUuid null are read in file order, with a note saying so', () => {
    const jsonl = [user('u1', null, 'one'), reply('a1', null, 'two'), user('u2', null, 'three')].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(issueCodes(result)).toEqual(['read-in-file-order']);
  });

  it('a line type that carries no message is a note named by its type, not a problem', () => {
    const jsonl = [
      line({ type: 'permission-mode', permissionMode: 'default', sessionId: 's-1' }),
      user('u1', null, 'hello'),
      reply('a1', 'u1', 'Hi.'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages).toHaveLength(2);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'metadata-line',
        message:
          'Lines of type "permission-mode" carry no message (session state for the app) and were left out',
        line: 1,
        count: 1,
      },
    ]);
  });

  it('a line of an unknown type that holds text is still a skipped line', () => {
    const jsonl = [
      user('u1', null, 'hello'),
      line({ type: 'tool_result', uuid: 'r1', sessionId: 's-1', content: 'output text' }),
    ].join('\n');
    expect(importTranscript(jsonl).issues[0]).toMatchObject({
      severity: 'warning',
      code: 'unknown-line-type',
      line: 2,
    });
  });
});

describe('a compact boundary whose logicalParentUuid names a line that is not in the file', () => {
  const result = importTranscript(fixture('claude-code-dangling-boundary.jsonl'));

  it('keeps the history before it, read back from the last line written before it (the branch a rewind left is not taken)', () => {
    expect(result.messages.map((m) => m.id)).toEqual(['s1', 'u2', 'a3']);
    expect(result.history!.messages.map((m) => m.id)).toEqual(['u1b', 'a1b', 't1:0', 'a2', 's1', 'u2', 'a3']);
  });

  it('places the compaction after those messages, with every call before it', () => {
    const { compactions, calls } = result.history!;
    expect(compactions.map((c) => [c.atMessage, c.contextAfter, c.tokensBefore])).toEqual([[4, [4], 154210]]);
    expect(calls.map((c) => [c.atMessage, c.contextTokens])).toEqual([
      [1, 9453],
      [3, 9803],
      [6, 3003],
    ]);
  });

  it('says in the report what it inferred', () => {
    expect(result.issues.find((i) => i.code === 'boundary-link-missing')).toEqual({
      severity: 'info',
      code: 'boundary-link-missing',
      message:
        'The compact boundary at line 7 follows a line that is not in the file (a2-gone): the history before it was read back from line 6, the last line written before it',
      line: 7,
    });
  });
});

describe("Claude Code's automatic compaction file (subagents/agent-acompact-*.jsonl)", () => {
  const result = importTranscript(fixture('claude-code-acompact.jsonl'));

  it('is the compaction request and its summary, with no broken link for the line it follows in the session', () => {
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['k1', 'user'],
      ['k2', 'assistant'],
    ]);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'compaction-request',
        message:
          'This is the request of an automatic compaction (agent acompact-5e21c0 of session 3b8e1f52-6c0d-4e7a-9d21-5f4a0c9e7b16): what Claude Code sent to be summarized and the summary it got back; the request was 154,103 tokens',
        line: 1,
      },
    ]);
  });

  it('records its usage as the size of the compaction request', () => {
    expect(result.usage).toMatchObject({ contextTokens: 154103, outputTokens: 900 });
  });
});
