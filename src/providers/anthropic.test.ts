import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { buildProviderRequest, streamProviderEvents } from './stream';
import { collect, fakeFetch, meaningful, sse } from './testing/fakeFetch';

const call = { system: 'You summarize.', prompt: 'The transcript.', maxTokens: 4096, temperature: 0.3 };
const config: ProviderConfig = {
  kind: 'anthropic',
  baseUrl: 'https://api.anthropic.com',
  model: 'claude-haiku-4-5',
  apiKey: 'sk-ant-test-1234',
};

const ev = (type: string, fields: object = {}) => [type, { type, ...fields }] as const;
const start = ev('message_start', {
  message: {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude-haiku-4-5-20251001',
    stop_reason: null,
    usage: {
      input_tokens: 25,
      cache_creation_input_tokens: 1000,
      cache_read_input_tokens: 2000,
      output_tokens: 1,
    },
  },
});

function run(body: string) {
  return collect(
    streamProviderEvents(config, call, { signal: new AbortController().signal, fetch: fakeFetch({ body }) }),
  );
}

describe('Anthropic Messages', () => {
  it('builds a streaming request with x-api-key, the API version and the browser-access header', () => {
    expect(buildProviderRequest(config, call)).toEqual({
      url: 'https://api.anthropic.com/v1/messages',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'sk-ant-test-1234',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: JSON.stringify({
        model: 'claude-haiku-4-5',
        max_tokens: 4096,
        system: 'You summarize.',
        messages: [{ role: 'user', content: 'The transcript.' }],
        temperature: 0.3,
        stream: true,
      }),
    });
  });

  it('accepts a base URL that already ends in /v1', () => {
    expect(buildProviderRequest({ ...config, baseUrl: 'https://proxy.example/v1/' }, call).url).toBe(
      'https://proxy.example/v1/messages',
    );
  });

  it('maps thinking and text deltas, the stop reason, and usage with cached input counted in the prompt', async () => {
    const body = sse(
      start,
      ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Sections first.' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'abc' } }),
      ev('content_block_stop', { index: 0 }),
      ev('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
      ev('ping'),
      ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: '## Goal\n' } }),
      ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Ship.' } }),
      ev('content_block_stop', { index: 1 }),
      ev('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 42 },
      }),
      ev('message_stop'),
    );
    expect(meaningful(await run(body))).toEqual([
      { type: 'response', model: 'claude-haiku-4-5-20251001', responseId: 'msg_01' },
      { type: 'reasoning', delta: 'Sections first.' },
      { type: 'text', delta: '## Goal\n' },
      { type: 'text', delta: 'Ship.' },
      { type: 'usage', usage: { promptTokens: 3025, completionTokens: 42, cachedTokens: 2000 } },
      { type: 'finish', reason: 'end_turn' },
    ]);
  });

  it('passes max_tokens through as the raw finish reason', async () => {
    const body = sse(
      start,
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Cut' } }),
      ev('message_delta', { delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 4096 } }),
      ev('message_stop'),
    );
    expect(meaningful(await run(body)).at(-1)).toEqual({ type: 'finish', reason: 'max_tokens' });
  });

  it('reports an overloaded error event in the middle of the stream as a retryable http error', async () => {
    const body = sse(start, ev('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(meaningful(await run(body)).at(-1)).toEqual({
      type: 'error',
      kind: 'http',
      message: 'The provider reported an error in the middle of the stream: Overloaded',
      providerMessage: 'Overloaded',
    });
  });

  it('reports a stream that ends before message_delta as cut off', async () => {
    const body = sse(
      start,
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Cu' } }),
    );
    expect(meaningful(await run(body)).at(-1)).toMatchObject({ type: 'error', kind: 'protocol' });
  });
});
