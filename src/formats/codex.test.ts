import { describe, expect, it } from 'vitest';
import { indexMessages } from '../core/cutPoint';
import { createEstimator } from '../core/estimate';
import { messageFates } from '../core/fates';
import { planWithIndex } from '../core/prepare';
import { normalizeSettings } from '../core/settings';
import { countChars4 } from '../core/tokenizer';
import { detectFormat, importTranscript } from './registry';
import { contextFromHistory, counts, fixture } from './testSupport.node';

const text = fixture('codex.jsonl');
const line = (type: string, payload: object): string =>
  JSON.stringify({ timestamp: '2025-10-29T01:00:00.000Z', type, payload });

describe('Codex CLI rollout JSONL', () => {
  it('is detected by its {timestamp, type, payload} lines', () => {
    expect(detectFormat(text)).toEqual({
      format: 'codex',
      confidence: 0.98,
      reason: 'every line is {timestamp, type, payload} with a Codex line type',
    });
  });

  it('detects a Codex 0.169 rollout, whose every line also carries an ordinal', () => {
    expect(detectFormat(fixture('codex-ordinal.jsonl'))).toEqual({
      format: 'codex',
      confidence: 0.98,
      reason: 'every line is {timestamp, type, payload} with a Codex line type',
    });
  });

  it('detects lines with a key no Codex release has written yet, when the known keys match', () => {
    const jsonl = [
      { timestamp: '2026-12-01T10:00:00.000Z', shard: 'a', type: 'session_meta', payload: { id: 's1' } },
      {
        timestamp: '2026-12-01T10:00:01.000Z',
        shard: 'a',
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    expect(detectFormat(jsonl).format).toBe('codex');
    expect(importTranscript(jsonl).messages.map((m) => m.content)).toEqual(['hi']);
  });

  it('still refuses lines of the same keys whose type is no Codex line type', () => {
    const jsonl = [1, 2]
      .map((ordinal) =>
        JSON.stringify({ timestamp: '2026-12-01T10:00:00.000Z', ordinal, type: 'tick', payload: {} }),
      )
      .join('\n');
    expect(() => importTranscript(jsonl)).toThrow(
      'These JSON lines are not a transcript in any known format (an object with keys timestamp, ordinal, type, payload)',
    );
  });

  it('imports response items only (event_msg duplicates are not messages) and pairs on call_id', () => {
    const result = importTranscript(text);
    expect(counts(result.messages)).toEqual({
      messages: 9,
      roles: { user: 2, assistant: 4, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      summaries: 0,
      withReasoning: 2,
      images: 0,
    });
    expect(result.messages[2]).toMatchObject({
      id: 'L6',
      role: 'assistant',
      reasoning: '**Running the test suite**',
      toolCalls: [
        {
          id: 'call_A1',
          name: 'shell',
          arguments: '{"command": ["bash", "-lc", "npm test"], "workdir": "/home/dev/cart"}',
        },
      ],
      turnId: 'turn-1',
      source: { line: 6 },
    });
    expect(result.messages[4]!.toolCalls![0]).toMatchObject({ name: 'apply_patch', id: 'call_A2' });
    expect(JSON.parse(result.messages[4]!.toolCalls![0]!.arguments)).toContain('*** Begin Patch');
    expect(result.messages[5]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_A2',
      toolName: 'apply_patch',
      source: { line: 14 },
    });
    expect(result.issues).toEqual([]);
    expect(result.usage).toEqual({
      agentVersion: '0.46.0',
      contextTokens: 11200,
      inputTokens: 11200,
      cachedInputTokens: 9000,
      outputTokens: 210,
      reasoningTokens: 64,
      totalTokens: 11410,
      contextWindow: 272000,
      model: 'gpt-5-codex',
    });
  });

  it('a compacted line keeps the user prompts and replaces the rest with its summary', () => {
    const jsonl = [
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'old' }],
      }),
      line('response_item', {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'old reply' }],
      }),
      line('compacted', { message: 'You are resuming a task. Summary: fixed the cart.' }),
      line('event_msg', { type: 'context_compacted' }),
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'next' }],
      }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages).toEqual([
      { id: 'L1', role: 'user', content: 'old', source: { line: 1 } },
      {
        id: 'L3',
        role: 'user',
        kind: 'summary',
        content: 'You are resuming a task. Summary: fixed the cart.',
        source: { line: 3 },
      },
      { id: 'L5', role: 'user', content: 'next', source: { line: 5 } },
    ]);
  });

  it('a compacted line with replacement_history takes that history and marks the summary in it', () => {
    const jsonl = [
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'old' }],
      }),
      line('compacted', {
        message: 'Summary text',
        replacement_history: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'kept request' }] },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Summary text' }] },
        ],
      }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.map((m) => [m.id, m.content, m.kind])).toEqual([
      ['L2:0', 'kept request', undefined],
      ['L2:1', 'Summary text', 'summary'],
    ]);
  });

  it('unknown line types are counted with their first example', () => {
    const jsonl = [
      line('session_meta', { id: 'x' }),
      line('mystery', { a: 1 }),
      line('mystery', { a: 2 }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }),
    ].join('\n');
    const result = importTranscript(jsonl, { format: 'codex' });
    expect(result.issues[0]).toMatchObject({
      code: 'unknown-line-type',
      line: 2,
      count: 2,
      example: '{"timestamp":"2025-10-29T01:00:00.000Z","type":"mystery","payload":{"a":1}}',
    });
  });
});

