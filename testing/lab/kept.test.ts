/** What the agent and its preset kept verbatim at the summarization call, from small requests in each protocol. */
import { describe, expect, it } from 'vitest';
import { countChars4 } from '../../src/core';
import type { Family } from '../mock-llm/protocols';
import type { Message } from '../../src/core';
import { AGENT_SUMMARY } from '../mock-llm/agentScript';
import { mockSummary } from '../mock-llm/summary';
import { checkEveryKept, checkKept, comparedFrom, labSettings } from './kept';
import { conversationAt } from './requestMessages';
import type { LabRequest } from './requests';

function request(call: number, family: Family, body: Record<string, unknown>, summary = false): LabRequest {
  return { call, url: '/', family, model: 'agent', headers: {}, body, tokens: 0, usage: 0, summary };
}

const NO_WINDOW = { window: 0, params: {} };

describe('OpenAI Chat (pi): a split turn', () => {
  const tools = [{ type: 'function', function: { name: 'read', parameters: { type: 'object' } } }];
  const system = { role: 'system', content: 'You are a coding assistant.' };
  const prompt = { role: 'user', content: `Read README.md.\n${'note '.repeat(4_800)}` };
  const call = {
    role: 'assistant',
    content: 'Reading the file.',
    tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"README.md"}' } },
    ],
  };
  const result = { role: 'tool', tool_call_id: 'c1', content: 'readme '.repeat(6_000) };
  // pi sends its history as one text to summarize, so only the request after shows the call and its result.
  const requests = [
    request(1, 'openai-chat', { tools, messages: [system, prompt] }),
    request(
      2,
      'openai-chat',
      {
        messages: [
          { role: 'system', content: 'You are a context summarization assistant.' },
          { role: 'user', content: '# Conversation\n[User]: Read README.md.' },
        ],
      },
      true,
    ),
    request(3, 'openai-chat', {
      tools,
      messages: [
        system,
        { role: 'user', content: 'The conversation history before this point…' },
        call,
        result,
      ],
    }),
  ];
  const pi = {
    window: 20_000,
    params: {},
    settings: { reserveTokens: 4_000, keepRecentTokens: 4_000, tokenizer: 'chars4' as const },
  };

  it('rebuilds the conversation from the request before and the calls and results kept after', () => {
    expect(conversationAt(requests)?.before.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
  });

  it("keeps the turn's call and result on both sides: pi's cut rule splits the turn where pi did", () => {
    const kept = checkKept(requests, countChars4, { strategy: 'pi', lab: pi, unseenTokens: 0 });
    expect(kept).toMatchObject({
      summaryCall: 2,
      conversation: 4,
      summaryPrompt: '# Conversation\n[User]: Read README.md.',
      agent: { indexes: [2, 3], messages: 2, userTexts: 0, toolCalls: 1, toolResults: 1 },
      preset: { strategy: 'pi', fires: true, indexes: [2, 3], messages: 2 },
      matches: true,
    });
    expect(kept.agent?.tokens).toBe(kept.preset?.tokens);
    expect(kept.agent?.tokens).toBeGreaterThan(9_000);
  });
});

describe('Anthropic Messages (Claude Code): compacting in the middle of a turn', () => {
  const tools = [{ name: 'Bash', input_schema: { type: 'object' } }];
  const use = (id: string) => ({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Running a command.' },
      { type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } },
    ],
  });
  const answer = (id: string, text?: string) => ({
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: id, content: `output of ${id}` },
      ...(text ? [{ type: 'text', text }] : []),
    ],
  });
  const prompt = { role: 'user', content: 'Look into the failing test.' };
  const compact = 'Your task is to create a detailed summary of the conversation so far.';
  const requests = [
    request(1, 'anthropic', {
      system: 'You are Claude Code.',
      tools,
      messages: [prompt, use('a'), answer('a'), use('b')],
    }),
    // The second result reaches the agent's limit: it asks for its summary beside it, in the same message.
    request(
      2,
      'anthropic',
      {
        system: 'You are Claude Code.',
        messages: [prompt, use('a'), answer('a'), use('b'), answer('b', compact)],
      },
      true,
    ),
    // Its turn goes on after the summary: the first request after it holds a call made since.
    request(3, 'anthropic', {
      system: 'You are Claude Code.',
      tools,
      messages: [{ role: 'user', content: 'This session is being continued…' }, use('c'), answer('c')],
    }),
  ];

  it('reads the result sent only with the summary prompt into the conversation, without the prompt', () => {
    const at = conversationAt(requests);
    expect(at?.before.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(at?.before.some((m) => m.content.includes(compact))).toBe(false);
  });

  it('keeps nothing on both sides: a call made after the summary is not history', () => {
    const lab = { window: 100_000, params: {} };
    const kept = checkKept(requests, countChars4, { strategy: 'claude-code', lab, unseenTokens: 0 });
    expect(kept).toMatchObject({
      summaryCall: 2,
      conversation: 6,
      summaryPrompt: compact,
      agent: { indexes: [], messages: 0 },
      preset: { strategy: 'claude-code', indexes: [], messages: 0, tokens: 0 },
      matches: true,
    });
  });

  it('shows a mismatch when the agent kept what the preset summarizes', () => {
    const kept = [
      ...requests.slice(0, 2),
      { ...requests[2], body: { ...requests[2].body, messages: [use('b'), answer('b')] } },
    ];
    const lab = { window: 100_000, params: {} };
    expect(checkKept(kept, countChars4, { strategy: 'claude-code', lab, unseenTokens: 0 })).toMatchObject({
      agent: { indexes: [4, 5], toolCalls: 1, toolResults: 1 },
      preset: { indexes: [] },
      matches: false,
    });
  });
});

