import { describe, expect, it, vi } from 'vitest';
import { StallError } from '../core/errors';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import type { ProviderConfig } from './config';
import { buildCountRequest, canCount, countExactly, countProviderTokens } from './countTokens';
import { describeProviderError } from './describeError';
import { fakeFetch, silentFetch } from './testing/fakeFetch';

const messages: Message[] = [
  { id: 's', role: 'system', content: 'You are a coding agent.' },
  { id: 'u', role: 'user', content: 'Read the parser.' },
  {
    id: 'a',
    role: 'assistant',
    content: '',
    reasoning: 'Start with the parser.',
    toolCalls: [{ id: 'c1', name: 'read', arguments: '{"path":"src/parser.ts"}' }],
  },
  { id: 't', role: 'tool', toolCallId: 'c1', toolName: 'read', content: 'export function parse() {}' },
  { id: 'u2', role: 'user', content: 'Thanks.' },
  { id: 'a2', role: 'assistant', content: 'Done.' },
];

const config = (kind: ProviderConfig['kind'], baseUrl: string, model: string): ProviderConfig => ({
  kind,
  baseUrl,
  model,
  apiKey: 'sk-test-1234567890',
});

const bodyOf = (request: { body?: string }) => JSON.parse(request.body!) as unknown;

describe('the counting request of each provider', () => {
  it('Anthropic: count_tokens with the browser-access header, tool blocks, and no reasoning', () => {
    const request = buildCountRequest(
      config('anthropic', 'https://api.anthropic.com', 'claude-haiku-4-5'),
      messages,
    );
    expect(request.url).toBe('https://api.anthropic.com/v1/messages/count_tokens');
    expect(request.headers).toMatchObject({
      'x-api-key': 'sk-test-1234567890',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(bodyOf(request)).toEqual({
      model: 'claude-haiku-4-5',
      system: 'You are a coding agent.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Read the parser.' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'c1', name: 'read', input: { path: 'src/parser.ts' } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: 'export function parse() {}' },
            { type: 'text', text: 'Thanks.' },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
  });

  it('Gemini: countTokens on the model, the whole request with its system instruction', () => {
    const request = buildCountRequest(
      config('gemini', 'https://generativelanguage.googleapis.com', 'gemini-2.5-flash'),
      messages,
    );
    expect(request.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:countTokens',
    );
    expect(request.headers['x-goog-api-key']).toBe('sk-test-1234567890');
    expect(request.url).not.toContain('key=');
    expect(bodyOf(request)).toEqual({
      generateContentRequest: {
        model: 'models/gemini-2.5-flash',
        contents: [
          { role: 'user', parts: [{ text: 'Read the parser.' }] },
          { role: 'model', parts: [{ functionCall: { name: 'read', args: { path: 'src/parser.ts' } } }] },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'read', response: { content: 'export function parse() {}' } } },
              { text: 'Thanks.' },
            ],
          },
          { role: 'model', parts: [{ text: 'Done.' }] },
        ],
        systemInstruction: { parts: [{ text: 'You are a coding agent.' }] },
      },
    });
  });

  it('OpenAI: responses/input_tokens with messages, function calls and their outputs', () => {
    const request = buildCountRequest(config('openai', 'https://api.openai.com/v1', 'gpt-5'), messages);
    expect(request.url).toBe('https://api.openai.com/v1/responses/input_tokens');
    expect(request.headers.authorization).toBe('Bearer sk-test-1234567890');
    expect(bodyOf(request)).toEqual({
      model: 'gpt-5',
      input: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: 'Read the parser.' },
        { type: 'function_call', call_id: 'c1', name: 'read', arguments: '{"path":"src/parser.ts"}' },
        { type: 'function_call_output', call_id: 'c1', output: 'export function parse() {}' },
        { role: 'user', content: 'Thanks.' },
        { role: 'assistant', content: 'Done.' },
      ],
    });
  });

  it('only these protocols can count', () => {
    expect(
      ['anthropic', 'gemini', 'openai', 'openai-responses', 'openai-compatible', 'ollama'].map((k) =>
        canCount(k as ProviderConfig['kind']),
      ),
    ).toEqual([true, true, true, true, false, false]);
  });
});

