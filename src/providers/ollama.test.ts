import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { buildProviderRequest, streamProviderEvents } from './stream';
import { collect, fakeFetch, meaningful } from './testing/fakeFetch';

const call = { system: 'You summarize.', prompt: 'The transcript.', maxTokens: 512, temperature: 0.3 };
const config: ProviderConfig = { kind: 'ollama', baseUrl: 'http://localhost:11434', model: 'llama3.2' };

const line = (fields: object) =>
  `${JSON.stringify({ model: 'llama3.2', created_at: '2026-01-01T00:00:00Z', ...fields })}\n`;

function run(body: string | string[], chunkBytes?: number) {
  return collect(
    streamProviderEvents(config, call, {
      signal: new AbortController().signal,
      fetch: fakeFetch({ body, chunkBytes, headers: { 'content-type': 'application/x-ndjson' } }),
    }),
  );
}

describe('Ollama native /api/chat', () => {
  it('builds a streaming request with num_predict and no auth header when there is no key', () => {
    expect(buildProviderRequest(config, call)).toEqual({
      url: 'http://localhost:11434/api/chat',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'llama3.2',
        messages: [
          { role: 'system', content: 'You summarize.' },
          { role: 'user', content: 'The transcript.' },
        ],
        stream: true,
        options: { temperature: 0.3, num_predict: 512 },
      }),
    });
  });

  it('accepts the OpenAI-compatible base URL of the same server', () => {
    expect(buildProviderRequest({ ...config, baseUrl: 'http://localhost:11434/v1' }, call).url).toBe(
      'http://localhost:11434/api/chat',
    );
  });

  it('maps NDJSON lines split anywhere to thinking, text, usage and done_reason', async () => {
    const body = [
      line({ message: { role: 'assistant', content: '', thinking: 'Hmm.' }, done: false }),
      line({ message: { role: 'assistant', content: '## Goal' }, done: false }),
      line({ message: { role: 'assistant', content: '\nShip.' }, done: false }),
      line({
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 812,
        eval_count: 37,
      }),
    ].join('');
    expect(meaningful(await run(body, 5))).toEqual([
      { type: 'response', model: 'llama3.2' },
      { type: 'reasoning', delta: 'Hmm.' },
      { type: 'text', delta: '## Goal' },
      { type: 'text', delta: '\nShip.' },
      { type: 'usage', usage: { promptTokens: 812, completionTokens: 37 } },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports an error line as an error', async () => {
    const body = `${JSON.stringify({ error: 'an error was encountered while running the model: CUDA out of memory' })}\n`;
    expect(meaningful(await run(body)).at(-1)).toMatchObject({
      type: 'error',
      kind: 'http',
      providerMessage: 'an error was encountered while running the model: CUDA out of memory',
    });
  });

  it('reports a stream that ends before done as cut off', async () => {
    const body = line({ message: { role: 'assistant', content: 'Ha' }, done: false });
    expect(meaningful(await run(body)).at(-1)).toMatchObject({ type: 'error', kind: 'protocol' });
  });
});
