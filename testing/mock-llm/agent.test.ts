/**
 * The scripted agent (model `agent`): the tool call it answers in each
 * protocol, frame by frame, the tools it picks by role from what the request
 * declares, and how it tells a summarization request from a turn.
 */
import { describe, expect, it } from 'vitest';
import { readConversation } from './agentConversation';
import { agentFrames } from './agentFrames';
import {
  AGENT_SUMMARY,
  agentReply,
  argumentsFor,
  CLOSING_TEXT,
  isSummaryRequest,
  NOTES_TEXT,
} from './agentScript';
import { mockCount } from './counting';

const READ_SCHEMA = {
  type: 'object',
  properties: { file_path: { type: 'string' } },
  required: ['file_path'],
};
const SHELL_SCHEMA = { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] };
const SYSTEM = 'You are a coding agent. Working directory: /work/p';

const anthropicBody = (messages: unknown[]) => ({
  model: 'agent',
  system: SYSTEM,
  tools: [
    { name: 'Read', description: 'Reads a file', input_schema: READ_SCHEMA },
    { name: 'Bash', description: 'Runs a command', input_schema: SHELL_SCHEMA },
  ],
  messages,
});

const frameData = (frames: string[]) =>
  frames
    .map((f) =>
      f
        .replace(/^event: .*\n/, '')
        .replace(/^data: /, '')
        .trim(),
    )
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));

