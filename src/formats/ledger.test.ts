/**
 * The ledger reads what each importer records of a compaction. Every
 * fixture tells the same session in its own format: the user asks for a fix
 * with a rule, the agent reads two files and runs the tests, the agent's own
 * summary names one of the files and the command, and after it the agent
 * reads the other file again.
 */
import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import { compactionLedger, type Ledger } from '../core/ledger/ledger';
import { countSession } from '../core/session/counted';
import { countChars4 } from '../core/tokenizer';
import { importTranscript } from './registry';

const TASK = 'Fix the retry. Never touch the snapshots.';
const OUTPUT = 'FAIL retry.test.ts\nTests: 2 failed, 40 passed';
const SUMMARY = 'Fixing src/retry.ts; npm test shows 2 failed.';

function ledgerOf(text: string): Ledger {
  const imported = importTranscript(text);
  const { history, shape } = countSession(
    imported.messages,
    imported.history,
    createEstimator('chars4', countChars4),
  );
  return compactionLedger(history, shape.counts);
}

/** What every format's fixture shows: one file and the command kept, the other file, the rule and 40 lost, one re-read. */
function expectTheStory(ledger: Ledger, read: (path: string) => string = (p) => p) {
  expect(ledger.compactions).toHaveLength(1);
  const entry = ledger.compactions[0]!;
  const texts = (l: { text: string }[]) => l.map((f) => f.text);
  expect(texts(entry.facts.paths.kept)).toEqual([read('src/retry.ts')]);
  expect(texts(entry.facts.paths.lost)).toEqual([read('src/backoff.ts')]);
  expect(texts(entry.facts.commands.kept)).toEqual(['npm test']);
  expect(texts(entry.facts.instructions.lost)).toEqual([TASK, 'Never touch the snapshots.']);
  expect(texts(entry.facts.numbers.lost)).toEqual(['40']);
  expect(entry.rereads.map((r) => r.path)).toEqual([read('src/backoff.ts')]);
  expect(entry.summary).toContain(SUMMARY);
  return entry;
}

