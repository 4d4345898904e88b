import { describe, expect, it } from 'vitest';
import { SummarizerError, isFatalSummarizerError, type SummaryRequest } from '../core/summarizer';
import type { ProviderConfig } from './config';
import type { ProviderEvent, ProviderHttpRequest } from './events';
import { ProviderError, createProviderSummarizer } from './summarizer';
import { collect, endlessFetch, failingFetch, fakeFetch, sse } from './testing/fakeFetch';

const config: ProviderConfig = {
  kind: 'anthropic',
  baseUrl: 'https://api.anthropic.com',
  model: 'claude-haiku-4-5',
  apiKey: 'sk-ant-secret-key-42',
};

function request(signal = new AbortController().signal): SummaryRequest {
  return {
    part: 'history',
    system: 'You summarize.',
    prompt: 'The transcript.',
    maxTokens: 100,
    temperature: 0.3,
    signal,
  };
}

const ev = (type: string, fields: object = {}) => [type, { type, ...fields }] as const;
const STREAM = sse(
  ev('message_start', {
    message: {
      id: 'msg_1',
      model: 'claude-haiku-4-5-20251001',
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  }),
  ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Hm.' } }),
  ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: '## Goal' } }),
  ev('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } }),
  ev('message_stop'),
);

describe('createProviderSummarizer', () => {
  it('is labelled with the preset and the model', () => {
    expect(createProviderSummarizer(config).label).toBe('anthropic:claude-haiku-4-5');
    expect(
      createProviderSummarizer({
        kind: 'openai-compatible',
        preset: 'groq',
        baseUrl: 'https://api.groq.com/openai/v1',
        model: 'llama',
      }).label,
    ).toBe('groq:llama');
  });

  it('streams the provider events as summary chunks', async () => {
    const summarizer = createProviderSummarizer(config, { fetch: fakeFetch({ body: STREAM }) });
    expect(await collect(summarizer.stream(request()))).toEqual([
      { type: 'response', model: 'claude-haiku-4-5-20251001', responseId: 'msg_1' },
      { type: 'reasoning', text: 'Hm.' },
      { type: 'text', text: '## Goal' },
      { type: 'usage', usage: { promptTokens: 10, completionTokens: 3 } },
      { type: 'finish', reason: 'end_turn' },
    ]);
  });

  it('lets a caller see every event, raw ones included, with the part it belongs to', async () => {
    const seen: [ProviderEvent['type'], string][] = [];
    const summarizer = createProviderSummarizer(config, {
      fetch: fakeFetch({ body: STREAM }),
      onEvent: (event, part) => seen.push([event.type, part]),
    });
    await collect(summarizer.stream(request()));
    expect(seen.filter(([type]) => type === 'raw')).toHaveLength(5);
    expect(seen.every(([, part]) => part === 'history')).toBe(true);
  });

  it('shows the caller the request it sends, with the key redacted', async () => {
    const shown: ProviderHttpRequest[] = [];
    const fetch = fakeFetch({ body: STREAM });
    const summarizer = createProviderSummarizer(config, { fetch, onRequest: (r) => shown.push(r) });
    await collect(summarizer.stream(request()));
    expect(shown[0].headers['x-api-key']).toBe('[redacted]');
    expect(JSON.stringify(shown)).not.toContain('sk-ant-secret-key-42');
    expect(new Headers(fetch.calls[0].init.headers).get('x-api-key')).toBe('sk-ant-secret-key-42');
  });

  it('throws an auth ProviderError, which the core treats as fatal, on 401', async () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    const summarizer = createProviderSummarizer(config, { fetch: fakeFetch({ status: 401, body }) });
    const error = await collect(summarizer.stream(request())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toBeInstanceOf(SummarizerError);
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      providerMessage: 'invalid x-api-key',
      preset: 'anthropic',
    });
    expect(isFatalSummarizerError(error)).toBe(true);
  });

  it('throws a fatal unreachable error naming the URL called when no server answers', async () => {
    const gateway = { ...config, baseUrl: 'http://127.0.0.1:9' };
    const summarizer = createProviderSummarizer(gateway, { fetch: failingFetch('Failed to fetch') });
    const error = await collect(summarizer.stream(request())).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'unreachable',
      preset: 'anthropic',
      baseUrl: 'http://127.0.0.1:9',
      url: 'http://127.0.0.1:9/v1/messages',
    });
    expect((error as Error).message).toContain(
      'Could not reach http://127.0.0.1:9/v1/messages (Failed to fetch)',
    );
    expect((error as Error).message).not.toContain('anthropic.com');
    expect(isFatalSummarizerError(error)).toBe(true);
  });

  it('throws a fatal too-long error, and stops reading, when the answer would not end', async () => {
    const delta = ev('content_block_delta', {
      index: 0,
      delta: { type: 'text_delta', text: 'x'.repeat(1000) },
    });
    const fetch = endlessFetch(sse(delta), { totalBytes: 16 * 1024 * 1024 });
    const summarizer = createProviderSummarizer(config, { fetch });
    const error = await collect(summarizer.stream(request())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'too-long', url: 'https://api.anthropic.com/v1/messages' });
    expect(isFatalSummarizerError(error)).toBe(true);
    expect(fetch.body.cancelled).toBe(true);
  });

  it('throws an overflow error that is not fatal, so the core can fall back', async () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 213462 tokens > 200000 maximum' },
    });
    const summarizer = createProviderSummarizer(config, { fetch: fakeFetch({ status: 400, body }) });
    const error = await collect(summarizer.stream(request())).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'overflow', status: 400 });
    expect(isFatalSummarizerError(error)).toBe(false);
  });

  it("rethrows the signal's reason when the core aborts a quiet stream", async () => {
    const controller = new AbortController();
    const stall = new Error('stall');
    const summarizer = createProviderSummarizer(config, { fetch: fakeFetch({ body: '', hang: true }) });
    const pending = collect(summarizer.stream(request(controller.signal)));
    setTimeout(() => controller.abort(stall), 5);
    await expect(pending).rejects.toBe(stall);
  });
});
