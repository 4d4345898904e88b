import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { buildProviderRequest, streamProviderEvents } from './stream';
import { collect, fakeFetch, meaningful, sse } from './testing/fakeFetch';

const call = { system: 'You summarize.', prompt: 'The transcript.', maxTokens: 1024, temperature: 0.3 };
const groq: ProviderConfig = {
  kind: 'openai-compatible',
  preset: 'groq',
  baseUrl: 'https://api.groq.com/openai/v1/',
  model: 'llama-3.3-70b-versatile',
  apiKey: 'gsk-test-key-123456',
};

const chunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, delta, finish_reason: finish }],
  usage: null,
});

/** The shape of a real gpt-4o-mini stream with include_usage. */
const RECORDED = sse(
  JSON.stringify(chunk({ role: 'assistant', content: '' })),
  JSON.stringify(chunk({ content: '## Goal' })),
  JSON.stringify(chunk({ content: '\nFix the build.' })),
  JSON.stringify(chunk({}, 'stop')),
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [],
    usage: {
      prompt_tokens: 1200,
      completion_tokens: 9,
      total_tokens: 1209,
      prompt_tokens_details: { cached_tokens: 1024 },
      completion_tokens_details: { reasoning_tokens: 0 },
    },
  }),
  '[DONE]',
);

function run(body: string, config: ProviderConfig = groq, chunkBytes?: number) {
  const fetch = fakeFetch({ body, chunkBytes });
  const signal = new AbortController().signal;
  return collect(streamProviderEvents(config, call, { signal, fetch }));
}

describe('OpenAI-compatible Chat Completions', () => {
  it('builds a streaming request that asks for usage, with only content-type and a bearer key', () => {
    expect(buildProviderRequest(groq, call)).toEqual({
      url: 'https://api.groq.com/openai/v1/chat/completions',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer gsk-test-key-123456' },
      body: JSON.stringify({
        model: 'llama-3.3-70b-versatile',
        messages: [
          { role: 'system', content: 'You summarize.' },
          { role: 'user', content: 'The transcript.' },
        ],
        max_tokens: 1024,
        temperature: 0.3,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
  });

  it('sends no authorization header to a local server without a key', () => {
    const request = buildProviderRequest(
      {
        kind: 'openai-compatible',
        preset: 'ollama',
        baseUrl: 'http://localhost:11434/v1',
        model: 'llama3.2',
      },
      call,
    );
    expect(request.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('uses max_completion_tokens for OpenAI, and leaves out temperature for its reasoning models', () => {
    const body = (model: string) =>
      JSON.parse(
        buildProviderRequest(
          { kind: 'openai', baseUrl: 'https://api.openai.com/v1', model, apiKey: 'sk-x' },
          call,
        ).body,
      );
    expect(body('gpt-4.1-mini')).toMatchObject({ max_completion_tokens: 1024, temperature: 0.3 });
    expect(body('o4-mini')).not.toHaveProperty('temperature');
    expect(body('gpt-5-mini')).not.toHaveProperty('temperature');
    expect(body('gpt-5-mini')).not.toHaveProperty('max_tokens');
  });

  it('adds the headers a user chose, such as OpenRouter attribution', () => {
    const request = buildProviderRequest(
      {
        kind: 'openai-compatible',
        preset: 'openrouter',
        baseUrl: 'https://openrouter.ai/api/v1',
        model: 'openai/gpt-4o',
        apiKey: 'sk-or-1',
        extraHeaders: { 'X-Title': 'Compaction Playground' },
      },
      call,
    );
    expect(request.headers).toEqual({
      'content-type': 'application/json',
      authorization: 'Bearer sk-or-1',
      'X-Title': 'Compaction Playground',
    });
  });

  it('maps a recorded stream to response, text deltas, the raw finish reason and usage', async () => {
    expect(meaningful(await run(RECORDED))).toEqual([
      { type: 'response', model: 'gpt-4o-mini-2024-07-18', responseId: 'chatcmpl-1' },
      { type: 'text', delta: '## Goal' },
      { type: 'text', delta: '\nFix the build.' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { promptTokens: 1200, completionTokens: 9, cachedTokens: 1024, reasoningTokens: 0 },
      },
    ]);
  });

  it('keeps every SSE data string, [DONE] included, as a raw event', async () => {
    const raw = (await run(RECORDED)).filter((e) => e.type === 'raw');
    expect(raw).toHaveLength(6);
    expect(raw.at(-1)).toEqual({ type: 'raw', data: '[DONE]' });
  });

  it('reads a stream cut every 7 bytes, even inside a multi-byte character', async () => {
    const body = sse(
      JSON.stringify(chunk({ content: 'naïve 🚀 résumé' })),
      JSON.stringify(chunk({}, 'length')),
      '[DONE]',
    );
    expect(meaningful(await run(body, groq, 7))).toEqual([
      { type: 'response', model: 'gpt-4o-mini-2024-07-18', responseId: 'chatcmpl-1' },
      { type: 'text', delta: 'naïve 🚀 résumé' },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('ignores keep-alive comments between events', async () => {
    const body = `: OPENROUTER PROCESSING\n\n${sse(JSON.stringify(chunk({ content: 'ok' }, 'stop')), '[DONE]')}`;
    expect(meaningful(await run(body)).map((e) => e.type)).toEqual(['response', 'text', 'finish']);
  });

  it('streams reasoning_content (DeepSeek, vLLM) and reasoning (OpenRouter) as reasoning', async () => {
    const body = sse(
      JSON.stringify(chunk({ reasoning_content: 'Thinking…' })),
      JSON.stringify(chunk({ reasoning: 'More.' })),
      JSON.stringify(chunk({ content: 'Done.' }, 'stop')),
      '[DONE]',
    );
    expect(meaningful(await run(body)).slice(1)).toEqual([
      { type: 'reasoning', delta: 'Thinking…' },
      { type: 'reasoning', delta: 'More.' },
      { type: 'text', delta: 'Done.' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports an error chunk in the middle of a stream with its provider message', async () => {
    const body = sse(
      JSON.stringify(chunk({ content: 'partial' })),
      JSON.stringify({ error: { code: 429, message: 'Rate limit exceeded: upstream provider' } }),
    );
    expect(meaningful(await run(body)).at(-1)).toEqual({
      type: 'error',
      kind: 'rate-limit',
      message:
        'The provider reported an error in the middle of the stream: Rate limit exceeded: upstream provider',
      providerMessage: 'Rate limit exceeded: upstream provider',
    });
  });

  it('reports a stream that closes with neither a finish reason nor [DONE] as cut off', async () => {
    const events = meaningful(await run(sse(JSON.stringify(chunk({ content: 'half a sum' })))));
    expect(events.at(-1)).toMatchObject({ type: 'error', kind: 'protocol' });
  });
});