describe('the scripted agent', () => {
  it('starts a turn by reading README.md with the tool whose name says read, at the path the prompt gives', () => {
    const body = anthropicBody([{ role: 'user', content: 'Look into the failing test.' }]);
    const reply = agentReply(readConversation('anthropic', body), 'toolu_');
    expect(reply).toMatchObject({
      kind: 'tool',
      text: 'Reading the file.',
      call: { name: 'Read', arguments: '{"file_path":"/work/p/README.md"}' },
    });
  });

  it('takes the next step after each tool result, a shell command second, and closes the turn with text', () => {
    const call = (id: string, name: string) => ({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name, input: {} }],
    });
    const result = (id: string) => ({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }],
    });
    const one = anthropicBody([{ role: 'user', content: 'Go.' }, call('a', 'Read'), result('a')]);
    expect(agentReply(readConversation('anthropic', one), 'toolu_')).toMatchObject({
      call: { name: 'Bash', arguments: '{"command":"ls -R src test"}' },
    });
    const five = anthropicBody([
      { role: 'user', content: 'Go.' },
      ...['a', 'b', 'c', 'd', 'e'].flatMap((id) => [call(id, 'Bash'), result(id)]),
    ]);
    expect(agentReply(readConversation('anthropic', five), 'toolu_')).toEqual({
      kind: 'text',
      text: CLOSING_TEXT,
    });
  });

  it('reads through the shell when the agent declares no read tool, filling an array command as argv', () => {
    const body = {
      model: 'agent',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Go.' }] }],
      tools: [
        {
          type: 'function',
          name: 'shell',
          parameters: { type: 'object', properties: { command: { type: 'array' } }, required: ['command'] },
        },
      ],
    };
    expect(agentReply(readConversation('openai-responses', body), 'call_')).toMatchObject({
      call: { name: 'shell', arguments: '{"command":["bash","-lc","cat README.md"]}' },
    });
  });

  it("reads with Kilo's read tool, not with its board_read declared before it", () => {
    const body = {
      model: 'agent',
      messages: [{ role: 'user', content: 'Go.' }],
      tools: ['board_read', 'read'].map((name) => ({
        type: 'function',
        function: { name, parameters: READ_SCHEMA },
      })),
    };
    expect(agentReply(readConversation('openai-chat', body), 'call_')).toMatchObject({
      call: { name: 'read', arguments: '{"file_path":"README.md"}' },
    });
  });

  it("picks Copilot CLI's file tools by what they take, not a shell-session reader, and fills every required argument by its type", () => {
    const fn = (name: string, properties: Record<string, string>, required: string[]) => ({
      type: 'function',
      function: {
        name,
        description: name,
        parameters: {
          type: 'object',
          properties: Object.fromEntries(Object.entries(properties).map(([k, type]) => [k, { type }])),
          required,
        },
      },
    });
    const tools = [
      fn('bash', { command: 'string', description: 'string', shellId: 'string', initial_wait: 'number' }, [
        'command',
        'description',
      ]),
      fn('read_bash', { shellId: 'string', delay: 'number' }, ['shellId', 'delay']),
      fn('write_agent', { agent_id: 'string', message: 'string' }, ['message']),
      fn('view', { path: 'string', view_range: 'array' }, ['path']),
      fn('create', { path: 'string', file_text: 'string' }, ['path', 'file_text']),
    ];
    const reply = (messages: unknown[]) =>
      agentReply(readConversation('openai-chat', { messages, tools }), 'call_');
    const call = (id: string, name: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }],
    });
    const result = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'ok' });
    const after = (n: number) => [
      { role: 'user', content: 'Go.' },
      ...Array.from({ length: n }, (_, i) => [call(`c${i}`, 'x'), result(`c${i}`)]).flat(),
    ];
    expect(reply(after(0))).toMatchObject({ call: { name: 'view', arguments: '{"path":"README.md"}' } });
    expect(reply(after(1))).toMatchObject({
      call: { name: 'bash', arguments: '{"command":"ls -R src test","description":"lab description"}' },
    });
    expect(reply(after(4))).toMatchObject({
      call: { name: 'create', arguments: JSON.stringify({ path: 'NOTES.md', file_text: NOTES_TEXT }) },
    });
    const probe = {
      name: 'probe',
      description: '',
      properties: {
        wait: 'boolean',
        count: 'integer',
        at: 'array',
        opts: 'object',
        id: 'string',
        note: 'string',
      },
      required: ['wait', 'count', 'at', 'opts', 'id'],
    };
    // Every required argument gets a value of its type; an optional one the step says nothing of, none.
    expect(argumentsFor(probe, { role: 'shell', command: 'true' }, undefined)).toEqual({
      wait: false,
      count: 1,
      at: [],
      opts: {},
      id: 'lab id',
    });
  });

  it('gives the same request the same id and a longer conversation another', () => {
    const first = anthropicBody([{ role: 'user', content: 'Go.' }]);
    const again = agentReply(readConversation('anthropic', first), 'toolu_');
    expect(agentReply(readConversation('anthropic', first), 'toolu_')).toEqual(again);
    const longer = anthropicBody([
      { role: 'user', content: 'Go.' },
      { role: 'assistant', content: 'Hi.' },
      { role: 'user', content: 'Go.' },
    ]);
    const other = agentReply(readConversation('anthropic', longer), 'toolu_');
    expect(other.kind === 'tool' && again.kind === 'tool' && other.call.id !== again.call.id).toBe(true);
    expect(again.kind === 'tool' && again.call.id).toMatch(/^toolu_lab1_[0-9a-f]{8}$/);
  });
});

