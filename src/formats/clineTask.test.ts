import { describe, expect, it } from 'vitest';
import { clineTask } from './clineTask';
import { encryptedTokens } from './opaque';
import { detectFormat, importTranscript } from './registry';
import { counts, fixture } from './testSupport.node';

const cline = () => JSON.parse(fixture('cline-task.json')) as Record<string, unknown>[];

describe('Cline task histories', () => {
  it('keeps every environment-details block in the user turn it was sent with', () => {
    const result = importTranscript(fixture('cline-task.json'));
    const users = result.messages.filter((m) => m.role === 'user');
    expect(users).toHaveLength(4);
    for (const user of users) {
      expect(user.content).toMatch(
        /<environment_details>\n# VSCode Visible Files\nsrc\/net\/retry\.test\.ts\n/,
      );
      expect(user.content.endsWith('</environment_details>')).toBe(true);
    }
    expect(users[0]!.content.startsWith('<task>\nThe retry test in src/net/retry.test.ts fails')).toBe(true);
    expect(users[0]!.content).toContain(
      '# Current Working Directory (/home/lee/netkit) Files\npackage.json\n',
    );
    // The tool result, its heading and the details are the three text blocks of one user message.
    expect(users[1]!.content.split('\n')[0]).toBe("[read_file for 'src/net/retry.test.ts'] Result:");
    expect(users[1]!.content).toContain(' 9 |     expect(Date.now() - started).toBeGreaterThanOrEqual(60);');
  });

  it('reads the XML tool calls of Cline replies as the text they are, with no pairing to do', () => {
    const result = importTranscript(fixture('cline-task.json'));
    const replies = result.messages.filter((m) => m.role === 'assistant');
    expect(
      replies.map((m) => m.content.match(/^<(\w+)>/m)?.[1] ?? m.content.match(/\n<(\w+)>\n/)?.[1]),
    ).toEqual(['thinking', 'replace_in_file', 'attempt_completion', 'execute_command']);
    expect(result.messages.some((m) => m.toolCalls)).toBe(false);
    expect(result.issues).toEqual([]);
  });

  it('is detected by its own fields, and a plain Anthropic list stays Anthropic', () => {
    expect(detectFormat(fixture('cline-task.json'))).toEqual({
      format: 'cline',
      confidence: 0.97,
      reason: 'user/assistant messages, "ts" on the messages',
    });
    const plain = cline().map(({ role, content }) => ({ role, content: content as unknown }));
    expect(detectFormat(JSON.stringify(plain))).toEqual({
      format: 'cline',
      confidence: 0.97,
      reason: 'user/assistant messages, user turns with <environment_details> or <task> blocks',
    });
    const anthropic = [
      { role: 'user', content: 'Why is the build slow?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: { cmd: 'ls' } }] },
    ];
    expect(detectFormat(JSON.stringify(anthropic)).format).toBe('anthropic');
  });

  it('bids low when the marks are there but entries lack a role or content', () => {
    const broken = [...cline(), { ts: 1760426060000, text: 'not a message' }];
    expect(clineTask.detect(broken)).toEqual({
      format: 'cline',
      confidence: 0.3,
      reason: '"ts" on the messages, but 1 of the entries without a user/assistant role and content',
    });
    expect(clineTask.detect({ messages: cline() })).toBeNull();
  });
});

describe('Roo Code task histories after a condense', () => {
  const roo = () => importTranscript(fixture('roo-code-task.json'));

  it('sends from the newest summary on, as Roo Code does', () => {
    const result = roo();
    expect(result.format).toBe('cline');
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['m5', 'user'],
      ['m6', 'user'],
      ['m8', 'assistant'],
      ['m9:0', 'tool'],
      ['m9', 'user'],
      ['m10', 'assistant'],
      ['m11:0', 'tool'],
      ['m11', 'user'],
    ]);
    expect(result.messages[0]).toMatchObject({ kind: 'summary', role: 'user' });
    expect(result.messages[0]!.content.startsWith('## Conversation Summary\n1. The user asked')).toBe(true);
  });

  it('drops the result whose call the summary hid, and keeps the details sent beside it', () => {
    const result = roo();
    expect(result.messages.some((m) => m.toolCallId === 'call_r2')).toBe(false);
    expect(result.messages[1]!.content).toMatch(/^<environment_details>\n[\s\S]*# Current Cost\n\$0\.05\n/);
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'condensed-messages',
        message:
          '4 stored messages before the newest condense summary were left out: Roo Code and Kilo Code send the conversation from the summary on',
      },
      {
        severity: 'info',
        code: 'condensed-results',
        message: '1 tool result whose call is before the summary was left out, as Roo Code leaves them out',
      },
    ]);
  });

  it('counts a stored reasoning entry with the reply after it: its summary and its encrypted size', () => {
    const reply = roo().messages.find((m) => m.id === 'm8')!;
    expect(reply.reasoning).toBe('Verify the flag end to end.');
    expect(reply.opaqueTokens).toBe(encryptedTokens('gAAAAABo' + 'R'.repeat(792)));
    expect(reply.opaqueTokens).toBe(150);
    expect(reply.toolCalls).toEqual([
      { id: 'call_r3', name: 'execute_command', arguments: '{"command":"npx tsx src/cli.ts report --json"}' },
    ]);
  });

  it('keeps the condensed messages in the history, with the summary as a compaction that starts afresh', () => {
    const history = roo().history!;
    expect(history.messages).toHaveLength(14);
    expect(history.compactions).toEqual([
      {
        atMessage: 5,
        contextAfter: [5],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        source: 'condense summary',
      },
    ]);
    expect(history.messages[5]!.kind).toBe('summary');
  });
});