describe('OpenAI Responses (Codex): prompts carried over', () => {
  const tools = [{ type: 'function', name: 'exec_command', parameters: { type: 'object' } }];
  const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  const reply = (text: string) => ({
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text }],
  });
  const call = (id: string) => ({
    type: 'function_call',
    call_id: id,
    name: 'exec_command',
    arguments: '{}',
  });
  const output = (id: string) => ({ type: 'function_call_output', call_id: id, output: 'ok' });
  const developer = {
    type: 'message',
    role: 'developer',
    content: [{ type: 'input_text', text: 'Be brief.' }],
  };
  const environment = user('<environment_context>\n  <cwd>/project</cwd>\n</environment_context>');
  const closing = reply('Done: add() subtracts.');
  const history = [
    developer,
    environment,
    user('Look into the failing test.'),
    call('a'),
    output('a'),
    closing,
    user('Check it again.'),
    call('b'),
    output('b'),
  ];
  const compact = 'You are performing a CONTEXT CHECKPOINT COMPACTION.';
  const requests = [
    request(1, 'openai-responses', { tools, input: history }),
    // The turn's closing reply says what the first turn's said: it is still a message of its own.
    request(2, 'openai-responses', { tools, input: [...history, closing, user(compact)] }, true),
    request(3, 'openai-responses', {
      tools,
      input: [
        developer,
        environment,
        user('Look into the failing test.'),
        user('Check it again.'),
        user('Another language model started to solve this problem…'),
        user('One more pass.'),
      ],
    }),
  ];

  it("counts a reply that repeats an earlier one's text as a message of its own", () => {
    expect(
      conversationAt(requests)?.before.filter((m) => m.content === 'Done: add() subtracts.'),
    ).toHaveLength(2);
  });

  it("keeps the environment and both prompts, as Codex's preset carries them back", () => {
    const lab = { window: 30_000, params: { autoCompactLimit: 20_000 } };
    const kept = checkKept(requests, countChars4, { strategy: 'codex', lab, unseenTokens: 0 });
    expect(kept.agent?.indexes).toEqual([1, 2, 6]);
    expect(kept.preset?.indexes).toEqual([1, 2, 6]);
    expect(kept).toMatchObject({ conversation: 10, agent: { userTexts: 3 }, matches: true });
  });
});

describe('Gemini (Gemini CLI): the whole history compressed', () => {
  const tools = [{ functionDeclarations: [{ name: 'read_file', parametersJsonSchema: { type: 'object' } }] }];
  const prompt = { role: 'user', parts: [{ text: 'Read README.md.' }] };
  const call = {
    role: 'model',
    parts: [{ functionCall: { id: 'r1', name: 'read_file', args: { path: 'README.md' } } }],
  };
  const result = {
    role: 'user',
    parts: [{ functionResponse: { id: 'r1', name: 'read_file', response: { output: '# calc' } } }],
  };
  const done = { role: 'model', parts: [{ text: 'The README describes a calculator.' }] };
  const snapshot = '<state_snapshot>\n## Summary of the session so far\n</state_snapshot>';
  const requests = [
    request(1, 'gemini', { tools, contents: [prompt, call, result] }),
    // Gemini CLI sends the part it compresses, which ends on the reply no earlier request held.
    request(
      2,
      'gemini',
      {
        contents: [
          prompt,
          call,
          result,
          done,
          { role: 'user', parts: [{ text: 'Write the state_snapshot.' }] },
        ],
      },
      true,
    ),
    request(3, 'gemini', {
      tools,
      contents: [
        { role: 'user', parts: [{ text: snapshot }] },
        { role: 'model', parts: [{ text: 'Got it. Thanks for the additional context!' }] },
        { role: 'user', parts: [{ text: 'Is the fix complete?' }] },
      ],
    }),
  ];

  it('takes the reply from the compressed part, and not the acknowledgement after the summary', () => {
    expect(conversationAt(requests)?.before.map((m) => m.content)).toEqual([
      'Read README.md.',
      '',
      expect.stringContaining('# calc'),
      'The README describes a calculator.',
    ]);
  });

  it('keeps nothing on both sides: a history ending on a plain reply is compressed whole', () => {
    const lab = { window: 1_048_576, params: { thresholdFraction: 0.01 } };
    const kept = checkKept(requests, countChars4, { strategy: 'gemini-cli', lab, unseenTokens: 0 });
    expect(kept).toMatchObject({
      conversation: 4,
      agent: { indexes: [], messages: 0 },
      preset: { indexes: [], messages: 0 },
      matches: true,
    });
  });
});