describe('forcing a format', () => {
  it('refuses a forced format that finds no messages, naming the format', () => {
    const chat = JSON.stringify([{ role: 'user', content: 'hi' }]);
    expect(() => importTranscript(chat, { format: 'codex', fileName: 'chat.json' })).toThrow(
      'chat.json: Read as Codex CLI rollout (JSONL), the file contains no messages; it is probably in another format (let the format be detected).',
    );
  });
});

describe('turn ids', () => {
  it('gives a user prompt written before its turn_context line the new turn id', () => {
    const user = (text: string) =>
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
    const answer = (text: string) =>
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
    const jsonl = [
      line('session_meta', { id: 'x' }),
      user('first'),
      line('turn_context', { turn_id: 't1', model: 'gpt-5' }),
      answer('one'),
      user('second'),
      line('turn_context', { turn_id: 't2', model: 'gpt-5' }),
      answer('two'),
    ].join('\n');
    const result = importTranscript(jsonl, { format: 'codex' });
    expect(result.messages.map((m) => [m.content, m.turnId])).toEqual([
      ['first', 't1'],
      ['one', 't1'],
      ['second', 't2'],
      ['two', 't2'],
    ]);
  });
});

describe('a local compaction without replacement history', () => {
  const user = (text: string) =>
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  const answer = (text: string) =>
    line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });

  it('carries the newest injected context and the user prompts, newest first within 80,000 bytes', () => {
    const jsonl = [
      user('<environment_context>\n  <cwd>/old</cwd>\n</environment_context>'),
      user('a'.repeat(50_000)),
      answer('one'),
      user('<environment_context>\n  <cwd>/new</cwd>\n</environment_context>'),
      user('b'.repeat(40_000)),
      answer('two'),
      user('c'.repeat(30_000)),
      line('compacted', { message: 'SUMMARY' }),
    ].join('\n');
    const result = importTranscript(jsonl, { format: 'codex' });
    expect(result.messages.map((m) => [m.content.slice(0, 40), m.content.length, m.kind])).toEqual([
      ['<environment_context>\n  <cwd>/new</cwd>\n', 62, undefined],
      ['a'.repeat(40), 10_000 + '\n[… tokens truncated]'.length, undefined],
      ['b'.repeat(40), 40_000, undefined],
      ['c'.repeat(40), 30_000, undefined],
      ['SUMMARY', 7, 'summary'],
    ]);
  });

  it('a prompt cut short to fit is written by the compaction: the history records it where the compaction starts', () => {
    const jsonl = [user('a'.repeat(90_000)), answer('one'), line('compacted', { message: 'SUMMARY' })].join(
      '\n',
    );
    const { messages, history } = importTranscript(jsonl, { format: 'codex' });
    expect(history!.messages.map((m) => [m.id, m.content.length])).toEqual([
      ['L1', 90_000],
      ['L2', 3],
      ['L1', 80_000 + '\n[… tokens truncated]'.length],
      ['L3', 7],
    ]);
    expect(history!.compactions[0]).toMatchObject({ atMessage: 2, contextAfter: [2, 3] });
    expect(history!.messages.slice(2)).toEqual(messages);
  });

  it('the carried context and prompts are re-injected, not summarized: a compaction that cuts nothing marks nothing summarized', () => {
    const jsonl = [
      user('<environment_context>\n  <cwd>/p</cwd>\n</environment_context>'),
      user('first prompt'),
      answer('one'),
      line('compacted', { message: 'SUMMARY' }),
      user('second prompt'),
      answer('two'),
    ].join('\n');
    const { messages } = importTranscript(jsonl, { format: 'codex' });
    const estimator = createEstimator('chars4', countChars4);
    const plan = planWithIndex(messages, indexMessages(messages, estimator), normalizeSettings({}));
    expect(plan.nothingToCompact).toBe(true);
    expect(messageFates(messages, plan)).toEqual(['reinjected', 'reinjected', 'summary', 'kept', 'kept']);
  });
});

