import { describe, expect, it } from 'vitest';
import { countChars4 } from '../core/tokenizer';
import { createEstimator } from '../core/estimate';
import { findBoundary, prepare } from '../core/prepare';
import { detectFormat, importTranscript } from './registry';
import { contextFromHistory, counts, fixture } from './testSupport.node';

const text = fixture('pi.jsonl');
const header = JSON.stringify({ type: 'session', version: 3, id: 'h', timestamp: 't', cwd: '/p' });
const entry = (id: string, parentId: string | null, message: object): string =>
  JSON.stringify({ type: 'message', id, parentId, timestamp: 't', message });

describe('pi session JSONL', () => {
  it('is detected by its session header', () => {
    expect(detectFormat(text)).toEqual({
      format: 'pi',
      confidence: 0.97,
      reason: 'a first line {"type":"session", "version":3, "cwd"}',
    });
  });

  it('imports the fixture: the compaction summary, the kept entries from firstKeptEntryId, then the rest of the branch', () => {
    const result = importTranscript(text);
    expect(counts(result.messages)).toEqual({
      messages: 7,
      roles: { user: 2, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      summaries: 1,
      withReasoning: 1,
      images: 0,
    });
    expect(result.messages.map((m) => m.id)).toEqual([
      'a1000009',
      'a1000004',
      'a1000005',
      'a1000007',
      'a1000008',
      'a100000a',
      'a100000c',
    ]);
    expect(
      result.messages[0]!.content.startsWith(
        'The conversation history before this point was compacted into the following summary:\n\n<summary>\n## Goal',
      ),
    ).toBe(true);
    expect(result.messages[3]!.toolCalls).toEqual([
      {
        id: 'call_3',
        name: 'edit',
        arguments:
          '{"path":"src/parser.ts","oldText":"split(/\\\\s+/)","newText":"split(/(?=[()])|\\\\s+/)"}',
      },
    ]);
    expect(result.title).toBe('Parser fixes 🔧');
    expect(result.usage).toEqual({
      contextTokens: 9300,
      inputTokens: 300,
      cachedInputTokens: 9000,
      outputTokens: 20,
      totalTokens: 9320,
      model: 'claude-sonnet-4-5',
    });
    expect(result.issues).toEqual([
      { severity: 'info', code: 'inactive-branch', message: '1 message on other branches was left out' },
    ]);
  });

  it('a version 1 file (no ids) chains entries by line and resolves firstKeptEntryIndex by file line', () => {
    const v1 = [
      JSON.stringify({ type: 'session', id: 'old', timestamp: 't', cwd: '/p' }),
      JSON.stringify({ type: 'message', timestamp: 't', message: { role: 'user', content: 'one' } }),
      JSON.stringify({
        type: 'message',
        timestamp: 't',
        message: { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
      }),
      JSON.stringify({
        type: 'compaction',
        timestamp: 't',
        summary: 'S',
        firstKeptEntryIndex: 2,
        tokensBefore: 10,
      }),
      JSON.stringify({ type: 'message', timestamp: 't', message: { role: 'user', content: 'three' } }),
    ].join('\n');
    const result = importTranscript(v1);
    expect(result.messages.map((m) => [m.id, m.role, m.kind ?? ''])).toEqual([
      ['line4', 'user', 'summary'],
      ['line3', 'assistant', ''],
      ['line5', 'user', ''],
    ]);
  });

  it('a missing firstKeptEntryId keeps nothing before the compaction and says so', () => {
    const jsonl = [
      header,
      entry('aaaa0001', null, { role: 'user', content: 'old' }),
      JSON.stringify({
        type: 'compaction',
        id: 'aaaa0002',
        parentId: 'aaaa0001',
        timestamp: 't',
        summary: 'S',
        firstKeptEntryId: 'gone',
      }),
      entry('aaaa0003', 'aaaa0002', { role: 'user', content: 'new' }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.id)).toEqual(['aaaa0002', 'aaaa0003']);
    expect(result.issues.map((i) => i.code)).toEqual(['missing-first-kept-entry']);
  });

  it('a bash execution excluded from context is not a message; a branch summary is', () => {
    const jsonl = [
      header,
      entry('b0000001', null, {
        role: 'bashExecution',
        command: 'ls',
        output: 'a',
        exitCode: 0,
        excludeFromContext: true,
      }),
      JSON.stringify({
        type: 'branch_summary',
        id: 'b0000002',
        parentId: 'b0000001',
        timestamp: 't',
        fromId: 'x',
        summary: 'Tried another approach.',
      }),
      entry('b0000003', 'b0000002', { role: 'bashExecution', command: 'pwd', output: '/p', exitCode: 0 }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.content)).toEqual([
      'The following is a summary of a branch that this conversation came back from:\n\n<summary>\nTried another approach.</summary>',
      'Ran `pwd`\n```\n/p\n```',
    ]);
  });

  it('a branch summary after a compaction is an ordinary message: the compaction summary stays the boundary and nothing before the branch summary is lost', () => {
    const jsonl = [
      header,
      entry('c0000001', null, { role: 'user', content: 'first question' }),
      entry('c0000002', 'c0000001', { role: 'assistant', content: [{ type: 'text', text: 'first answer' }] }),
      JSON.stringify({
        type: 'compaction',
        id: 'c0000003',
        parentId: 'c0000002',
        timestamp: 't',
        summary: 'Compacted history.',
        firstKeptEntryId: 'c0000002',
      }),
      entry('c0000004', 'c0000003', { role: 'user', content: 'x'.repeat(400) }),
      entry('c0000005', 'c0000004', {
        role: 'assistant',
        content: [{ type: 'text', text: 'y'.repeat(400) }],
      }),
      JSON.stringify({
        type: 'branch_summary',
        id: 'c0000006',
        parentId: 'c0000005',
        timestamp: 't',
        fromId: 'c0000005',
        summary: 'Tried another approach.',
      }),
      entry('c0000007', 'c0000006', { role: 'user', content: 'z'.repeat(400) }),
      entry('c0000008', 'c0000007', {
        role: 'assistant',
        content: [{ type: 'text', text: 'w'.repeat(400) }],
      }),
    ].join('\n');
    const { messages } = importTranscript(jsonl);
    expect(messages.map((m) => [m.id, m.kind ?? ''])).toEqual([
      ['c0000003', 'summary'],
      ['c0000002', ''],
      ['c0000004', ''],
      ['c0000005', ''],
      ['c0000006', ''],
      ['c0000007', ''],
      ['c0000008', ''],
    ]);
    expect(findBoundary(messages)).toEqual({ start: 1, summaryIdx: 0 });
    // chars4: the kept tail is the last two messages (100 tokens each).
    const prep = prepare(
      messages,
      {
        maxContextTokens: 100000,
        reserveTokens: 1000,
        keepRecentTokens: 200,
        strategy: 'pi',
        tokenizer: 'chars4',
      },
      createEstimator('chars4', countChars4),
    )!;
    expect(prep.previousSummary).toBe('Compacted history.');
    expect(prep.firstKeptIdx).toBe(5);
    expect(prep.messagesToSummarize.map((m) => m.id)).toEqual([
      'c0000002',
      'c0000004',
      'c0000005',
      'c0000006',
    ]);
  });

  it('weighs imported pi entries as pi 1.6 does (chars4): custom messages and branch summaries by their text, a user image 4800 characters, a command by its command and output', () => {
    const jsonl = [
      header,
      JSON.stringify({
        type: 'custom_message',
        id: 'd0000001',
        parentId: null,
        timestamp: 't',
        customType: 'ext',
        content: 'Injected note',
        display: true,
      }),
      entry('d0000002', 'd0000001', {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
      }),
      entry('d0000003', 'd0000002', { role: 'bashExecution', command: 'ls', output: 'a\nb', exitCode: 0 }),
      JSON.stringify({
        type: 'branch_summary',
        id: 'd0000004',
        parentId: 'd0000003',
        timestamp: 't',
        fromId: 'd0000003',
        summary: 'Tried.',
      }),
    ].join('\n');
    const { messages } = importTranscript(jsonl);
    const chars4 = createEstimator('chars4', countChars4);
    // pi 1.6 weighs the text only: "Injected note", "look" + an image, "ls" + "a\nb", "Tried.".
    expect(messages.map((m) => chars4.countMessage(m))).toEqual([4, 1201, 2, 2]);
  });
});

describe('pi 1.6 compaction inputs', () => {
  const compaction = (id: string, parentId: string, firstKeptEntryId: string, extra: object = {}): string =>
    JSON.stringify({
      type: 'compaction',
      id,
      parentId,
      timestamp: 't',
      summary: 'Goal: fix it.\n\n<read-files>\nfrom/text.ts\n</read-files>',
      firstKeptEntryId,
      tokensBefore: 900,
      ...extra,
    });
  const session = (...lines: string[]) => importTranscript([header, ...lines].join('\n')).messages;
  const chars4 = createEstimator('chars4', countChars4);
  const piSettings = { strategy: 'pi' as const, tokenizer: 'chars4' as const, keepRecentTokens: 1 };
  const before = [
    entry('e0000001', null, { role: 'user', content: 'x'.repeat(400) }),
    entry('e0000002', 'e0000001', { role: 'assistant', content: [{ type: 'text', text: 'y'.repeat(400) }] }),
    entry('e0000003', 'e0000002', { role: 'user', content: 'z'.repeat(400) }),
    entry('e0000004', 'e0000003', { role: 'assistant', content: [{ type: 'text', text: 'w'.repeat(400) }] }),
  ];

  it('a branch that ends in a compaction has nothing to compact under pi ("Already compacted"); the budget strategy still cuts', () => {
    const messages = session(...before, compaction('e0000005', 'e0000004', 'e0000003'));
    expect(messages.map((m) => m.id)).toEqual(['e0000005', 'e0000003', 'e0000004']);
    expect(messages[0].keptAfter).toBe(2);
    expect(findBoundary(messages).alreadyCompacted).toBe(true);
    expect(prepare(messages, piSettings, chars4)).toBeNull();
    expect(prepare(messages, { ...piSettings, strategy: 'budget' }, chars4)?.firstKeptIdx).toBe(2);
  });

  it('once anything follows the compaction, pi compacts again and starts from the files its details recorded, not its text', () => {
    const messages = session(
      ...before,
      compaction('e0000005', 'e0000004', 'e0000003', {
        details: { readFiles: ['src/read.ts'], modifiedFiles: ['src/changed.ts'] },
      }),
      entry('e0000006', 'e0000005', { role: 'user', content: 'v'.repeat(400) }),
    );
    expect(messages[0].files).toEqual({ read: ['src/read.ts'], modified: ['src/changed.ts'] });
    const prep = prepare(messages, piSettings, chars4)!;
    expect([prep.firstKeptIdx, prep.history]).toEqual([3, { from: 1, to: 3 }]);
    expect([prep.fileOps.read, prep.fileOps.modified]).toEqual([['src/read.ts'], ['src/changed.ts']]);
  });

  it("an extension's compaction (fromHook) hands on no files, whatever its details or text say", () => {
    const messages = session(
      ...before,
      compaction('e0000005', 'e0000004', 'e0000003', { fromHook: true, details: { readFiles: ['hook.ts'] } }),
      entry('e0000006', 'e0000005', { role: 'user', content: 'v'.repeat(400) }),
    );
    expect(messages[0].files).toEqual({ read: [], modified: [] });
    expect(prepare(messages, piSettings, chars4)!.fileOps.read).toEqual([]);
  });

  it('renders a command as pi does: "(no output)", a cancel, an exit code, where the cut output went; weighed by command and output', () => {
    const messages = session(
      entry('f0000001', null, {
        role: 'bashExecution',
        command: 'make',
        output: '',
        exitCode: 2,
        cancelled: false,
      }),
      entry('f0000002', 'f0000001', {
        role: 'bashExecution',
        command: 'tail -f log',
        output: 'line',
        exitCode: null,
        cancelled: true,
        truncated: true,
        fullOutputPath: '/tmp/out.log',
      }),
    );
    expect(messages.map((m) => m.content)).toEqual([
      'Ran `make`\n(no output)\n\nCommand exited with code 2',
      'Ran `tail -f log`\n```\nline\n```\n\n(command cancelled)\n\n[Output truncated. Full output: /tmp/out.log]',
    ]);
    expect(messages.map((m) => chars4.countMessage(m))).toEqual([1, 4]);
  });

  it("joins a user's text blocks with nothing between them and an assistant's with newlines, weighing only the blocks", () => {
    const messages = session(
      entry('g0000001', null, {
        role: 'user',
        content: [
          { type: 'text', text: 'ab' },
          { type: 'text', text: 'cd' },
        ],
      }),
      entry('g0000002', 'g0000001', {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm' },
          { type: 'text', text: 'ab' },
          { type: 'text', text: 'cdefg' },
        ],
      }),
    );
    expect(messages.map((m) => m.content)).toEqual(['abcd', 'ab\ncdefg']);
    // pi: ceil(4 / 4) and ceil((3 + 2 + 5) / 4).
    expect(messages.map((m) => chars4.countMessage(m))).toEqual([1, 3]);
  });

  it('a context_edit replacement is joined and weighed as pi weighs it: a tool result by its blocks, nothing left of the old framing', () => {
    const messages = session(
      entry('k0000001', null, { role: 'user', content: 'go' }),
      entry('k0000002', 'k0000001', {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'read',
        content: [{ type: 'text', text: 'x'.repeat(400) }],
      }),
      JSON.stringify({
        type: 'context_edit',
        id: 'k0000003',
        parentId: 'k0000002',
        timestamp: 't',
        targetId: 'k0000002',
        replacement: {
          content: [
            { type: 'text', text: 'ab' },
            { type: 'text', text: 'cdef' },
          ],
        },
      }),
    );
    expect(messages.map((m) => [m.content, chars4.countMessage(m)])).toEqual([
      ['go', 1],
      ['abcdef', 2],
    ]);
  });

  it('an assistant reply replaced by a context_edit sends and weighs only its new text: its thinking goes too', () => {
    const messages = session(
      entry('m0000001', null, { role: 'user', content: 'go' }),
      entry('m0000002', 'm0000001', {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm' },
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      }),
      JSON.stringify({
        type: 'context_edit',
        id: 'm0000003',
        parentId: 'm0000002',
        timestamp: 't',
        targetId: 'm0000002',
        replacement: { content: 'shorter' },
      }),
    );
    expect([
      messages[1].content,
      messages[1].reasoning,
      messages[1].framingChars,
      chars4.countMessage(messages[1]),
    ]).toEqual(['shorter', undefined, undefined, 2]);
  });

  it('weighs pi 1.x system prompt updates by their text and sections, as pi does', () => {
    const messages = session(
      entry('h0000001', null, { role: 'system', content: 'You help.', sections: { tools: 'read, bash' } }),
      entry('h0000002', 'h0000001', {
        role: 'system',
        content: '',
        sections: { rules: 'Be brief.', gone: null },
      }),
    );
    expect(messages.map((m) => m.content)).toEqual(['You help.\n\nread, bash', 'Be brief.']);
    // pi: ceil((9 + 10) / 4) and ceil(9 / 4).
    expect(messages.map((m) => chars4.countMessage(m))).toEqual([5, 3]);
  });
});

describe('the recorded history of a pi session with two compactions', () => {
  const result = importTranscript(fixture('pi-compactions.jsonl'));
  const history = result.history!;
  const ids = (indices: number[]): string[] => indices.map((i) => history.messages[i]!.id);

  it('keeps the context after the newest compaction as the messages, unchanged', () => {
    expect(result.messages.map((m) => m.id)).toEqual([
      'b000000c',
      'b0000008',
      'b0000009',
      'b000000a',
      'b000000b',
      'b000000d',
      'b000000f',
      'b0000010',
    ]);
    // The aborted reply b000000e is not sent, so its call is no longer unanswered.
    expect(result.issues.map((i) => i.code)).toEqual(['aborted-replies-left-out']);
  });

  it('keeps every entry on the path that pi sends, with each summary where pi wrote it, as the same objects', () => {
    expect(history.messages.map((m) => [m.id, m.role, m.kind])).toEqual([
      ['b0000001', 'user', undefined],
      ['b0000002', 'assistant', undefined],
      ['b0000003', 'tool', undefined],
      ['b0000004', 'assistant', undefined],
      ['b0000005', 'tool', undefined],
      ['b0000006', 'assistant', undefined],
      ['b0000007', 'user', 'summary'],
      ['b0000008', 'user', undefined],
      ['b0000009', 'assistant', undefined],
      ['b000000a', 'tool', undefined],
      ['b000000b', 'assistant', undefined],
      ['b000000c', 'user', 'summary'],
      ['b000000d', 'user', undefined],
      ['b000000f', 'user', undefined],
      ['b0000010', 'assistant', undefined],
    ]);
    expect(contextFromHistory(history)).toEqual(result.messages);
    result.messages.forEach((m) => expect(history.messages).toContain(m));
  });

  it('records each compaction with tokensBefore and the context it left: the summary, then the entries from firstKeptEntryId', () => {
    expect(history.compactions).toEqual([
      {
        atMessage: 6,
        contextAfter: [6, 5],
        trigger: null,
        tokensBefore: 4960,
        tokensAfter: null,
        durationMs: 1000,
        durationSource: 'timestamps',
        source: 'compaction',
        line: 8,
      },
      {
        atMessage: 11,
        contextAfter: [11, 7, 8, 9, 10],
        trigger: null,
        tokensBefore: 2950,
        tokensAfter: null,
        durationMs: 1000,
        durationSource: 'timestamps',
        source: 'compaction',
        line: 13,
      },
    ]);
    expect(ids(history.compactions[1]!.contextAfter)).toEqual([
      'b000000c',
      'b0000008',
      'b0000009',
      'b000000a',
      'b000000b',
    ]);
  });

  it("records each assistant message's usage as a call, cached parts in the context size; an aborted reply has none", () => {
    const call = (
      atMessage: number,
      input: number,
      cacheRead: number,
      cacheWrite: number,
      output: number,
    ) => ({
      atMessage,
      contextTokens: input + cacheRead + cacheWrite,
      inputTokens: input,
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
      outputTokens: output,
      model: 'claude-sonnet-4-5',
    });
    expect(history.calls).toEqual([
      call(1, 2100, 0, 1800, 60),
      call(3, 300, 3900, 400, 45),
      call(5, 250, 4300, 380, 30),
      call(8, 900, 1200, 600, 70),
      call(10, 120, 2700, 0, 25),
      call(14, 150, 2900, 0, 20),
    ]);
    expect(history.calls[2]!.contextTokens).toBe(4930);
  });

  it('a session without compactions or usage records no history', () => {
    const jsonl = [
      header,
      entry('e1', null, { role: 'user', content: 'hi' }),
      entry('e2', 'e1', { role: 'assistant', content: [{ type: 'text', text: 'hello' }] }),
    ].join('\n');
    expect(importTranscript(jsonl).history).toBeUndefined();
  });
});

describe('what pi sends: its request rules and pi 1.x entries', () => {
  const reply = (id: string, parentId: string, content: object[], stopReason = 'stop') =>
    entry(id, parentId, { role: 'assistant', content, stopReason, model: 'm' });
  const user = (id: string, parentId: string | null, text: string) =>
    entry(id, parentId, { role: 'user', content: [{ type: 'text', text }] });
  const call = (id: string) => ({ type: 'toolCall', id, name: 'bash', arguments: { command: 'ls' } });

  it('an assistant reply that stopped as aborted or error is left out, with a note', () => {
    const jsonl = [
      header,
      user('u1', null, 'run the tests'),
      reply('a1', 'u1', [{ type: 'text', text: 'Running' }], 'aborted'),
      user('u2', 'a1', 'never mind'),
      reply('a2', 'u2', [{ type: 'text', text: 'partial' }], 'error'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.id)).toEqual(['u1', 'u2']);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'aborted-replies-left-out',
        message: '2 assistant messages that stopped as aborted or error were left out: pi does not send them',
        line: 3,
      },
    ]);
  });

  it('records what pi weighs of each reply it does not send, and of each `!!` command, on the message before it', () => {
    const jsonl = [
      header,
      entry('x1', null, {
        role: 'bashExecution',
        command: 'ls',
        output: 'a.ts',
        exitCode: 0,
        excludeFromContext: true,
      }),
      user('u1', 'x1', 'run the tests'),
      // pi weighs text and thinking blocks and each call's name and JSON arguments: 7 + 4 + 4 + 16.
      reply(
        'a1',
        'u1',
        [{ type: 'text', text: 'Running' }, { type: 'thinking', thinking: 'hmm.' }, call('c9')],
        'aborted',
      ),
      user('u2', 'a1', 'never mind'),
      reply('a2', 'u2', [], 'error'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.unsentBefore ?? null, m.unsentAfter ?? null])).toEqual([
      ['u1', [{ kind: 'command', chars: 6 }], [{ kind: 'reply', chars: 31 }]],
      ['u2', null, [{ kind: 'reply', chars: 0 }]],
    ]);
  });

  it("sends pi 1.x's compaction system prompt first, and not the system entries among the kept ones", () => {
    const jsonl = [
      header,
      entry('s1', null, { role: 'system', content: 'Old prompt.' }),
      user('u1', 's1', 'one'),
      entry('s2', 'u1', { role: 'system', content: 'Newer prompt.' }),
      user('u2', 's2', 'two'),
      JSON.stringify({
        type: 'compaction',
        id: 'k1',
        parentId: 'u2',
        timestamp: 't',
        summary: 'Did one.',
        firstKeptEntryId: 'u1',
        tokensBefore: 10,
        systemMessage: { role: 'system', content: 'Newer prompt.' },
      }),
      user('u3', 'k1', 'three'),
    ].join('\n');
    expect(importTranscript(jsonl).messages.map((m) => [m.id, m.role])).toEqual([
      ['k1:system', 'system'],
      ['k1', 'user'],
      ['u1', 'user'],
      ['u2', 'user'],
      ['u3', 'user'],
    ]);
  });

  it('a call left without a result is answered "No result provided" before the next user message', () => {
    const jsonl = [
      header,
      user('u1', null, 'list'),
      reply('a1', 'u1', [call('c1'), call('c2')], 'toolUse'),
      entry('r1', 'a1', {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'bash',
        content: [{ type: 'text', text: 'a.txt' }],
      }),
      user('u2', 'r1', 'thanks'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.role, m.toolCallId ?? '', m.content])).toEqual([
      ['u1', 'user', '', 'list'],
      ['a1', 'assistant', '', ''],
      ['r1', 'tool', 'c1', 'a.txt'],
      ['c2:no-result', 'tool', 'c2', 'No result provided'],
      ['u2', 'user', '', 'thanks'],
    ]);
    expect(result.issues.map((i) => i.code)).toEqual(['no-result-provided']);
  });

  it('a usage entry (pi 1.x, after a cache warm-up) keeps the chain: every earlier message stays', () => {
    const jsonl = [
      header,
      user('u1', null, 'hello'),
      reply('a1', 'u1', [{ type: 'text', text: 'Hi.' }]),
      JSON.stringify({ type: 'usage', id: 'w1', parentId: 'a1', kind: 'cache-warm', usage: { input: 10 } }),
      user('u2', 'w1', 'next'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'metadata-entry',
        message: 'Entries of type "usage" add nothing to the context and were left out',
        line: 4,
        count: 1,
      },
    ]);
  });

  it('an entry type nobody knows yet keeps the chain too', () => {
    const jsonl = [
      header,
      user('u1', null, 'hello'),
      JSON.stringify({ type: 'from-the-future', id: 'f1', parentId: 'u1' }),
      user('u2', 'f1', 'next'),
    ].join('\n');
    expect(importTranscript(jsonl).messages.map((m) => m.id)).toEqual(['u1', 'u2']);
  });

  it('a context_edit replaces what its target sends, and a null replacement removes it', () => {
    const jsonl = [
      header,
      user('u1', null, 'secret abc'),
      JSON.stringify({
        type: 'context_edit',
        id: 'e1',
        parentId: 'u1',
        targetId: 'u1',
        replacement: { content: [{ type: 'text', text: '[redacted]' }] },
      }),
      reply('a1', 'e1', [{ type: 'text', text: 'Ok.' }]),
      JSON.stringify({ type: 'context_edit', id: 'e2', parentId: 'a1', targetId: 'a1', replacement: null }),
      user('u2', 'e2', 'next'),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.content])).toEqual([
      ['u1', '[redacted]'],
      ['u2', 'next'],
    ]);
  });
});