describe('the ledger of a Claude Code session (compact_boundary and its summary)', () => {
  const common = {
    isSidechain: false,
    userType: 'external',
    cwd: '/repo',
    sessionId: 's',
    version: '2.0.55',
  };
  const line = (o: object) => JSON.stringify({ ...common, timestamp: '2026-01-01T00:00:00.000Z', ...o });
  const user = (uuid: string, parent: string | null, content: unknown, extra: object = {}) =>
    line({ parentUuid: parent, type: 'user', message: { role: 'user', content }, uuid, ...extra });
  const tool = (uuid: string, parent: string, name: string, input: object, usage?: object) =>
    line({
      parentUuid: parent,
      type: 'assistant',
      message: {
        id: `msg-${uuid}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: `t-${uuid}`, name, input }],
        ...(usage ? { usage } : {}),
      },
      uuid,
    });
  const result = (uuid: string, parent: string, call: string, content: string) =>
    user(uuid, parent, [{ type: 'tool_result', tool_use_id: `t-${call}`, content }]);
  const text = [
    user('u1', null, TASK),
    tool('a1', 'u1', 'Read', { file_path: 'src/retry.ts' }),
    result('r1', 'a1', 'a1', 'export const retry = 1;'),
    tool('a2', 'r1', 'Read', { file_path: 'src/backoff.ts' }),
    result('r2', 'a2', 'a2', 'export const backoff = 2;'),
    tool('a3', 'r2', 'Bash', { command: 'npm test' }),
    result('r3', 'a3', 'a3', OUTPUT),
    line({
      parentUuid: null,
      logicalParentUuid: 'r3',
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      compactMetadata: { trigger: 'manual', preTokens: 52_000, durationMs: 3_100 },
      uuid: 'b1',
    }),
    user('s1', 'b1', `This session is being continued from a previous conversation. ${SUMMARY}`, {
      isCompactSummary: true,
    }),
    tool(
      'a4',
      's1',
      'Read',
      { file_path: 'src/backoff.ts' },
      {
        input_tokens: 10,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 4_000,
        output_tokens: 20,
      },
    ),
    result('r4', 'a4', 'a4', 'export const backoff = 2;'),
  ].join('\n');

  it('keeps the trigger, the recorded size and duration, and the cache the next call wrote', () => {
    const entry = expectTheStory(ledgerOf(text));
    expect(entry).toMatchObject({
      trigger: 'manual',
      tokensBefore: 52_000,
      tokensAfter: 4_010,
      durationMs: 3_100,
      durationSource: 'recorded',
      cacheWriteAfter: 4_000,
      callsUntilNext: 1,
    });
  });
});

describe('the ledger of a Codex rollout (compacted)', () => {
  const line = (type: string, payload: object) =>
    JSON.stringify({ timestamp: '2025-10-29T01:00:00.000Z', type, payload });
  const shell = (id: string, command: string) =>
    line('response_item', {
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['bash', '-lc', command] }),
      call_id: id,
    });
  const output = (id: string, text: string) =>
    line('response_item', { type: 'function_call_output', call_id: id, output: text });
  const text = [
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: TASK }] }),
    shell('c1', 'cat src/retry.ts'),
    output('c1', 'export const retry = 1;'),
    shell('c2', "sed -n '1,80p' src/backoff.ts"),
    output('c2', 'export const backoff = 2;'),
    shell('c3', 'npm test'),
    output('c3', OUTPUT),
    // The compaction's line is 12.5 s after the line before it.
    JSON.stringify({
      timestamp: '2025-10-29T01:00:12.500Z',
      type: 'compacted',
      payload: { message: SUMMARY },
    }),
    shell('c4', 'cat src/backoff.ts'),
    output('c4', 'export const backoff = 2;'),
  ].join('\n');

  it('reads files the agent printed through its shell, and counts the re-read the same way', () => {
    const ledger = ledgerOf(text);
    // Codex carries the user's prompts verbatim: the task is kept, not summarized.
    const entry = ledger.compactions[0]!;
    expect(entry.facts.paths).toMatchObject({
      kept: [{ text: 'src/retry.ts' }],
      lost: [{ text: 'src/backoff.ts' }],
    });
    expect(entry.facts.commands.kept.map((f) => f.text)).toEqual(['npm test']);
    expect(entry.facts.commands.lost.map((f) => f.text)).toEqual([
      'cat src/retry.ts',
      "sed -n '1,80p' src/backoff.ts",
    ]);
    expect(entry.facts.instructions).toEqual({ kept: [], lost: [] });
    expect(entry.rereads.map((r) => r.path)).toEqual(['src/backoff.ts']);
    expect([entry.source, entry.trigger, entry.tokensBefore]).toEqual(['compacted', null, null]);
  });

  it('takes the duration from the compacted line’s time against the line before it', () => {
    const entry = ledgerOf(text).compactions[0]!;
    expect([entry.durationMs, entry.durationSource]).toEqual([12_500, 'timestamps']);
  });
});

describe('the ledger of a pi session (compaction entries)', () => {
  let n = 0;
  const entry = (o: object) => {
    n += 1;
    const id = `e${n}`;
    return JSON.stringify({
      id,
      parentId: n === 1 ? null : `e${n - 1}`,
      timestamp: '2026-03-04T09:00:00.000Z',
      ...o,
    });
  };
  const message = (m: object) => entry({ type: 'message', message: { timestamp: 1, ...m } });
  const call = (id: string, name: string, args: object) =>
    message({
      role: 'assistant',
      content: [{ type: 'toolCall', id, name, arguments: args }],
      model: 'claude-sonnet-4-5',
      usage: { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'toolUse',
    });
  const result = (id: string, name: string, text: string) =>
    message({
      role: 'toolResult',
      toolCallId: id,
      toolName: name,
      content: [{ type: 'text', text }],
      isError: false,
    });
  const text = [
    JSON.stringify({
      type: 'session',
      version: 3,
      id: 'p',
      timestamp: '2026-03-04T09:00:00.000Z',
      cwd: '/repo',
    }),
    message({ role: 'user', content: TASK }),
    call('c1', 'read', { path: 'src/retry.ts' }),
    result('c1', 'read', 'export const retry = 1;'),
    call('c2', 'read', { path: 'src/backoff.ts' }),
    result('c2', 'read', 'export const backoff = 2;'),
    call('c3', 'bash', { command: 'npm test' }),
    result('c3', 'bash', OUTPUT),
    message({
      role: 'assistant',
      content: [{ type: 'text', text: 'Two failures.' }],
      model: 'claude-sonnet-4-5',
      stopReason: 'stop',
    }),
    entry({
      type: 'compaction',
      summary: SUMMARY,
      firstKeptEntryId: 'e8',
      tokensBefore: 175_004,
      timestamp: '2026-03-04T09:00:41.250Z',
    }),
    call('c4', 'read', { path: 'src/backoff.ts' }),
    result('c4', 'read', 'export const backoff = 2;'),
  ].join('\n');

  it('reports tokensBefore as pi records it, and keeps the kept entries out of what was summarized', () => {
    const ledger = ledgerOf(text);
    const found = expectTheStory(ledger);
    expect(found.tokensBefore).toBe(175_004);
    // The user message, three calls and their results; the last reply stays verbatim.
    expect(found.summarized.messages).toBe(7);
  });

  it('takes the duration from the compaction entry’s time against its parent’s', () => {
    const found = ledgerOf(text).compactions[0]!;
    expect([found.durationMs, found.durationSource]).toEqual([41_250, 'timestamps']);
  });
});

describe('the ledger of an OpenCode export (summary messages)', () => {
  let k = 0;
  const msg = (role: string, parts: object[], info: object = {}) => {
    k += 1;
    return {
      info: { id: `msg_${k}`, sessionID: 'ses', role, time: { created: k }, ...info },
      parts: parts.map((p, i) => ({ id: `prt_${k}_${i}`, sessionID: 'ses', messageID: `msg_${k}`, ...p })),
    };
  };
  const toolPart = (id: string, tool: string, input: object, output: string) => ({
    type: 'tool',
    callID: id,
    tool,
    state: { status: 'completed', input, output },
  });
  const text = JSON.stringify({
    info: { id: 'ses', title: 'retry', directory: '/repo', time: { created: 0, updated: 1 } },
    messages: [
      msg('user', [{ type: 'text', text: TASK }]),
      msg(
        'assistant',
        [
          toolPart('t1', 'read', { filePath: 'src/retry.ts' }, 'export const retry = 1;'),
          toolPart('t2', 'read', { filePath: 'src/backoff.ts' }, 'export const backoff = 2;'),
          toolPart('t3', 'bash', { command: 'npm test' }, OUTPUT),
        ],
        { modelID: 'claude-sonnet-4-5', providerID: 'anthropic' },
      ),
      msg('user', [{ type: 'compaction', auto: true }]),
      msg('assistant', [{ type: 'text', text: SUMMARY }], {
        summary: true,
        mode: 'compaction',
        parentID: 'msg_3',
        tokens: { input: 3_900, output: 120, reasoning: 0, cache: { read: 0, write: 0 } },
      }),
      msg(
        'assistant',
        [toolPart('t4', 'read', { filePath: 'src/backoff.ts' }, 'export const backoff = 2;')],
        {
          modelID: 'claude-sonnet-4-5',
        },
      ),
    ],
  });

  it('takes the trigger from the compaction part and the size before from the summary call', () => {
    const found = expectTheStory(ledgerOf(text));
    expect([found.trigger, found.tokensBefore]).toEqual(['auto', 3_900]);
  });

  it('takes the duration from the summary message’s time.created to its time.completed', () => {
    const timed = JSON.parse(text) as { messages: { info: { time: object } }[] };
    timed.messages[3]!.info.time = { created: 1_770_710_400_000, completed: 1_770_710_412_500 };
    const found = ledgerOf(JSON.stringify(timed)).compactions[0]!;
    expect([found.durationMs, found.durationSource]).toEqual([12_500, 'timestamps']);
  });

  it('has no duration when the summary message was never completed, or its times run backwards', () => {
    expect(ledgerOf(text).compactions[0]!.durationMs).toBeNull();
    const backwards = JSON.parse(text) as { messages: { info: { time: object } }[] };
    backwards.messages[3]!.info.time = { created: 2_000, completed: 1_000 };
    const found = ledgerOf(JSON.stringify(backwards)).compactions[0]!;
    expect([found.durationMs, found.durationSource]).toEqual([null, null]);
  });
});

describe('the ledger of a Gemini CLI session (state snapshots)', () => {
  const record = (o: object) => JSON.stringify({ timestamp: '2026-02-10T08:00:00.000Z', ...o });
  const call = (id: string, name: string, args: object, output: string) => ({
    id,
    name,
    args,
    status: 'success',
    result: [{ functionResponse: { id, name, response: { output } } }],
  });
  const text = [
    JSON.stringify({ sessionId: 'g', projectHash: 'h', startTime: 'x', lastUpdated: 'x', kind: 'main' }),
    record({ id: 'g1', type: 'user', content: [{ text: TASK }] }),
    record({
      id: 'g2',
      type: 'gemini',
      content: '',
      toolCalls: [
        call('c1', 'read_file', { file_path: 'src/retry.ts' }, 'export const retry = 1;'),
        call('c2', 'read_file', { file_path: 'src/backoff.ts' }, 'export const backoff = 2;'),
        call('c3', 'run_shell_command', { command: 'npm test' }, OUTPUT),
      ],
      model: 'gemini-2.5-pro',
    }),
    record({ id: 'g3', type: 'user', content: `<state_snapshot>\n${SUMMARY}\n</state_snapshot>` }),
    record({
      id: 'g4',
      type: 'gemini',
      content: '',
      toolCalls: [call('c4', 'read_file', { file_path: 'src/backoff.ts' }, 'export const backoff = 2;')],
      model: 'gemini-2.5-pro',
    }),
  ].join('\n');

  it('audits the snapshot as the compaction it is', () => {
    expect(expectTheStory(ledgerOf(text)).source).toBe('state_snapshot');
  });

  it('takes the duration from the snapshot’s timestamp against the record before it', () => {
    const lines = text.split('\n');
    const at = (line: string, timestamp: string) => JSON.stringify({ ...JSON.parse(line), timestamp });
    lines[2] = at(lines[2]!, '2026-02-10T08:03:10.000Z');
    lines[3] = at(lines[3]!, '2026-02-10T08:03:51.250Z');
    const found = ledgerOf(lines.join('\n')).compactions[0]!;
    expect([found.durationMs, found.durationSource]).toEqual([41_250, 'timestamps']);
  });

  it('has no duration when the record before the snapshot has no time', () => {
    const lines = text.split('\n');
    const { timestamp: _, ...untimed } = JSON.parse(lines[2]!) as Record<string, unknown>;
    lines[2] = JSON.stringify(untimed);
    expect(ledgerOf(lines.join('\n')).compactions[0]!.durationMs).toBeNull();
  });
});

describe('the ledger of an Anthropic message list (compaction blocks)', () => {
  const use = (id: string, name: string, input: object) => ({ type: 'tool_use', id, name, input });
  const result = (id: string, content: string) => ({ type: 'tool_result', tool_use_id: id, content });
  const text = JSON.stringify({
    model: 'claude-sonnet-4-5',
    messages: [
      { role: 'user', content: TASK },
      {
        role: 'assistant',
        content: [
          use('t1', 'Read', { file_path: 'src/retry.ts' }),
          use('t2', 'Read', { file_path: 'src/backoff.ts' }),
          use('t3', 'Bash', { command: 'npm test' }),
        ],
      },
      {
        role: 'user',
        content: [
          result('t1', 'export const retry = 1;'),
          result('t2', 'export const backoff = 2;'),
          result('t3', OUTPUT),
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'compaction', content: SUMMARY },
          use('t4', 'Read', { file_path: 'src/backoff.ts' }),
        ],
      },
      { role: 'user', content: [result('t4', 'export const backoff = 2;')] },
    ],
  });

  it('audits what the block hid against the summary it carries', () => {
    expect(expectTheStory(ledgerOf(text)).source).toBe('compaction block');
  });
});

describe('the ledger of a LangChain message list (a running summary)', () => {
  const text = JSON.stringify([
    {
      type: 'system',
      data: { content: 'Summary of the conversation so far: the retry reads src/retry.ts.' },
    },
    { type: 'human', data: { content: 'Now the backoff.' } },
  ]);

  it('finds the summary, though the file holds nothing of what it summarized', () => {
    const ledger = ledgerOf(text);
    expect(ledger.compactions).toHaveLength(1);
    const entry = ledger.compactions[0]!;
    expect([entry.source, entry.summarized.messages, entry.facts.paths, entry.rereads]).toEqual([
      'summary message',
      0,
      { kept: [], lost: [] },
      [],
    ]);
    expect(ledger.survival.paths).toBeNull();
  });
});