describe('the recorded history of a rollout with two compactions', () => {
  const result = importTranscript(fixture('codex-compacted.jsonl'));
  const history = result.history!;

  it('keeps the context after the last compaction as the messages, unchanged', () => {
    expect(result.messages.map((m) => [m.id, m.role, m.kind])).toEqual([
      ['L29:0', 'user', undefined],
      ['L29:1', 'user', undefined],
      ['L29:2', 'user', 'summary'],
      ['L31', 'user', undefined],
      ['L33', 'assistant', undefined],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('keeps every message, including those each compacted line hid, as the same objects', () => {
    expect(history.messages.map((m) => m.id)).toEqual([
      'L2',
      'L3',
      'L6',
      'L9',
      'L11',
      'L12',
      'L14',
      'L17',
      'L19',
      'L22',
      'L24',
      'L26',
      'L29:0',
      'L29:1',
      'L29:2',
      'L31',
      'L33',
    ]);
    expect(contextFromHistory(history)).toEqual(result.messages);
    result.messages.forEach((m) => expect(history.messages).toContain(m));
  });

  it('records each compacted line: the carried prompts and summary locally, the replacement remotely', () => {
    expect(history.compactions).toEqual([
      {
        atMessage: 7,
        contextAfter: [0, 1, 7],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        durationMs: 1000,
        durationSource: 'timestamps',
        source: 'compacted',
        line: 17,
      },
      {
        atMessage: 12,
        contextAfter: [12, 13, 14],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        durationMs: 1000,
        durationSource: 'timestamps',
        source: 'compacted',
        line: 29,
      },
    ]);
    expect(history.messages[7]!.kind).toBe('summary');
    expect(history.messages[0]!.content).toContain('<environment_context>');
  });

  it('turns each token_count after a new reply into a call; a repeated count is the same call', () => {
    expect(history.calls).toEqual([
      {
        atMessage: 2,
        contextTokens: 6200,
        inputTokens: 6200,
        cacheReadTokens: 0,
        cacheWriteTokens: null,
        outputTokens: 150,
        model: 'gpt-5-codex',
      },
      {
        atMessage: 4,
        contextTokens: 9400,
        inputTokens: 3400,
        cacheReadTokens: 6000,
        cacheWriteTokens: null,
        outputTokens: 420,
        model: 'gpt-5-codex',
      },
      {
        atMessage: 6,
        contextTokens: 10100,
        inputTokens: 800,
        cacheReadTokens: 9300,
        cacheWriteTokens: null,
        outputTokens: 95,
        model: 'gpt-5-codex',
      },
      {
        atMessage: 9,
        contextTokens: 4100,
        inputTokens: 2100,
        cacheReadTokens: 2000,
        cacheWriteTokens: null,
        outputTokens: 230,
        model: 'gpt-5-codex',
      },
      {
        atMessage: 11,
        contextTokens: 5000,
        inputTokens: 1000,
        cacheReadTokens: 4000,
        cacheWriteTokens: null,
        outputTokens: 80,
        model: 'gpt-5-codex',
      },
      {
        atMessage: 16,
        contextTokens: 3000,
        inputTokens: 1500,
        cacheReadTokens: 1500,
        cacheWriteTokens: null,
        outputTokens: 40,
        model: 'gpt-5-codex',
      },
    ]);
    expect(history.calls.every((c) => history.messages[c.atMessage]!.role === 'assistant')).toBe(true);
  });

  it('a remote compaction item among the response items is recorded where it replaced the history', () => {
    const jsonl = [
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'old' }],
      }),
      line('response_item', { type: 'compaction', encrypted_content: 'gAAAA-opaque' }),
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'new' }],
      }),
    ].join('\n');
    const { messages, history: recorded } = importTranscript(jsonl, { format: 'codex' });
    expect(messages.map((m) => m.id)).toEqual(['L2', 'L3']);
    expect(recorded!.messages.map((m) => m.id)).toEqual(['L1', 'L2', 'L3']);
    expect(recorded!.compactions).toEqual([
      {
        atMessage: 1,
        contextAfter: [1],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        source: 'compaction',
        line: 2,
      },
    ]);
  });

  it('a rollout without compactions or token counts records no history', () => {
    const jsonl = [
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }),
      line('response_item', {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'hello' }],
      }),
    ].join('\n');
    expect(importTranscript(jsonl, { format: 'codex' }).history).toBeUndefined();
  });
});