describe('recognising a summarization request', () => {
  it("takes Claude Code's prompt sent beside the last tool result as one", () => {
    const body = anthropicBody([
      { role: 'user', content: 'Go.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'Read', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'ok' },
          { type: 'text', text: 'Your task is to create a detailed summary of the conversation so far.' },
        ],
      },
    ]);
    expect(isSummaryRequest(readConversation('anthropic', body))).toBe(true);
    expect(agentReply(readConversation('anthropic', body), 'toolu_')).toEqual({ kind: 'summary' });
  });

  it("takes Kilo 7.7's requests, the transcript in <conversation> tags then a new summary's or a merged one's instructions, as one", () => {
    const request = (instructions: string) => ({
      messages: [
        { role: 'system', content: 'You are Kilo, a highly skilled software engineer.' },
        {
          role: 'user',
          content: `Here is the conversation so far:\n\n<conversation>\n[User]: Fix it.\n</conversation>\n\n${instructions}`,
        },
      ],
    });
    const first = request('Create a new anchored summary from the conversation history in the tags above.');
    const merged = request('Here is the summary of the conversation before the <conversation> above: …');
    expect(isSummaryRequest(readConversation('openai-chat', first))).toBe(true);
    expect(isSummaryRequest(readConversation('openai-chat', merged))).toBe(true);
  });

  it("takes Codex's compaction prompt, the last user message of a Responses input, as one", () => {
    const body = {
      input: [
        {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'You are performing a CONTEXT CHECKPOINT COMPACTION.' }],
        },
      ],
    };
    expect(isSummaryRequest(readConversation('openai-responses', body))).toBe(true);
  });

  it("takes pi 1.6's and OpenCode 1.18's requests under their summarizing system prompts as one, whatever its instructions say", () => {
    const body = {
      messages: [
        {
          role: 'system',
          content: 'You are a context summarization assistant. Your task is to read a conversation.',
        },
        {
          role: 'user',
          content: '# Conversation\n[User]: Fix it.\n\n# Instructions\nCreate a concise checkpoint.',
        },
      ],
    };
    expect(isSummaryRequest(readConversation('openai-chat', body))).toBe(true);
    const opencode = {
      messages: [{ role: 'system', content: 'You are a context summarization agent.' }, body.messages[1]],
    };
    expect(isSummaryRequest(readConversation('openai-chat', opencode))).toBe(true);
    const asked = {
      messages: [{ role: 'system', content: 'You are a coding assistant.' }, body.messages[1]],
    };
    expect(isSummaryRequest(readConversation('openai-chat', asked))).toBe(false);
  });

  it("takes Kilo 7.7's request, the conversation in tags under its usual system prompt, as one", () => {
    const body = {
      messages: [
        { role: 'system', content: 'You are Kilo, a highly skilled software engineer.' },
        {
          role: 'user',
          content: 'Here is the conversation so far:\n\n<conversation>\n[User]: Fix it.\n</conversation>',
        },
      ],
    };
    expect(isSummaryRequest(readConversation('openai-chat', body))).toBe(true);
    const quoted = {
      messages: [body.messages[0], { role: 'user', content: 'Is this the conversation so far?' }],
    };
    expect(isSummaryRequest(readConversation('openai-chat', quoted))).toBe(false);
  });

  it("closes the turn on OpenCode's own carry-on prompt after a compaction instead of starting the tools again", () => {
    const body = {
      messages: [
        { role: 'user', content: 'Read README.md.' },
        {
          role: 'user',
          content:
            'Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.',
        },
      ],
      tools: [{ type: 'function', function: { name: 'read', description: 'Read a file', parameters: {} } }],
    };
    expect(agentReply(readConversation('openai-chat', body), 'call_')).toEqual({
      kind: 'text',
      text: CLOSING_TEXT,
    });
  });

  it("closes the turn on Qwen Code's reminder of the files it read, sent after its summary, instead of starting the tools again", () => {
    const summary = `${AGENT_SUMMARY}\n\nResume the prior task using the summary above. Continue from the last in-flight step; do not acknowledge the summary, do not re-introduce, do not greet the user again.`;
    const reminder =
      'The following files were recently accessed before context was compacted. They are listed as reference only because they are large. Use `read_file` to view current content for any file you need:\n\n- /p/README.md';
    const tools = [
      {
        type: 'function',
        function: { name: 'read_file', description: 'Reads a file', parameters: READ_SCHEMA },
      },
    ];
    const acknowledged = [
      { role: 'user', content: summary },
      { role: 'assistant', content: 'Got it. Thanks for the additional context!' },
    ];
    const closes = { kind: 'text', text: CLOSING_TEXT };
    const reply = (messages: unknown[]) =>
      agentReply(readConversation('openai-chat', { messages, tools }), 'call_');
    expect(reply([...acknowledged, { role: 'user', content: reminder }])).toEqual(closes);
    // Without a file to remind of, the summary's own trailer is the last thing the agent sent.
    expect(reply([{ role: 'user', content: summary }])).toEqual(closes);
    // The user's next request after it starts the turn's tools again.
    expect(
      reply([...acknowledged, { role: 'user', content: reminder }, { role: 'user', content: 'Fix it.' }]),
    ).toMatchObject({ kind: 'tool', call: { name: 'read_file' } });
  });

  it('does not take a turn whose earlier message mentions a summary, nor a tool result that does', () => {
    const body = anthropicBody([
      { role: 'user', content: 'Summarize the conversation later.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'Read', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'a detailed summary of the conversation' },
        ],
      },
    ]);
    expect(isSummaryRequest(readConversation('anthropic', body))).toBe(false);
  });
});

