import { describe, expect, it } from 'vitest';
import { isFatalSummarizerError } from '../core/summarizer';
import type { ProviderConfig } from './config';
import { countProviderTokens } from './countTokens';
import { describeProviderError } from './describeError';
import { MAX_REDIRECTS, sendProviderRequest, type FetchLike } from './send';
import { streamProviderEvents } from './stream';
import { collect, fakeFetch, sse, type FakeCall } from './testing/fakeFetch';

const KEY = 'sk-ant-test-redirect-0001';
const anthropic: ProviderConfig = {
  kind: 'anthropic',
  baseUrl: 'https://gateway.example.com',
  model: 'claude-haiku-4-5',
  apiKey: KEY,
};
const gemini: ProviderConfig = {
  kind: 'gemini',
  baseUrl: 'https://generativelanguage.googleapis.com',
  model: 'gemini-2.5-flash',
  apiKey: KEY,
};
const call = { system: 's', prompt: 'p', maxTokens: 100, temperature: 0.3 };
const messages = [{ id: 'u', role: 'user' as const, content: 'Count me.' }];
const signal = () => new AbortController().signal;

/** A fetch that answers each call with the next of `replies`, recording the calls. */
function replying(...replies: ((call: FakeCall) => Response)[]): FetchLike & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = replies[Math.min(calls.length, replies.length) - 1];
    return next(call);
  };
  return Object.assign(fetch, { calls });
}

/** What Node's fetch gives for `redirect: 'manual'`: the 3xx itself, with its Location. */
const redirect = (status: number, location: string) => () =>
  new Response('moved', { status, headers: { location } });

/** What a browser's fetch gives for `redirect: 'manual'`: status 0 and no headers at all. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

const countAnswer = () =>
  new Response(JSON.stringify({ input_tokens: 12 }), { headers: { 'content-type': 'application/json' } });

async function lastEvent(config: ProviderConfig, fetch: FetchLike) {
  return (await collect(streamProviderEvents(config, call, { signal: signal(), fetch }))).at(-1);
}

describe('keys do not follow a redirect to another host', () => {
  it('every keyed request asks fetch not to follow redirects itself, so fetch never re-sends the key', async () => {
    const stream = fakeFetch({ body: sse(['message_stop', { type: 'message_stop' }]) });
    await collect(streamProviderEvents(anthropic, call, { signal: signal(), fetch: stream }));
    const count = fakeFetch({ body: '{"totalTokens":3}', headers: { 'content-type': 'application/json' } });
    await countProviderTokens(gemini, messages, { fetch: count });
    expect([stream.calls[0].init.redirect, count.calls[0].init.redirect]).toEqual(['manual', 'manual']);
    expect(stream.calls[0].init.headers).toMatchObject({ 'x-api-key': KEY });
    expect(count.calls[0].init.headers).toMatchObject({ 'x-goog-api-key': KEY });
  });

  it('a preview stream answered 307 to another origin fails with the redirect, calling only the first server', async () => {
    const fetch = replying(redirect(307, 'https://collector.example.net/v1/messages'));
    expect(await lastEvent(anthropic, fetch)).toEqual({
      type: 'error',
      kind: 'redirect',
      status: 307,
      message:
        'The server at https://gateway.example.com redirected to another address (https://collector.example.net/v1/messages); a request with your key does not follow it.',
    });
    expect(fetch.calls.map((c) => c.url)).toEqual(['https://gateway.example.com/v1/messages']);
  });

  it('a count answered 308 to another origin is a ProviderError described with its fix, and stops a compaction', async () => {
    const fetch = replying(redirect(308, 'https://collector.example.net/count'));
    const error = await countProviderTokens(gemini, messages, { fetch }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The server at https://generativelanguage.googleapis.com redirected to another address (https://collector.example.net/count); a request with your key does not follow it.',
    );
    expect(isFatalSummarizerError(error)).toBe(true);
    expect(describeProviderError(error)).toMatchObject({
      category: 'redirect',
      title: 'Google Gemini sent the call to another address',
      status: 308,
      fix: 'If that address is where the service now answers, and you trust it, make it the base URL; otherwise check the base URL.',
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it("a browser's opaque redirect, which hides where it points, is refused with words that say so", async () => {
    const fetch = replying(opaqueRedirect);
    expect(await lastEvent(anthropic, fetch)).toEqual({
      type: 'error',
      kind: 'redirect',
      message:
        'The server at https://gateway.example.com redirected to another address (the browser does not say which); a request with your key does not follow it.',
    });
    await expect(
      countProviderTokens(anthropic, messages, { fetch: replying(opaqueRedirect) }),
    ).rejects.toThrow(
      'The server at https://gateway.example.com redirected to another address (the browser does not say which); a request with your key does not follow it.',
    );
  });

  it('a request without a key says it is the transcript that does not follow', async () => {
    const ollama: ProviderConfig = { kind: 'ollama', baseUrl: 'http://localhost:11434', model: 'llama3' };
    const fetch = replying(redirect(307, 'http://10.0.0.9:11434/api/chat'));
    expect(await lastEvent(ollama, fetch)).toMatchObject({
      kind: 'redirect',
      message:
        'The server at http://localhost:11434 redirected to another address (http://10.0.0.9:11434/api/chat); a request with your transcript does not follow it.',
    });
  });

  it('follows a 307 on the same server by hand, with the same method, headers and body', async () => {
    const fetch = replying(redirect(307, '/v1/messages/count_tokens/'), countAnswer);
    expect(await countProviderTokens(anthropic, messages, { fetch })).toBe(12);
    expect(fetch.calls.map((c) => c.url)).toEqual([
      'https://gateway.example.com/v1/messages/count_tokens',
      'https://gateway.example.com/v1/messages/count_tokens/',
    ]);
    const [first, second] = fetch.calls.map((c) => c.init);
    expect(second).toEqual(first);
    expect(second.redirect).toBe('manual');
  });

  it('refuses a same-server redirect that would change the request, and a loop', async () => {
    const moved = replying(redirect(301, 'https://gateway.example.com/v2/messages'));
    expect(await lastEvent(anthropic, moved)).toMatchObject({
      kind: 'redirect',
      status: 301,
      message:
        'The server at https://gateway.example.com redirected to https://gateway.example.com/v2/messages (HTTP 301); only a 307 or 308 redirect on the same server is followed, at most 5 in a row.',
    });
    const loop = replying(redirect(307, 'https://gateway.example.com/v1/messages'));
    expect(await lastEvent(anthropic, loop)).toMatchObject({ kind: 'redirect', status: 307 });
    expect(loop.calls).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('passes any other answer through untouched, errors and 304 included', async () => {
    const notModified = new Response(null, { status: 304 });
    const fetch = replying(() => notModified);
    const request = { url: 'https://a.example/x', method: 'POST' as const, headers: {}, body: '{}' };
    expect(await sendProviderRequest(request, { fetch })).toBe(notModified);
  });

  it('takes the key out of a redirect address that quotes it', async () => {
    const fetch = replying(redirect(307, `https://collector.example.net/?stolen=${KEY}`));
    const error = await countProviderTokens(anthropic, messages, { fetch }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The server at https://gateway.example.com redirected to another address (https://collector.example.net/?stolen=[redacted]); a request with your key does not follow it.',
    );
    expect(await lastEvent(anthropic, replying(redirect(307, `https://c.example/?k=${KEY}`)))).toMatchObject({
      message:
        'The server at https://gateway.example.com redirected to another address (https://c.example/?k=[redacted]); a request with your key does not follow it.',
    });
  });
});
