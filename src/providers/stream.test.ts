import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { streamProviderEvents } from './stream';
import {
  collect,
  failingFetch,
  fakeFetch,
  meaningful,
  silentFetch,
  sse,
  type FakeReply,
} from './testing/fakeFetch';

const call = { system: 's', prompt: 'p', maxTokens: 100, temperature: 0.3 };
const openai: ProviderConfig = {
  kind: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKey: 'sk-test-0000000000',
};

async function errorFor(reply: FakeReply, config: ProviderConfig = openai) {
  const events = await collect(
    streamProviderEvents(config, call, { signal: new AbortController().signal, fetch: fakeFetch(reply) }),
  );
  return events.at(-1);
}

const openAiError = (message: string, code: string | null, type = 'invalid_request_error') =>
  JSON.stringify({ error: { message, type, param: null, code } });

describe('a failed provider call', () => {
  it('turns 401 into an auth error carrying the status and the provider message', async () => {
    const body = openAiError('Incorrect API key provided: sk-test***0000.', 'invalid_api_key');
    expect(await errorFor({ status: 401, statusText: 'Unauthorized', body })).toEqual({
      type: 'error',
      kind: 'auth',
      status: 401,
      message:
        'https://api.openai.com/v1/chat/completions answered HTTP 401 Unauthorized: Incorrect API key provided: sk-test***0000.',
      providerMessage: 'Incorrect API key provided: sk-test***0000.',
    });
  });

  it('takes the key out of a provider message that quotes it, and out of the raw body', async () => {
    const body = openAiError(`Incorrect API key provided: ${openai.apiKey}. Check it.`, 'invalid_api_key');
    const events = await collect(
      streamProviderEvents(openai, call, {
        signal: new AbortController().signal,
        fetch: fakeFetch({ status: 401, body }),
      }),
    );
    expect(JSON.stringify(events)).not.toContain(openai.apiKey);
    expect(events.at(-1)).toMatchObject({
      kind: 'auth',
      message:
        'https://api.openai.com/v1/chat/completions answered HTTP 401: Incorrect API key provided: [redacted]. Check it.',
      providerMessage: 'Incorrect API key provided: [redacted]. Check it.',
    });
  });

  it('keeps the error body as a raw event for the raw-stream tab', async () => {
    const body = openAiError('nope', 'invalid_api_key');
    const events = await collect(
      streamProviderEvents(openai, call, {
        signal: new AbortController().signal,
        fetch: fakeFetch({ status: 401, body }),
      }),
    );
    expect(events[0]).toEqual({ type: 'raw', event: 'http 401', data: body });
  });

  it('turns 429 into a rate limit', async () => {
    const body = openAiError(
      'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3.',
      'rate_limit_exceeded',
      'requests',
    );
    expect(await errorFor({ status: 429, body })).toMatchObject({ kind: 'rate-limit', status: 429 });
  });

  it('turns 429 insufficient_quota into a quota error, which is not retried', async () => {
    const body = openAiError(
      'You exceeded your current quota, please check your plan and billing details.',
      'insufficient_quota',
      'insufficient_quota',
    );
    expect(await errorFor({ status: 429, body })).toMatchObject({ kind: 'quota', status: 429 });
  });

  it("turns Anthropic's low credit balance into a billing error", async () => {
    const body = JSON.stringify({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'Your credit balance is too low to access the Anthropic API.',
      },
    });
    const anthropic: ProviderConfig = {
      kind: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      model: 'claude-haiku-4-5',
      apiKey: 'sk-ant-000000',
    };
    expect(await errorFor({ status: 400, body }, anthropic)).toMatchObject({
      kind: 'billing',
      providerMessage: 'Your credit balance is too low to access the Anthropic API.',
    });
  });

  it('turns 402 into a billing error', async () => {
    expect(
      await errorFor({ status: 402, body: '{"error":{"message":"Insufficient credits","code":402}}' }),
    ).toMatchObject({ kind: 'billing' });
  });

  it('turns a context-length error into an overflow', async () => {
    const body = openAiError(
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 213462 tokens.",
      'context_length_exceeded',
    );
    expect(await errorFor({ status: 400, body })).toMatchObject({ kind: 'overflow', status: 400 });
  });

  it('turns 413 without a body into an overflow', async () => {
    expect(await errorFor({ status: 413, body: '' })).toMatchObject({
      kind: 'overflow',
      status: 413,
      providerMessage: undefined,
    });
  });

  it('turns another HTTP error into an http error with the body text as the provider message', async () => {
    expect(await errorFor({ status: 502, body: 'Bad gateway' })).toMatchObject({
      kind: 'http',
      status: 502,
      providerMessage: 'Bad gateway',
    });
  });

  it('turns a failed fetch into an unreachable error that names the address called and mentions CORS', async () => {
    const events = await collect(
      streamProviderEvents(openai, call, {
        signal: new AbortController().signal,
        fetch: failingFetch('Failed to fetch'),
      }),
    );
    expect(events).toEqual([
      {
        type: 'error',
        kind: 'unreachable',
        message:
          'Could not reach https://api.openai.com/v1/chat/completions (Failed to fetch). The server may be down or at another address, or it may not allow requests from this page (CORS).',
      },
    ]);
  });

  it('turns a 200 answer that is not a stream into a protocol error that quotes it', async () => {
    const event = await errorFor({
      body: '<!doctype html><title>Login</title>',
      headers: { 'content-type': 'text/html' },
    });
    expect(event).toEqual({
      type: 'error',
      kind: 'protocol',
      message:
        'https://api.openai.com/v1/chat/completions did not answer with a stream (is the base URL right?). It sent: <!doctype html><title>Login</title>',
    });
  });
});

