import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../testing/mock-llm/server';
import { CHAT, run, scratch, withEnv } from './testSupport.node';

const { file } = scratch('cp-compact-');
const chatFile = file('chat.json', CHAT);

/** Three stored turns; the `turns` strategy at keep-recent 10 summarizes the first two (o200k_base). */
const turnsFile = file('turns.json', {
  format: 'compaction-playground',
  version: 1,
  messages: [
    { id: 's', role: 'system', content: 'You are a careful agent.' },
    { id: 'u1', role: 'user', content: 'Rename greet to welcome in src/greet.ts', turnId: 't1' },
    { id: 'a1', role: 'assistant', content: 'Renamed; the tests pass.', turnId: 't1' },
    { id: 'u2', role: 'user', content: 'Now update the README, and never touch CHANGELOG.md.', turnId: 't2' },
    { id: 'a2', role: 'assistant', content: 'README updated.', turnId: 't2' },
    { id: 'u3', role: 'user', content: 'Ship it.', turnId: 't3' },
    { id: 'a3', role: 'assistant', content: 'Tagged v1.2.0.', turnId: 't3' },
  ],
});

const KEY_NAMES = [
  'COMPACTION_PLAYGROUND_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
];
let restoreEnv: () => void = () => {};
beforeEach(() => {
  // Keys on the machine running the tests must not leak into them.
  restoreEnv = withEnv(Object.fromEntries(KEY_NAMES.map((name) => [name, undefined])));
});
afterEach(() => restoreEnv());

