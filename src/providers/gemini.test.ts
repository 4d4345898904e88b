import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { buildProviderRequest, streamProviderEvents } from './stream';
import { collect, fakeFetch, meaningful, sse } from './testing/fakeFetch';

const call = { system: 'You summarize.', prompt: 'The transcript.', maxTokens: 8192, temperature: 0.3 };
const config: ProviderConfig = {
  kind: 'gemini',
  baseUrl: 'https://generativelanguage.googleapis.com',
  model: 'gemini-2.5-flash',
  apiKey: 'AIza-test-key-000',
};

const chunk = (parts: object[], extra: object = {}) =>
  JSON.stringify({
    candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }],
    usageMetadata: { promptTokenCount: 900, totalTokenCount: 900 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'abc123',
  });

function run(body: string) {
  return collect(
    streamProviderEvents(config, call, { signal: new AbortController().signal, fetch: fakeFetch({ body }) }),
  );
}

describe('Gemini streamGenerateContent', () => {
  it('builds an alt=sse request with the key in x-goog-api-key and never in the URL', () => {
    const request = buildProviderRequest(config, call);
    expect(request).toEqual({
      url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test-key-000' },
      body: JSON.stringify({
        systemInstruction: { parts: [{ text: 'You summarize.' }] },
        contents: [{ role: 'user', parts: [{ text: 'The transcript.' }] }],
        generationConfig: { temperature: 0.3, maxOutputTokens: 8192 },
      }),
    });
    expect(request.url).not.toContain('AIza');
  });

  it('accepts a models/ prefix on the model and a versioned base URL', () => {
    expect(
      buildProviderRequest(
        { ...config, baseUrl: 'https://gw.example/v1beta/', model: 'models/gemini-2.0-flash' },
        call,
      ).url,
    ).toBe('https://gw.example/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
  });

  it('maps thought parts to reasoning, text parts to text, and reports the last usage with the finish reason', async () => {
    const body = sse(
      chunk([{ text: 'Considering.', thought: true }]),
      chunk([{ text: '## Goal\n' }]),
      JSON.stringify({
        candidates: [
          { content: { parts: [{ text: 'Done.' }], role: 'model' }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: {
          promptTokenCount: 900,
          candidatesTokenCount: 40,
          thoughtsTokenCount: 60,
          totalTokenCount: 1000,
        },
        modelVersion: 'gemini-2.5-flash',
        responseId: 'abc123',
      }),
    );
    expect(meaningful(await run(body))).toEqual([
      { type: 'response', model: 'gemini-2.5-flash', responseId: 'abc123' },
      { type: 'reasoning', delta: 'Considering.' },
      { type: 'text', delta: '## Goal\n' },
      { type: 'text', delta: 'Done.' },
      { type: 'usage', usage: { promptTokens: 900, completionTokens: 100, reasoningTokens: 60 } },
      { type: 'finish', reason: 'STOP' },
    ]);
  });

  it('passes MAX_TOKENS through as the raw finish reason', async () => {
    const body = sse(chunk([{ text: 'Half' }], { finishReason: 'MAX_TOKENS' }));
    expect(meaningful(await run(body)).at(-1)).toEqual({ type: 'finish', reason: 'MAX_TOKENS' });
  });

  it('reports a blocked prompt by its block reason', async () => {
    const body = sse(
      JSON.stringify({
        promptFeedback: { blockReason: 'SAFETY' },
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      }),
    );
    expect(meaningful(await run(body))).toEqual([
      { type: 'usage', usage: { promptTokens: 5, completionTokens: 0 } },
      { type: 'finish', reason: 'SAFETY' },
    ]);
  });

  it('reports a stream that ends without a finish reason as cut off', async () => {
    expect(meaningful(await run(sse(chunk([{ text: 'Ha' }])))).at(-1)).toMatchObject({
      type: 'error',
      kind: 'protocol',
    });
  });

  it('reports a 400 for a wrong key as an auth error', async () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    });
    const events = await collect(
      streamProviderEvents(config, call, {
        signal: new AbortController().signal,
        fetch: fakeFetch({ status: 400, body }),
      }),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      kind: 'auth',
      status: 400,
      providerMessage: 'API key not valid. Please pass a valid API key.',
    });
  });
});