describe('aborting a call', () => {
  it('passes the signal to fetch', async () => {
    const fetch = fakeFetch({ body: sse('[DONE]') });
    const controller = new AbortController();
    await collect(streamProviderEvents(openai, call, { signal: controller.signal, fetch }));
    expect(fetch.calls[0].init.signal).toBe(controller.signal);
  });

  it('throws the abort reason while waiting for a server that never answers', async () => {
    const controller = new AbortController();
    const reason = new Error('stalled');
    const pending = collect(
      streamProviderEvents(openai, call, { signal: controller.signal, fetch: silentFetch() }),
    );
    setTimeout(() => controller.abort(reason), 5);
    await expect(pending).rejects.toBe(reason);
  });

  it('throws the abort reason in the middle of a stream that has gone quiet', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const body = sse(
      JSON.stringify({
        id: 'c',
        model: 'm',
        choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }],
      }),
    );
    const seen: string[] = [];
    const run = async () => {
      for await (const event of streamProviderEvents(openai, call, {
        signal: controller.signal,
        fetch: fakeFetch({ body, hang: true }),
      })) {
        seen.push(event.type);
        if (event.type === 'text') setTimeout(() => controller.abort(reason), 5);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(seen).toEqual(['raw', 'response', 'text']);
  });

  it('does not call fetch when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    const fetch = fakeFetch({ body: '' });
    await expect(
      collect(streamProviderEvents(openai, call, { signal: controller.signal, fetch })),
    ).rejects.toThrow('too late');
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('the meaningful events of a call', () => {
  it('are text, reasoning, usage, finish, response and error; everything else is raw', async () => {
    const body = sse(
      JSON.stringify({
        id: 'c',
        model: 'm',
        choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'stop' }],
      }),
      '[DONE]',
    );
    const events = await collect(
      streamProviderEvents(openai, call, {
        signal: new AbortController().signal,
        fetch: fakeFetch({ body }),
      }),
    );
    expect(meaningful(events).map((e) => e.type)).toEqual(['response', 'text', 'finish']);
  });
});