describe('Kilo Code task histories after a sliding-window truncation', () => {
  it('leaves out what the marker hides and keeps the marker', () => {
    const result = importTranscript(fixture('kilo-code-task.json'));
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['m0', 'user'],
      ['m1', 'user'],
      ['m4', 'assistant'],
      ['m5:0', 'tool'],
      ['m5', 'user'],
    ]);
    expect(result.messages[1]!.content).toBe(
      '[Sliding window truncation: 2 messages hidden to reduce context]',
    );
    expect(
      result.messages.some((m) => m.toolCallId === 'toolu_k1' || m.toolCalls?.[0]?.id === 'toolu_k1'),
    ).toBe(false);
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'truncated-messages',
        '2 stored messages hidden by a sliding-window truncation marker were left out: the extension no longer sends them',
      ],
    ]);
  });

  it('sends everything a marker hides once the marker is gone (a rewind removed it)', () => {
    const stored = JSON.parse(fixture('kilo-code-task.json')) as Record<string, unknown>[];
    const rewound = stored.filter((entry) => entry.isTruncationMarker !== true);
    const result = importTranscript(JSON.stringify(rewound));
    // Two user turns, two replies, the two results split out of the user turns that carried them.
    expect(result.messages).toHaveLength(7);
    expect(result.issues).toEqual([]);
  });
});