describe('checkKept without a preset', () => {
  it("gives the agent's side only, and no verdict", () => {
    const body = (messages: unknown[]) => ({
      tools: [{ type: 'function', function: { name: 'x' } }],
      messages,
    });
    const requests = [
      request(1, 'openai-chat', body([{ role: 'user', content: 'Go.' }])),
      request(2, 'openai-chat', body([{ role: 'user', content: 'Summarize the conversation.' }]), true),
      request(
        3,
        'openai-chat',
        body([
          { role: 'user', content: 'Go.' },
          { role: 'user', content: 'Summary.' },
        ]),
      ),
    ];
    expect(checkKept(requests, countChars4)).toMatchObject({
      summaryCall: 2,
      conversation: 1,
      agent: { indexes: [0], userTexts: 1 },
      preset: null,
      matches: null,
    });
  });
});

describe('checkEveryKept', () => {
  it('checks each compaction, a run of summarization requests counting as one', () => {
    const body = (messages: unknown[]) => ({
      tools: [{ type: 'function', function: { name: 'x' } }],
      messages,
    });
    const ask = (call: number) =>
      request(call, 'openai-chat', body([{ role: 'user', content: 'Summarize the conversation.' }]), true);
    const requests = [
      request(1, 'openai-chat', body([{ role: 'user', content: 'Go.' }])),
      ask(2),
      ask(3),
      request(
        4,
        'openai-chat',
        body([
          { role: 'user', content: 'Summary.' },
          { role: 'user', content: 'On.' },
        ]),
      ),
      ask(5),
      request(
        6,
        'openai-chat',
        body([
          { role: 'user', content: 'Summary.' },
          { role: 'user', content: 'On.' },
        ]),
      ),
    ];
    expect(checkEveryKept(requests, countChars4).map((k) => [k.summaryCall, k.agent?.indexes])).toEqual([
      [2, []],
      [5, [0, 1]],
    ]);
  });
});

describe('comparedFrom', () => {
  const m = (role: Message['role'], content: string): Message => ({ id: content, role, content });
  it("starts after an earlier summary and the agent's own words after it: the agent writes them anew", () => {
    const before = [
      m('system', 'You are opencode.'),
      m('user', 'What did we do so far?'),
      m('assistant', AGENT_SUMMARY),
      m('user', 'Continue if you have next steps, or stop and ask for clarification.'),
      m('assistant', 'I read the README.'),
      m('user', 'Fix src/add.js.'),
    ];
    expect(comparedFrom(before)).toBe(4);
    expect(comparedFrom(before.slice(0, 2))).toBe(0);
    const gemini = [
      m('user', `<session_context>\n${mockSummary('', 'gemini-3.1-pro')}`),
      m('assistant', 'Got it. Thanks for the additional context!'),
      m('user', 'Why does the test fail?'),
    ];
    expect(comparedFrom(gemini)).toBe(2);
  });
});

describe('labSettings', () => {
  it("gives a preset its parameters and a cut rule the agent's own reserve, budget and count", () => {
    expect(labSettings('codex', { window: 30_000, params: { autoCompactLimit: 20_000 } }, 500)).toEqual({
      strategy: 'codex',
      maxContextTokens: 30_000,
      tokenizer: 'o200k_base',
      harness: { codex: { autoCompactLimit: 20_000 } },
      unseenTokens: 500,
    });
    const pi = {
      ...NO_WINDOW,
      window: 20_000,
      settings: { reserveTokens: 4_000, keepRecentTokens: 4_000, tokenizer: 'chars4' as const },
    };
    expect(labSettings('pi', pi, 0)).toEqual({
      strategy: 'pi',
      maxContextTokens: 20_000,
      tokenizer: 'chars4',
      reserveTokens: 4_000,
      keepRecentTokens: 4_000,
      unseenTokens: 0,
    });
  });
});
