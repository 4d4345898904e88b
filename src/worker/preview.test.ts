import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { normalizeSettings } from '../core/settings';
import { fakeFetch, sse } from '../providers/testing/fakeFetch';
import { runPreview } from './preview';
import type { WorkerRequest } from './protocol';

afterEach(() => vi.unstubAllGlobals());

const chars4 = createEstimator('chars4', () => 0);
const messages: Message[] = [
  { id: 'u1', role: 'user', content: 'Fix the failing test in src/a.ts. '.repeat(20) },
  { id: 'a1', role: 'assistant', content: 'Looking at it now. '.repeat(20) },
  { id: 'u2', role: 'user', content: 'Now the docs.' },
  { id: 'a2', role: 'assistant', content: 'Done.' },
];

/** A Chat Completions stream that reports `promptTokens` and stops as `finish`. */
const openAiStream = (promptTokens: number, finish: string) =>
  sse(
    ...[
      { choices: [{ index: 0, delta: { content: '## Goal\nFix the test.' } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: finish }] },
      {
        choices: [],
        usage: { prompt_tokens: promptTokens, completion_tokens: 7, total_tokens: promptTokens + 7 },
      },
    ].map((chunk) => JSON.stringify(chunk)),
    '[DONE]',
  );

function request(window: number): Extract<WorkerRequest, { type: 'compact' }> {
  return {
    id: 1,
    type: 'compact',
    settings: normalizeSettings({
      maxContextTokens: window,
      reserveTokens: 100,
      keepRecentTokens: 10,
      tokenizer: 'chars4',
    }),
    summarizer: {
      mode: 'provider',
      config: {
        kind: 'openai',
        preset: 'openai',
        baseUrl: 'http://127.0.0.1:1/v1',
        model: 'm',
        apiKey: 'sk-test-0000000000',
      },
    },
    reason: 'manual',
  };
}

async function preview(window: number, promptTokens: number, finish = 'stop') {
  vi.stubGlobal('fetch', fakeFetch({ body: openAiStream(promptTokens, finish) }));
  const { result } = await runPreview(
    messages,
    request(window),
    async () => chars4,
    () => {},
    new AbortController().signal,
  );
  return result;
}

describe('a preview whose answer was shaped by the context window', () => {
  it('says so when the provider took a prompt larger than the window (it truncated the input)', async () => {
    const result = await preview(2000, 5000);
    expect(result.degraded).toBe(false);
    expect(result.contextLimit).toEqual([{ part: 'history', promptTokens: 5000, finishReason: 'stop' }]);
  });

  it('says nothing when the prompt fit the window', async () => {
    expect((await preview(2000, 300)).contextLimit).toEqual([]);
  });
});