describe('current rollout items', () => {
  const user = (text: string) =>
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

  it('reads base_instructions written as {text} as the system prompt', () => {
    const jsonl = [
      line('session_meta', {
        id: 's',
        cli_version: '0.135.0',
        base_instructions: { text: 'You are Codex.' },
      }),
      user('hi'),
    ].join('\n');
    expect(importTranscript(jsonl).messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'You are Codex.'],
      ['user', 'hi'],
    ]);
  });

  it('a later session_meta (a resumed session) replaces the instructions rather than adding a second system prompt', () => {
    const jsonl = [
      line('session_meta', { id: 's', base_instructions: { text: 'old' } }),
      user('hi'),
      line('session_meta', { id: 's', base_instructions: { text: 'new' } }),
    ].join('\n');
    expect(importTranscript(jsonl).messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'new'],
      ['user', 'hi'],
    ]);
  });

  it('a tool search is a call and its output the tool definitions the model then reads', () => {
    const tools = [{ type: 'function', name: 'calendar_open', parameters: { type: 'object' } }];
    const jsonl = [
      user('Open the calendar'),
      line('response_item', {
        type: 'tool_search_call',
        call_id: 'ts1',
        execution: 'client',
        arguments: { query: 'calendar' },
      }),
      line('response_item', { type: 'tool_search_output', call_id: 'ts1', tools }),
    ].join('\n');
    const result = importTranscript(jsonl);
    expect(result.messages.slice(1)).toEqual([
      {
        id: 'L2',
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'ts1', name: 'tool_search', arguments: '{"query":"calendar"}' }],
        source: { line: 2 },
      },
      {
        id: 'L3',
        role: 'tool',
        content: JSON.stringify(tools),
        toolCallId: 'ts1',
        toolName: 'tool_search',
        source: { line: 3 },
      },
    ]);
    expect(result.issues).toEqual([]);
  });

  it('encrypted reasoning is counted by its size: 400 base64 characters are 75 tokens', () => {
    const jsonl = [
      user('think'),
      line('response_item', { type: 'reasoning', summary: [], encrypted_content: 'A'.repeat(400) }),
      line('response_item', {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'ok' }],
      }),
    ].join('\n');
    const reply = importTranscript(jsonl).messages[1]!;
    expect(reply).toMatchObject({ role: 'assistant', content: 'ok', opaqueTokens: 75 });
  });

  it('world_state lines are a note, not a problem', () => {
    const jsonl = [line('world_state', { full: true, state: {} }), user('hi')].join('\n');
    expect(importTranscript(jsonl).issues).toEqual([
      {
        severity: 'info',
        code: 'metadata-line',
        message:
          'Lines of type "world_state" hold session state, not messages; the messages made from it are read instead',
        line: 1,
        count: 1,
      },
    ]);
  });

  it("Codex 0.169's bookkeeping lines are a note, not a problem nor a message", () => {
    const jsonl = [
      line('token_usage_record', { input_tokens: 5 }),
      line('security_risk_score', { score: 0 }),
      user('hi'),
    ].join('\n');
    const { messages, issues } = importTranscript(jsonl);
    expect(messages.map((m) => m.content)).toEqual(['hi']);
    expect(issues.map((i) => [i.code, i.message, i.line])).toEqual([
      [
        'metadata-line',
        'Lines of type "token_usage_record" are Codex\'s own records, not messages the model was sent',
        1,
      ],
      [
        'metadata-line',
        'Lines of type "security_risk_score" are Codex\'s own records, not messages the model was sent',
        2,
      ],
    ]);
  });
});
