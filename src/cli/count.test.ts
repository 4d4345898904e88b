import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../testing/mock-llm/server';
import { CHAT, run, scratch, withEnv } from './testSupport.node';

const { file } = scratch('cp-count-');
const chatFile = file('chat.json', CHAT);

const KEY_NAMES = [
  'COMPACTION_PLAYGROUND_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
];
let restoreEnv: () => void = () => {};
beforeEach(() => {
  restoreEnv = withEnv({
    ...Object.fromEntries(KEY_NAMES.map((name) => [name, undefined])),
    COMPACTION_PLAYGROUND_API_KEY: 'test-key-count-0001',
  });
});
afterEach(() => restoreEnv());

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});

/*
 * The mock counts the characters of every string in the request but model, role and type names, by
 * three. For the small chat (84 o200k_base tokens by our estimate) that is, for Anthropic:
 * system 31 + user 32 + "Let me read it." 15 + tool_use id 6, name 9, path 8 + tool_result id 6,
 * output 20 + "Fixed." 6 + user 21 + "Done." 5 = 159 characters, 53 tokens. Gemini sends no ids but
 * names the tool twice (156, 52); OpenAI names the call twice and sends the arguments as text (170, 57).
 */
describe('count against the local mock server', () => {
  it.each([
    ['anthropic', '', 53, 0.631],
    ['gemini', '', 52, 0.619],
    ['openai', '/v1', 57, 0.679],
    ['openai-responses', '/v1', 57, 0.679],
  ])('%s: prints the provider count, our estimate and the scale', async (provider, path, tokens, scale) => {
    const args = [
      'count',
      chatFile,
      '--provider',
      provider,
      '--model',
      'mock',
      '--base-url',
      `${mock.url}${path}`,
    ];
    const { code, out, err } = await run(args);
    expect([code, err]).toEqual([0, '']);
    expect(out).toBe(
      [
        `provider    ${tokens} tokens (${provider}, mock)`,
        'estimate    84 tokens (o200k_base, scale 1)',
        `scale       ${scale} (--scale ${scale})`,
        '',
      ].join('\n'),
    );
  });

  it('--json prints {providerTokens, estimatedTokens, scale}, the estimate with the chosen tokenizer', async () => {
    const { code, out } = await run([
      'count',
      chatFile,
      '--provider',
      'anthropic',
      '--model',
      'mock',
      '--base-url',
      mock.url,
      '--tokenizer',
      'chars4',
      '--json',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(out) as { providerTokens: number; estimatedTokens: number; scale: number };
    // chars4, characters / 4 rounded up: 8 + 8 + (4 + 7 for the call) + 5 + 2 + 6 + 2 = 42; 53 / 42 = 1.262.
    expect(doc).toEqual({ providerTokens: 53, estimatedTokens: 42, scale: 1.262 });
    expect(Object.keys(doc)).toEqual(['providerTokens', 'estimatedTokens', 'scale']);
  });

  it('sends the key from the environment in the provider header and the browser-access header to Anthropic', async () => {
    mock.requests.length = 0;
    await run(['count', chatFile, '--provider', 'anthropic', '--model', 'mock', '--base-url', mock.url]);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({ method: 'POST', url: '/v1/messages/count_tokens' });
    expect(mock.requests[0].headers).toMatchObject({
      'x-api-key': 'test-key-count-0001',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });

  it('says what the provider refused and how to fix it from a terminal, exit 1', async () => {
    const { code, out, err } = await run([
      'count',
      chatFile,
      '--provider',
      'anthropic',
      '--model',
      'unauthorized',
      '--base-url',
      mock.url,
    ]);
    expect([code, out]).toEqual([1, '']);
    // The mock server is not Anthropic: the message names the server that refused.
    expect(err).toContain(`compaction-playground: The server at ${mock.url} refused the API key\n`);
    expect(err).toContain(
      'Check that the key in COMPACTION_PLAYGROUND_API_KEY belongs to this provider and is still active.',
    );
    expect(err).not.toContain('test-key-count-0001');
  });
});

describe('count on a server that never answers gives up after the stall timeout', () => {
  it('exits 1 naming the address called and the time waited, with the option that changes it', async () => {
    const { code, out, err } = await run([
      'count',
      chatFile,
      '--provider',
      'anthropic',
      '--model',
      'no-answer',
      '--base-url',
      mock.url,
      '--stall-timeout',
      '300',
    ]);
    expect([code, out]).toEqual([1, '']);
    expect(err).toBe(
      [
        `compaction-playground: The server at ${mock.url} did not answer`,
        `  ${mock.url}/v1/messages/count_tokens did not answer within 300 ms`,
        '  Try again; for a slow server, raise --stall-timeout.',
        '',
      ].join('\n'),
    );
  });

  it('waits out a slow server within the timeout', async () => {
    const argv = ['count', chatFile, '--provider', 'gemini', '--model', 'slow-50', '--base-url', mock.url];
    const { code, out } = await run([...argv, '--stall-timeout', '10000']);
    expect(code).toBe(0);
    expect(out).toContain('provider    52 tokens (gemini, slow-50)');
  });
});

describe('count: bad input', () => {
  it.each([
    [['count', chatFile], '--provider is required: one of anthropic, gemini, openai, openai-responses'],
    [
      ['count', chatFile, '--provider', 'ollama'],
      '--provider ollama has no token-counting endpoint: use one of anthropic, gemini, openai, openai-responses',
    ],
    [['count', '--provider', 'anthropic'], 'count needs exactly one FILE (see --help)'],
    [
      ['count', chatFile, '--provider', 'anthropic', '--stall-timeout', '0'],
      "--stall-timeout: expected at least 1 millisecond, got '0'",
    ],
    [
      ['count', chatFile, '--provider', 'anthropic', '--api-key', 'x'],
      '--api-key: keys are read from the environment only',
    ],
  ])('%j', async (argv, message) => {
    const { code, err } = await run(argv);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });

  it('needs a key for a hosted provider', async () => {
    restoreEnv();
    restoreEnv = withEnv(Object.fromEntries(KEY_NAMES.map((name) => [name, undefined])));
    const { code, err } = await run(['count', chatFile, '--provider', 'gemini']);
    expect(code).toBe(2);
    expect(err).toContain('--provider gemini needs an API key: set GEMINI_API_KEY or GOOGLE_API_KEY');
  });
});