describe('the tool call as each protocol streams it', () => {
  const user = 'Go. Working directory: /w';

  it('Anthropic: a text block, then a tool_use block whose input arrives as one input_json_delta, stop_reason tool_use', () => {
    const body = anthropicBody([{ role: 'user', content: user }]);
    const data = frameData(agentFrames('anthropic', body, 'agent', false));
    expect(data.map((d) => d.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(data[0].message.usage.input_tokens).toBe(mockCount(body));
    expect(data[4].content_block).toMatchObject({ type: 'tool_use', name: 'Read', input: {} });
    expect(data[5].delta).toEqual({
      type: 'input_json_delta',
      partial_json: '{"file_path":"/work/p/README.md"}',
    });
    expect(data[7].delta.stop_reason).toBe('tool_use');
  });

  it('OpenAI Chat: the call opens with its id and name, its arguments follow, finish_reason tool_calls, usage when asked', () => {
    const body = {
      model: 'agent',
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: user }],
      tools: [{ type: 'function', function: { name: 'bash', description: 'Run', parameters: SHELL_SCHEMA } }],
    };
    const data = frameData(agentFrames('openai-chat', body, 'agent', true));
    expect(data[2].choices[0].delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_lab1_/),
        type: 'function',
        function: { name: 'bash', arguments: '' },
      },
    ]);
    expect(data[3].choices[0].delta.tool_calls).toEqual([
      { index: 0, function: { arguments: '{"command":"cat README.md"}' } },
    ]);
    expect(data[4].choices[0].finish_reason).toBe('tool_calls');
    expect(data[5].usage.prompt_tokens).toBe(mockCount(body));
    expect(data.at(-1)).toBe('[DONE]');
  });

  it('OpenAI Responses: a message item, then a function_call item with its arguments delta and done, all in response.completed', () => {
    const body = {
      model: 'agent',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: user }] }],
      tools: [
        {
          type: 'function',
          name: 'exec_command',
          parameters: { type: 'object', properties: { cmd: { type: 'string' } } },
        },
      ],
    };
    const data = frameData(agentFrames('openai-responses', body, 'agent', false));
    expect(data.map((d) => d.type)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data[8].item).toMatchObject({
      type: 'function_call',
      name: 'exec_command',
      arguments: '{"cmd":"cat README.md"}',
    });
    expect(data[9].response.output.map((o: { type: string }) => o.type)).toEqual([
      'message',
      'function_call',
    ]);
    expect(data[9].response.usage.input_tokens).toBe(mockCount(body));
  });

  it('Gemini: one chunk with the text and a functionCall part carrying its arguments as an object', () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: user }] }],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'read_file',
              parameters: { type: 'object', properties: { absolute_path: { type: 'string' } } },
            },
          ],
        },
      ],
    };
    const [chunk] = frameData(agentFrames('gemini', body, 'agent', false));
    expect(chunk.candidates[0].content.parts).toEqual([
      { text: 'Reading the file.' },
      {
        functionCall: {
          id: expect.stringMatching(/^call_lab1_/),
          name: 'read_file',
          args: { absolute_path: '/w/README.md' },
        },
      },
    ]);
    expect(chunk.candidates[0].finishReason).toBe('STOP');
  });

  it('answers a summarization request with the summary as plain text', () => {
    const body = anthropicBody([
      { role: 'user', content: 'Please create a detailed summary of the conversation so far.' },
    ]);
    const data = frameData(agentFrames('anthropic', body, 'agent', false));
    const text = data
      .filter((d) => d.delta?.type === 'text_delta')
      .map((d) => d.delta.text)
      .join('');
    expect(text).toBe(AGENT_SUMMARY);
  });
});