describe('Cline results written as text after tool_use calls', () => {
  const native = () => importTranscript(fixture('cline-task-native.json'));

  it('pairs every "[tool for …] Result:" text with its call: no unanswered call', () => {
    const result = native();
    expect(counts(result.messages)).toEqual({
      messages: 17,
      roles: { user: 6, assistant: 5, tool: 6 },
      toolCalls: 6,
      pairedResults: 6,
      summaries: 0,
      withReasoning: 0,
      images: 0,
    });
    expect(result.issues).toEqual([]);
  });

  it('makes each heading and the text after it the tool result, and leaves the details to the user turn', () => {
    const { messages } = native();
    const tools = messages.filter((m) => m.role === 'tool');
    expect(tools.map((m) => [m.toolName, m.toolCallId])).toEqual([
      ['read_file', 'toolu_01MoneyRead00000000001'],
      ['replace_in_file', 'toolu_01MoneyEdit00000000002'],
      ['execute_command', 'toolu_01MoneyTest00000000003'],
      ['execute_command', 'toolu_01MoneyTest00000000004'],
      ['attempt_completion', 'toolu_01MoneyDone00000000005'],
      ['replace_in_file', 'toolu_01MoneyTestAdd000000006'],
    ]);
    expect(tools[0]!.content).toBe(
      "[read_file for 'src/money.ts'] Result:\nexport function formatCents(cents: number): string {\n  return `$${(cents / 100).toFixed(2)}`;\n}\n",
    );
    // A call Cline skipped is answered by the sentence saying so.
    expect(tools[2]!.content.startsWith('Tool [execute_command] was not executed because')).toBe(true);
    // Heading and output in one block, as some versions write it.
    expect(tools[3]!.content).toContain("[execute_command for 'npm test'] Result:\nCommand executed.");
    expect(tools[4]!.content).toContain('<feedback>\nAdd a test for -5 too.\n</feedback>');
    const users = messages.filter((m) => m.role === 'user');
    expect(users.slice(1).every((m) => m.content.startsWith('<environment_details>'))).toBe(true);
  });

  it('keeps the text of the turn: the same characters as when every block was user text', () => {
    const stored = JSON.parse(fixture('cline-task-native.json')) as Record<string, unknown>[];
    // Without the calls, nothing is paired and every block stays in its user message.
    const noCalls = stored.map((entry) =>
      entry.role === 'assistant'
        ? { ...entry, content: (entry.content as { type: string }[]).filter((b) => b.type === 'text') }
        : entry,
    );
    const plain = importTranscript(JSON.stringify(noCalls)).messages.filter((m) => m.role !== 'assistant');
    const paired = native().messages.filter((m) => m.role !== 'assistant');
    const chars = (ms: typeof paired) => ms.reduce((n, m) => n + m.content.length, 0);
    // Each paired turn splits into results and details: one "\n" joint less per split.
    expect(chars(paired)).toBe(chars(plain) - 6);
  });

  it('keeps an image of the result with it, and leaves a heading naming no waiting call as text', () => {
    const items = [
      { role: 'user', content: [{ type: 'text', text: '<task>\nLook at the page\n</task>' }], ts: 1 },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'b1', name: 'browser_action', input: { action: 'launch' } }],
        ts: 2,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[browser_action for 'launch'] Result:" },
          { type: 'text', text: 'The browser action has been executed.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'text', text: "[read_file for 'a.ts'] Result:" },
          { type: 'text', text: '<environment_details>\n# Current Mode\nACT MODE\n</environment_details>' },
        ],
        ts: 3,
      },
    ];
    const result = importTranscript(JSON.stringify(items));
    expect(result.messages.map((m) => [m.role, m.images ?? 0, m.content.split('\n')[0]])).toEqual([
      ['user', 0, '<task>'],
      ['assistant', 0, ''],
      ['tool', 1, "[browser_action for 'launch'] Result:"],
      ['user', 0, "[read_file for 'a.ts'] Result:"],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('pairs a heading whose quoted question spans lines, and a sub-agent call answered by "[subagents] Result:"', () => {
    const result = importTranscript(fixture('cline-task-followup.json'));
    expect(result.issues).toEqual([]);
    const tools = result.messages.filter((m) => m.role === 'tool');
    expect(tools.map((m) => [m.toolName, m.toolCallId])).toEqual([
      ['ask_followup_question', 'toolu_01DraftAsk000000000001'],
      ['use_subagents', 'toolu_01DraftSub0000000000002'],
    ]);
    expect(tools[0]!.content).toBe(
      "[ask_followup_question for 'Where should the drafts be kept?\n1. IndexedDB, which survives a reload\n2. localStorage, which is simpler'] Result:\n<answer>\nIndexedDB\n</answer>",
    );
    expect(tools[1]!.content.split('\n').slice(0, 2)).toEqual(['[subagents] Result:', 'Subagent results:']);
    // The answers are no longer user text: each user turn after a call keeps only its details.
    const users = result.messages.filter((m) => m.role === 'user');
    expect(users.slice(1).every((m) => m.content.startsWith('<environment_details>'))).toBe(true);
  });

  it('pairs a configured sub-agent\'s "[subagent: name] Result:" with its use_subagent_ call', () => {
    const items = [
      { role: 'user', content: [{ type: 'text', text: '<task>\nReview it\n</task>' }], ts: 1 },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'r1', name: 'use_subagent_reviewer', input: { prompt: 'Review' } }],
        ts: 2,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[subagent: Reviewer] Result:' },
          { type: 'text', text: 'Subagent results:\nTotal: 1' },
        ],
        ts: 3,
      },
    ];
    const result = importTranscript(JSON.stringify(items));
    expect(result.messages.map((m) => [m.role, m.toolCallId, m.content])).toEqual([
      ['user', undefined, '<task>\nReview it\n</task>'],
      ['assistant', undefined, ''],
      ['tool', 'r1', '[subagent: Reviewer] Result:\nSubagent results:\nTotal: 1'],
    ]);
  });

  it('leaves a turn that answers with tool_result blocks as it is', () => {
    const items = [
      { role: 'user', content: [{ type: 'text', text: '<task>\nRun it\n</task>' }], ts: 1 },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'c1', name: 'execute_command', input: {} }],
        ts: 2,
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'ok' },
          { type: 'text', text: "[execute_command for 'x'] Result:" },
        ],
        ts: 3,
      },
    ];
    const result = importTranscript(JSON.stringify(items));
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', '<task>\nRun it\n</task>'],
      ['assistant', ''],
      ['tool', 'ok'],
      ['user', "[execute_command for 'x'] Result:"],
    ]);
  });
});