describe('reading the count', () => {
  const json = (body: unknown, status = 200) =>
    fakeFetch({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it("takes each provider's own field", async () => {
    const anthropic = config('anthropic', 'https://api.anthropic.com', 'claude-haiku-4-5');
    const gemini = config('gemini', 'https://generativelanguage.googleapis.com', 'gemini-2.5-flash');
    const openai = config('openai-responses', 'https://api.openai.com/v1', 'gpt-5');
    expect(await countProviderTokens(anthropic, messages, { fetch: json({ input_tokens: 57 }) })).toBe(57);
    expect(await countProviderTokens(gemini, messages, { fetch: json({ totalTokens: 61 }) })).toBe(61);
    expect(
      await countProviderTokens(openai, messages, {
        fetch: json({ object: 'response.input_tokens', input_tokens: 49 }),
      }),
    ).toBe(49);
  });

  it('sets the count beside our estimate at scale 1, whatever scale the estimator has', async () => {
    const chars4 = createEstimator('chars4', () => 0, 1.4);
    const estimate = createEstimator('chars4', () => 0).countMessages(messages);
    const result = await countExactly(
      config('anthropic', 'https://api.anthropic.com', 'claude-haiku-4-5'),
      messages,
      chars4,
      { fetch: json({ input_tokens: estimate * 2 }) },
    );
    expect(result).toEqual({ providerTokens: estimate * 2, estimatedTokens: estimate, scale: 2 });
  });

  it('turns a refusal into an error described like a failed summary, without the key', async () => {
    const error = await countProviderTokens(config('anthropic', 'https://api.anthropic.com', 'm'), messages, {
      fetch: json(
        {
          type: 'error',
          error: { type: 'authentication_error', message: 'invalid x-api-key sk-test-1234567890' },
        },
        401,
      ),
    }).catch((e: unknown) => e);
    expect(describeProviderError(error)).toMatchObject({ category: 'auth' });
    expect(String((error as Error).message)).not.toContain('sk-test-1234567890');
    expect((error as Error).message).toBe(
      'https://api.anthropic.com answered HTTP 401: invalid x-api-key [redacted]',
    );
  });

  it('refuses an answer without a count', async () => {
    await expect(
      countProviderTokens(config('gemini', 'https://generativelanguage.googleapis.com', 'm'), messages, {
        fetch: json({ totalTokens: 'many' }),
      }),
    ).rejects.toThrow(
      'https://generativelanguage.googleapis.com answered without a token count: {"totalTokens":"many"}',
    );
  });
});

describe('a count on a server that never answers gives up after the stall timeout', () => {
  const anthropic = config('anthropic', 'https://api.anthropic.com', 'claude-haiku-4-5');
  /** A fetch that neither answers nor listens to its signal: the count must end by itself. */
  const neverFetch = () => new Promise<Response>(() => {});

  it('rejects with a timeout naming the address and the time waited, described with its fix', async () => {
    const error = await countProviderTokens(anthropic, messages, { fetch: neverFetch, timeoutMs: 20 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StallError);
    expect((error as Error).message).toBe(
      'https://api.anthropic.com/v1/messages/count_tokens did not answer within 20 ms',
    );
    expect(describeProviderError(error, { config: anthropic })).toEqual({
      category: 'stall',
      title: 'Anthropic did not answer',
      detail: 'https://api.anthropic.com/v1/messages/count_tokens did not answer within 20 ms',
      fix: 'Try again; for a slow local model, raise the stall timeout in the settings.',
    });
  });

  it('gives up on an answer whose body never ends, and aborts the request it gave up on', async () => {
    const hanging = fakeFetch({
      body: '{"input_tokens":',
      hang: true,
      headers: { 'content-type': 'application/json' },
    });
    await expect(countProviderTokens(anthropic, messages, { fetch: hanging, timeoutMs: 20 })).rejects.toThrow(
      'https://api.anthropic.com/v1/messages/count_tokens did not answer within 20 ms',
    );
    expect(hanging.calls[0].init.signal?.aborted).toBe(true);
  });

  it('waits the default stall timeout, 120 s, when none is given', async () => {
    vi.useFakeTimers();
    try {
      const silent = silentFetch();
      const counting = countExactly(
        anthropic,
        messages,
        createEstimator('chars4', () => 0),
        { fetch: silent },
      );
      const outcome = counting.then(
        () => 'answered',
        (e: unknown) => (e as Error).message,
      );
      await vi.advanceTimersByTimeAsync(119_999);
      expect(silent.calls).toHaveLength(1);
      expect(silent.calls[0].init.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe(
        'https://api.anthropic.com/v1/messages/count_tokens did not answer within 120 s',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("a Cancel before the timeout rejects with the user's own reason", async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    const counting = countProviderTokens(anthropic, messages, {
      fetch: neverFetch,
      signal: controller.signal,
      timeoutMs: 60_000,
    });
    controller.abort(reason);
    await expect(counting).rejects.toBe(reason);
  });
});
