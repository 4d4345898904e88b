import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { buildProviderRequest, streamProviderEvents } from './stream';
import { collect, fakeFetch, meaningful, sse } from './testing/fakeFetch';

const call = { system: 'You summarize.', prompt: 'The transcript.', maxTokens: 2048, temperature: 0.3 };
const config: ProviderConfig = {
  kind: 'openai-responses',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4.1-mini',
  apiKey: 'sk-test-responses',
};

const created = {
  id: 'resp_1',
  object: 'response',
  status: 'in_progress',
  model: 'gpt-4.1-mini-2025-04-14',
  output: [],
  usage: null,
};
const usage = {
  input_tokens: 1500,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 300,
  output_tokens_details: { reasoning_tokens: 120 },
  total_tokens: 1800,
};
const ev = (type: string, fields: object) => [type, { type, sequence_number: 0, ...fields }] as const;

function run(body: string) {
  return collect(
    streamProviderEvents(config, call, { signal: new AbortController().signal, fetch: fakeFetch({ body }) }),
  );
}

describe('OpenAI Responses', () => {
  it('builds a streaming, unstored request with instructions and max_output_tokens', () => {
    expect(buildProviderRequest(config, call)).toEqual({
      url: 'https://api.openai.com/v1/responses',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-responses' },
      body: JSON.stringify({
        model: 'gpt-4.1-mini',
        instructions: 'You summarize.',
        input: [{ role: 'user', content: 'The transcript.' }],
        max_output_tokens: 2048,
        temperature: 0.3,
        store: false,
        stream: true,
      }),
    });
  });

  it('maps text and reasoning deltas, then usage and the status from response.completed', async () => {
    const body = sse(
      ev('response.created', { response: created }),
      ev('response.reasoning_summary_text.delta', { item_id: 'rs_1', delta: 'Plan the sections.' }),
      ev('response.output_item.added', { output_index: 1, item: { id: 'msg_1', type: 'message' } }),
      ev('response.output_text.delta', { item_id: 'msg_1', delta: '## Goal' }),
      ev('response.output_text.delta', { item_id: 'msg_1', delta: '\nShip it.' }),
      ev('response.output_text.done', { item_id: 'msg_1', text: '## Goal\nShip it.' }),
      ev('response.completed', { response: { ...created, status: 'completed', usage } }),
    );
    expect(meaningful(await run(body))).toEqual([
      { type: 'response', model: 'gpt-4.1-mini-2025-04-14', responseId: 'resp_1' },
      { type: 'reasoning', delta: 'Plan the sections.' },
      { type: 'text', delta: '## Goal' },
      { type: 'text', delta: '\nShip it.' },
      {
        type: 'usage',
        usage: { promptTokens: 1500, completionTokens: 300, cachedTokens: 0, reasoningTokens: 120 },
      },
      { type: 'finish', reason: 'completed' },
    ]);
  });

  it('reports response.incomplete at the output cap with the reason max_output_tokens', async () => {
    const body = sse(
      ev('response.created', { response: created }),
      ev('response.output_text.delta', { delta: 'Half' }),
      ev('response.incomplete', {
        response: {
          ...created,
          status: 'incomplete',
          incomplete_details: { reason: 'max_output_tokens' },
          usage,
        },
      }),
    );
    expect(meaningful(await run(body)).at(-1)).toEqual({ type: 'finish', reason: 'max_output_tokens' });
  });

  it('reports response.failed as an error with the provider message', async () => {
    const body = sse(
      ev('response.created', { response: created }),
      ev('response.failed', {
        response: {
          ...created,
          status: 'failed',
          error: { code: 'server_error', message: 'The model crashed.' },
        },
      }),
    );
    expect(meaningful(await run(body)).at(-1)).toEqual({
      type: 'error',
      kind: 'http',
      message: 'The provider reported an error in the middle of the stream: The model crashed.',
      providerMessage: 'The model crashed.',
    });
  });

  it('reports an error event as an error', async () => {
    const body = sse(
      ev('error', { code: 'rate_limit_exceeded', message: 'Rate limit reached.', param: null }),
    );
    expect(meaningful(await run(body)).at(-1)).toMatchObject({
      type: 'error',
      kind: 'rate-limit',
      providerMessage: 'Rate limit reached.',
    });
  });

  it('reports a stream that ends without response.completed as cut off', async () => {
    const body = sse(
      ev('response.created', { response: created }),
      ev('response.output_text.delta', { delta: 'Hal' }),
    );
    expect(meaningful(await run(body)).at(-1)).toMatchObject({ type: 'error', kind: 'protocol' });
  });
});
