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

describe('a preview of a preset that only clears', () => {
  const withTools: Message[] = [
    { id: 'u', role: 'user', content: 'Read both files.' },
    {
      id: 'a',
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'c1', name: 'read', arguments: '{"path":"a.ts"}' },
        { id: 'c2', name: 'read', arguments: '{"path":"b.ts"}' },
      ],
    },
    { id: 't1', role: 'tool', toolCallId: 'c1', content: 'line\n'.repeat(200) },
    { id: 't2', role: 'tool', toolCallId: 'c2', content: 'line\n'.repeat(100) },
    { id: 'a2', role: 'assistant', content: 'Both read.' },
  ];

  it('lists the cleared messages in their places with what they had, and calls no model', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const base = request(128_000);
    const { result } = await runPreview(
      withTools,
      {
        ...base,
        settings: normalizeSettings({
          tokenizer: 'chars4',
          strategy: 'mask-observations',
          harness: { 'mask-observations': { keepObservations: 1 } },
        }),
      },
      async () => chars4,
      () => {},
      new AbortController().signal,
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(result.summary).toBe('');
    // chars4 counts each text by characters / 4, rounded up: the 1,000-character output is 250
    // tokens, the note that replaces it 11, the 500-character one kept verbatim 125.
    expect(result.cleared).toEqual([{ index: 2, tokensBefore: 250, tokensAfter: 11 }]);
    expect(result.rows.map((r) => [r.from, r.tokens, r.cleared?.tokensBefore ?? null, r.preview])).toEqual([
      [0, 4, null, 'Read both files.'],
      [1, 10, null, 'read({"path":"a.ts"}) read({"path":"b.ts"})'],
      [2, 11, 250, 'Old environment output: (200 lines omitted)'],
      [3, 125, null, 'line'],
      [4, 3, null, 'Both read.'],
    ]);
    // Masking acts at every call, but a masked list has nothing more to mask.
    expect(result.wouldCompactAgain).toBe(false);
  });
});

describe('a preview judged', () => {
  it('scores the summary against the facts of what it summarized, with the prompts the user edited', async () => {
    const fetch = fakeFetch({ body: openAiStream(300, 'stop') });
    vi.stubGlobal('fetch', fetch);
    const { result } = await runPreview(
      messages,
      { ...request(2000), prompts: { system: 'You are a terse archivist.' } },
      async () => chars4,
      () => {},
      new AbortController().signal,
    );
    // "## Goal\nFix the test." names two of the first request's four key words (fix, failing, test, src).
    expect(result.eval.items.map((i) => [i.kind, i.index, i.kept])).toEqual([['constraint', 0, false]]);
    expect(result.eval.byKind.constraint).toEqual({ expected: 1, kept: 0, recall: 0 });
    const body = JSON.parse(String(fetch.calls[0].init.body)) as { messages: { content: string }[] };
    expect(body.messages[0].content).toBe('You are a terse archivist.');
  });
});