describe('compact with the offline summarizer', () => {
  it('summarizes the two older turns, keeps the last one and checkpoints on turn t2 (o200k_base)', async () => {
    const { code, out, err } = await run([
      'compact',
      turnsFile,
      '--provider',
      'offline',
      '--strategy',
      'turns',
      '--keep-recent',
      '10',
    ]);
    expect([code, err]).toEqual([0, '']);
    expect(out).toContain('## Goal\nRename greet to welcome in src/greet.ts\n');
    expect(out).toContain('- Summarized 2 user messages, 2 assistant replies and 0 tool results.');
    expect(out.slice(out.indexOf('\nsummarizer'))).toBe(
      [
        '',
        'summarizer  offline',
        'tokens      79 → 208',
        'messages    7 → 4',
        'flags       degraded no, split turn no',
        'omitted     none',
        'checkpoint  turn t2',
        'usage       441 prompt + 163 completion tokens',
        'model       offline',
        'again       no: 208 tokens ≤ threshold 111,616',
        '',
      ].join('\n'),
    );
  });

  it('counts the part of the request the file does not show (--unseen) in before, after and again', async () => {
    const { code, out } = await run([
      'compact',
      turnsFile,
      '--provider',
      'offline',
      '--strategy',
      'turns',
      '--keep-recent',
      '10',
      '--unseen',
      '111500',
    ]);
    expect(code).toBe(0);
    // The same 79 → 208 as without it, each with the 111,500 tokens every request holds.
    expect(out).toContain('tokens      111,579 → 111,708\n');
    expect(out).toContain(
      'again       yes: 111,708 tokens > threshold 111,616; the next turn would compact again',
    );
  });

  it('says which settings it changed and why, before the result', async () => {
    const { code, out } = await run([
      'compact',
      turnsFile,
      '--provider',
      'offline',
      '--strategy',
      'turns',
      '--keep-recent',
      '10',
      '--max-summary',
      '5',
      '--stall-timeout',
      '3000000000',
    ]);
    expect(code).toBe(0);
    expect(out).toContain(
      [
        '',
        'settings    --max-summary 5 → 1,024: raised to 1024, the smallest summary budget: a shorter summary stops mid-sentence',
        '            --stall-timeout 3,000,000,000 → 2,147,483,647: lowered to 2147483647 ms (about 24.8 days), the longest delay a timer can wait: a longer one fires at once',
        'summarizer  offline',
        '',
      ].join('\n'),
    );
  });

  it('splits the current turn and lists the file it read, with no history before it', async () => {
    const { code, out } = await run(['compact', chatFile, '--provider', 'offline', '--keep-recent', '30']);
    expect(code).toBe(0);
    expect(out.startsWith('No prior history.\n\n---\n\n**Turn Context (split turn):**\n\n')).toBe(true);
    expect(out).toContain('## Original Request\nFix the failing test in src/a.ts\n');
    expect(out).toContain('<read-files>\nsrc/a.ts\n</read-files>\n');
    expect(out).toContain(
      'tokens      84 → 171\nmessages    7 → 5\nflags       degraded no, split turn yes\n',
    );
    expect(out).toContain('checkpoint  none\n');
  });

  it('in a small window leaves out what does not fit the request, and says the result would compact again', async () => {
    const { out } = await run([
      'compact',
      turnsFile,
      '--provider',
      'offline',
      '--strategy',
      'turns',
      '--keep-recent',
      '10',
      '--window',
      '220',
      '--reserve',
      '40',
    ]);
    expect(out).toContain(
      '- Summarized 0 user messages, 1 assistant reply and 0 tool results; 3 older messages were not in the request.',
    );
    expect(out).toContain('tokens      79 → 185\n');
    expect(out).toContain('omitted     3 messages did not fit the summarization requests\n');
    expect(out).toContain('again       yes: 185 tokens > threshold 180; the next turn would compact again\n');
  });

  it('prints the full result with the summarizer and the verdict as JSON', async () => {
    const { code, out } = await run([
      'compact',
      turnsFile,
      '--provider',
      'offline',
      '--strategy',
      'turns',
      '--keep-recent',
      '10',
      '--json',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(Object.keys(doc)).toEqual([
      'messages',
      'summary',
      'reason',
      'tokensBefore',
      'tokensAfter',
      'messagesBefore',
      'messagesAfter',
      'degraded',
      'splitTurn',
      'omitted',
      'checkpoint',
      'usage',
      'model',
      'failures',
      'cleared',
      'origins',
      'summarized',
      'summarizer',
      'provider',
      'wouldCompactAgain',
      'adjustments',
    ]);
    expect(doc.messages.map((m: { id: string; kind?: string }) => m.kind ?? m.id)).toEqual([
      's',
      'summary',
      'u3',
      'a3',
    ]);
    expect(doc.messages[1].content).toContain(doc.summary);
    expect(doc).toMatchObject({
      reason: 'manual',
      tokensBefore: 79,
      tokensAfter: 208,
      degraded: false,
      splitTurn: false,
      omitted: 0,
      checkpoint: { turnId: 't2', degraded: false },
      usage: { promptTokens: 441, completionTokens: 163 },
      model: 'offline',
      failures: [],
      summarizer: 'offline',
      provider: null,
      wouldCompactAgain: false,
    });
  });

  it('streams the summary to a terminal, and the terminal shows the same text a pipe gets', async () => {
    const argv = ['compact', chatFile, '--provider', 'offline', '--keep-recent', '30'];
    const piped = await run(argv);
    const terminal = await run(argv, { terminal: true });
    expect(terminal.code).toBe(0);
    expect(terminal.streamed.length).toBeGreaterThan(0);
    expect(terminal.streamed + terminal.out).toBe(piped.out);
  });

  it('passes --instructions to the summarizer', async () => {
    const mock = await startMockLlm({ port: 0 });
    try {
      await run([
        'compact',
        chatFile,
        '--provider',
        'ollama',
        '--base-url',
        mock.url,
        '--model',
        'mock',
        '--keep-recent',
        '30',
        '--instructions',
        'Keep every file path.',
      ]);
      expect(mock.requests.map((r) => r.body.includes('Keep every file path.'))).toEqual([true]);
    } finally {
      await mock.close();
    }
  });
});

describe('compact refuses', () => {
  const cases: [string, string[], string][] = [
    [
      'a run without --provider',
      ['compact', chatFile],
      '--provider is required: one of offline, openai, anthropic, gemini, openai-compatible, openai-responses, ollama',
    ],
    [
      'an unknown provider',
      ['compact', chatFile, '--provider', 'bard'],
      "--provider: expected one of offline, openai, anthropic, gemini, openai-compatible, openai-responses, ollama, got 'bard'",
    ],
    [
      'a key given as an option',
      ['compact', chatFile, '--provider', 'openai', '--api-key', 'sk-x'],
      '--api-key: keys are read from the environment only (COMPACTION_PLAYGROUND_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY), never from an option',
    ],
    [
      'openai without a key',
      ['compact', chatFile, '--provider', 'openai'],
      '--provider openai needs an API key: set OPENAI_API_KEY or COMPACTION_PLAYGROUND_API_KEY in the environment',
    ],
    [
      'anthropic without a key',
      ['compact', chatFile, '--provider', 'anthropic'],
      '--provider anthropic needs an API key: set ANTHROPIC_API_KEY or COMPACTION_PLAYGROUND_API_KEY in the environment',
    ],
    [
      'gemini without a key',
      ['compact', chatFile, '--provider', 'gemini'],
      '--provider gemini needs an API key: set GEMINI_API_KEY or GOOGLE_API_KEY or COMPACTION_PLAYGROUND_API_KEY in the environment',
    ],
    [
      'openai-compatible without a base URL',
      ['compact', chatFile, '--provider', 'openai-compatible', '--model', 'm'],
      "--provider openai-compatible needs --base-url (the server's address, e.g. http://localhost:8000/v1)",
    ],
    [
      'a base URL that is not http',
      ['compact', chatFile, '--provider', 'ollama', '--base-url', 'file:///etc'],
      "--base-url: expected an http or https URL, got 'file:///etc'",
    ],
    [
      'a base URL with a user name and password',
      ['compact', chatFile, '--provider', 'ollama', '--base-url', 'http://user:pass@localhost:11434'],
      '--base-url: give the address without a user name or password',
    ],
    [
      'a model for the offline summarizer',
      ['compact', chatFile, '--provider', 'offline', '--model', 'gpt-4o'],
      '--provider offline calls no model: drop --model',
    ],
    [
      'a window of 0',
      ['compact', chatFile, '--provider', 'offline', '--window', '0'],
      "--window 0 turns compaction off: give the model's window with --window N",
    ],
    [
      'a stall timeout of 0',
      ['compact', chatFile, '--provider', 'offline', '--stall-timeout', '0'],
      "--stall-timeout: expected at least 1 millisecond, got '0'",
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(`${name}, in one line with exit code 2`, async () => {
      const { code, out, err } = await run(argv);
      expect([code, out, err]).toEqual([2, '', `compaction-playground: ${message}\n`]);
    });
  }

  it('a transcript with nothing outside the keep-recent budget, with exit code 1', async () => {
    const { code, out, err } = await run(['compact', chatFile, '--provider', 'offline']);
    expect([code, out]).toEqual([1, '']);
    expect(err).toBe(
      'compaction-playground: nothing to compact: everything after the system prompt fits the keep-recent budget (70 ≤ 20,000 tokens); lower --keep-recent to compact more\n',
    );
  });
});

describe('compact against the local mock LLM server', () => {
  const KEY = 'test-key-SECRET-4242';
  let mock: MockLlm;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });
  beforeEach(() => {
    mock.requests.length = 0;
  });

  const compactWith = (provider: string, baseUrl: string, model = 'mock', ...more: string[]) =>
    run([
      'compact',
      chatFile,
      '--provider',
      provider,
      '--base-url',
      baseUrl,
      '--model',
      model,
      '--keep-recent',
      '30',
      ...more,
    ]);

  it("openai: sends the key from OPENAI_API_KEY as a bearer token and prints the model's summary", async () => {
    withEnv({ OPENAI_API_KEY: KEY });
    const { code, out, err } = await compactWith('openai', `${mock.url}/v1`);
    expect([code, err]).toEqual([0, '']);
    expect(mock.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/v1/chat/completions', `Bearer ${KEY}`],
    ]);
    expect(out).toContain('## Original Request\n"Fix the failing test in src/a.ts"\n');
    expect(out).toContain(
      '- Written by the local mock LLM server (model mock).\n\n<read-files>\nsrc/a.ts\n</read-files>\n',
    );
    expect(out).toContain(`summarizer  openai:mock at ${mock.url}/v1 (key from OPENAI_API_KEY)\n`);
    expect(out).toContain('flags       degraded no, split turn yes\n');
    expect(out).toContain('model       mock, response chatcmpl-mock\n');
    expect(out).not.toContain(KEY);
  });

  it('anthropic: sends the key from ANTHROPIC_API_KEY in x-api-key and reports usage and model', async () => {
    withEnv({ ANTHROPIC_API_KEY: KEY });
    const { code, out, err } = await compactWith('anthropic', mock.url, 'mock', '--json');
    expect([code, err]).toEqual([0, '']);
    expect(mock.requests.map((r) => [r.url, r.headers['x-api-key']])).toEqual([['/v1/messages', KEY]]);
    const doc = JSON.parse(out);
    expect(doc.summary).toContain('- Written by the local mock LLM server (model mock).');
    expect(doc.provider).toEqual({
      kind: 'anthropic',
      model: 'mock',
      baseUrl: mock.url,
      keyFrom: 'ANTHROPIC_API_KEY',
    });
    expect([doc.summarizer, doc.model, doc.degraded]).toEqual(['anthropic:mock', 'mock', false]);
    expect(doc.usage.completionTokens).toBeGreaterThan(0);
    expect(out).not.toContain(KEY);
  });

  it.each([
    ['gemini', '', 'GOOGLE_API_KEY', 'x-goog-api-key'],
    ['openai-responses', '/v1', 'OPENAI_API_KEY', 'authorization'],
    ['openai-compatible', '/v1', 'OPENAI_API_KEY', 'authorization'],
  ])('%s: reads the key from %s and sends it only in %s', async (provider, path, variable, header) => {
    withEnv({ [variable]: KEY });
    const { code, out } = await compactWith(provider, `${mock.url}${path}`);
    expect(code).toBe(0);
    expect(out).toContain(`(key from ${variable})`);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0].headers[header]).toContain(KEY);
    expect(mock.requests[0].url).not.toContain(KEY);
  });

  it('ollama runs without a key', async () => {
    const { code, out } = await compactWith('ollama', mock.url);
    expect(code).toBe(0);
    expect(out).toContain(`summarizer  ollama-native:mock at ${mock.url} (no key)\n`);
    expect(mock.requests[0].headers.authorization).toBeUndefined();
  });

  it("COMPACTION_PLAYGROUND_API_KEY wins over the provider's own variable", async () => {
    withEnv({ OPENAI_API_KEY: 'the-openai-key-0000', COMPACTION_PLAYGROUND_API_KEY: KEY });
    const { out } = await compactWith('openai', `${mock.url}/v1`);
    expect(mock.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(out).toContain('(key from COMPACTION_PLAYGROUND_API_KEY)');
  });

  it('a refused key (401) stops at once with the description on stderr and exit code 1', async () => {
    withEnv({ OPENAI_API_KEY: KEY });
    const { code, out, err } = await compactWith('openai', `${mock.url}/v1`, 'unauthorized');
    expect([code, out]).toEqual([1, '']);
    expect(mock.requests).toHaveLength(1);
    expect(err.split('\n')).toEqual([
      // The mock server is not OpenAI: the message names the server that refused.
      `compaction-playground: The server at ${mock.url} refused the API key`,
      expect.stringMatching(/^ {2}.*401/),
      '  Check that the key in OPENAI_API_KEY belongs to this provider and is still active.',
      '',
    ]);
    expect(err).not.toContain(KEY);
  });

  it('a provider that quotes the refused key back never gets it onto stderr or into --json', async () => {
    withEnv({ OPENAI_API_KEY: KEY });
    const plain = await compactWith('openai', `${mock.url}/v1`, 'echo-key');
    const json = await compactWith('openai', `${mock.url}/v1`, 'echo-key', '--json');
    expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(plain.err).toContain('Incorrect API key provided: [redacted].');
    expect([plain.code, json.code]).toEqual([1, 1]);
    for (const { out, err } of [plain, json]) expect(out + err).not.toContain(KEY);
  });

  it('a key streamed back in two pieces reaches neither the terminal, stdout nor --json', async () => {
    withEnv({ OPENAI_API_KEY: KEY });
    const args = ['--provider', 'openai', '--base-url', `${mock.url}/v1`, '--model', 'quote-key'];
    const terminal = await run(['compact', chatFile, ...args, '--keep-recent', '30'], { terminal: true });
    const json = await run(['compact', chatFile, ...args, '--keep-recent', '30', '--json']);
    expect([terminal.code, json.code]).toEqual([0, 0]);
    expect(terminal.streamed).toContain('\n- The key I was given: [redacted].');
    expect((JSON.parse(json.out) as { summary: string }).summary).toContain(
      '\n- The key I was given: [redacted].',
    );
    for (const { out, err, streamed } of [terminal, json]) {
      expect(out + err + streamed).not.toContain(KEY.slice(0, 10));
      expect(out + err + streamed).not.toContain(KEY.slice(10));
    }
  });

  it('a provider that never stops streaming is stopped at the answer cap, once, with exit code 1', async () => {
    withEnv({ OPENAI_API_KEY: KEY });
    const { code, out, err } = await compactWith('openai', `${mock.url}/v1`, 'endless');
    expect([code, out]).toEqual([1, '']);
    expect(mock.requests).toHaveLength(1);
    expect(err).toBe(
      [
        `compaction-playground: The answer from the server at ${mock.url} would not end`,
        `  The provider's answer passed 400,000 characters; it was stopped there, far beyond any real summary (${mock.url}/v1/chat/completions may ignore the token cap, or the model is repeating itself).`,
        '  Check that the server honours the token cap of the request (max_tokens), or choose another model; running again would stream as much once more.',
        '',
      ].join('\n'),
    );
  });

  it('a summary cut off by a length stop falls back to the raw archive and names the one cause', async () => {
    // The mock stops on "length" after 19 completion tokens of a 512-token cap: not the cap, the window.
    const { code, out } = await compactWith('ollama', mock.url, 'length');
    expect(code).toBe(0);
    expect(mock.requests).toHaveLength(2);
    expect(out).toContain('flags       degraded yes (raw archive), split turn yes\n');
    expect(out).toContain(
      'failed      summarization failed after 2 attempts: the summary stopped at 19 of its 512 tokens (finish reason "length"): the context window was full, not the cap reached, and it is incomplete\n',
    );
  });

  it('Ctrl-C stops a slow stream at once with exit code 130', async () => {
    const before = new Set(process.listeners('SIGINT'));
    const running = compactWith('ollama', mock.url, 'slow-200');
    await expect.poll(() => mock.requests.length).toBe(1);
    const added = process.listeners('SIGINT').filter((listener) => !before.has(listener));
    expect(added).toHaveLength(1);
    added[0]('SIGINT');
    const { code, out, err } = await running;
    expect([code, out, err]).toEqual([130, '', 'compaction-playground: stopped; nothing was compacted\n']);
    expect(process.listeners('SIGINT')).toHaveLength(before.size);
  });
});
