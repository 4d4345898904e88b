/**
 * The real adapters against the mock server over real HTTP: every family,
 * every scenario the preview has to handle.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/message';
import {
  INITIAL_INSTRUCTIONS,
  TURN_PREFIX_INSTRUCTIONS,
  buildSummarizationPrompt,
} from '../../src/core/prompts';
import { finishCategory } from '../../src/core/finishReason';
import { summarizeWithRetry } from '../../src/core/summarize';
import { SummarizerError, type SummaryChunk, type SummaryRequest } from '../../src/core/summarizer';
import type { ProviderConfig, ProviderKind } from '../../src/providers/config';
import { countProviderTokens } from '../../src/providers/countTokens';
import { buildProviderRequest, streamProviderEvents } from '../../src/providers/stream';
import { createProviderSummarizer } from '../../src/providers/summarizer';
import { mockCount } from './counting';
import { startMockLlm, type MockLlm } from './server';

const KEY = 'test-key-SECRET-4242';

const TRANSCRIPT: Message[] = [
  { id: '1', role: 'user', content: 'Add a --json flag.' },
  { id: '2', role: 'assistant', content: 'Done.' },
  { id: '3', role: 'user', content: 'Now fix the failing test.' },
];
const PROMPT = buildSummarizationPrompt(TRANSCRIPT, 0, '', INITIAL_INSTRUCTIONS);

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  mock.requests.length = 0;
});

const FAMILIES: readonly ProviderKind[] = [
  'openai-compatible',
  'openai-responses',
  'anthropic',
  'gemini',
  'ollama',
];

function config(kind: ProviderKind, model: string): ProviderConfig {
  const openAiFamily = kind === 'openai-compatible' || kind === 'openai-responses';
  return { kind, model, apiKey: KEY, baseUrl: openAiFamily ? `${mock.url}/v1` : mock.url };
}

function request(prompt = PROMPT, signal = new AbortController().signal): SummaryRequest {
  return { part: 'history', system: 'You summarize.', prompt, maxTokens: 1000, temperature: 0.3, signal };
}

async function run(kind: ProviderKind, model: string, prompt = PROMPT): Promise<SummaryChunk[]> {
  const chunks: SummaryChunk[] = [];
  for await (const chunk of createProviderSummarizer(config(kind, model)).stream(request(prompt)))
    chunks.push(chunk);
  return chunks;
}

const textOf = (chunks: readonly SummaryChunk[]) =>
  chunks.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('');
const finishOf = (chunks: readonly SummaryChunk[]) =>
  chunks.flatMap((c) => (c.type === 'finish' ? [c.reason] : []));

async function failure(kind: ProviderKind, model: string): Promise<SummarizerError> {
  const error = await run(kind, model).catch((e: unknown) => e);
  if (!(error instanceof SummarizerError))
    throw new Error(`expected a SummarizerError, got ${String(error)}`);
  return error;
}

describe.each(FAMILIES)('the %s adapter against the mock server', (kind) => {
  it('streams a summary with the summary headings that quotes the last user request', async () => {
    const text = textOf(await run(kind, 'mock'));
    expect(text).toContain('## Goal');
    expect(text).toContain('### In Progress');
    expect(text).toContain('## Critical Context');
    expect(text).toContain('1. Answer the last request: "Now fix the failing test."');
  });

  it('reports the finish reason in the provider’s own words, and usage', async () => {
    const chunks = await run(kind, 'mock');
    const expected = {
      'openai-compatible': 'stop',
      'openai-responses': 'completed',
      anthropic: 'end_turn',
      gemini: 'STOP',
      ollama: 'stop',
    };
    expect(finishOf(chunks)).toEqual([expected[kind as keyof typeof expected]]);
    const usage = chunks.find((c) => c.type === 'usage');
    expect(usage).toMatchObject({
      type: 'usage',
      usage: { promptTokens: Math.ceil(`You summarize.\n${PROMPT}`.length / 4) },
    });
  });

  it('writes the turn-prefix headings for a turn-prefix prompt', async () => {
    const prompt = buildSummarizationPrompt(TRANSCRIPT.slice(0, 1), 0, '', TURN_PREFIX_INSTRUCTIONS);
    const text = textOf(await run(kind, 'mock', prompt));
    expect(text).toBe(
      '## Original Request\n"Add a --json flag."\n\n## Early Progress\n- The mock read the first part of the turn.\n\n## Context for Suffix\n- Written by the local mock LLM server (model mock).',
    );
  });

  it('streams reasoning before the text for a thinking model', async () => {
    const chunks = await run(kind, 'mock-thinking');
    const first = chunks.findIndex((c) => c.type === 'reasoning');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(chunks.findIndex((c) => c.type === 'text'));
  });

  it('stops on length with partial text, a finish reason the core counts as a length stop', async () => {
    const chunks = await run(kind, 'length');
    expect(textOf(chunks).length).toBeGreaterThan(0);
    expect(textOf(chunks)).not.toContain('## Critical Context');
    expect(finishOf(chunks)).toHaveLength(1);
    expect(finishCategory(finishOf(chunks)[0])).toBe('length');
  });

  it('stops normally with no text for the empty model', async () => {
    const chunks = await run(kind, 'empty');
    expect(textOf(chunks)).toBe('');
    expect(finishCategory(finishOf(chunks)[0])).toBe('stop');
  });

  it('quote-key writes the key it got split across two frames; the text shows it nowhere', async () => {
    const text = textOf(await run(kind, 'quote-key'));
    expect(text).toContain('\n- The key I was given: [redacted].');
    expect(text).not.toContain(KEY.slice(0, 10));
    expect(text).not.toContain(KEY.slice(10));
  });

  it('endless streams text until the caller stops; the answer cap stops it as too long', async () => {
    expect(await failure(kind, 'endless')).toMatchObject({ kind: 'too-long' });
  });

  it('classifies a rejected key as auth', async () => {
    const error = await failure(kind, 'unauthorized');
    expect(error.kind).toBe('auth');
    // Gemini answers a wrong key with 400 INVALID_ARGUMENT.
    expect(error.status).toBe(kind === 'gemini' ? 400 : 401);
  });

  it('classifies 429 as a rate limit', async () => {
    expect(await failure(kind, 'rate-limited')).toMatchObject({ kind: 'rate-limit', status: 429 });
  });

  it('classifies the provider’s context-overflow text as overflow', async () => {
    expect(await failure(kind, 'overflow')).toMatchObject({ kind: 'overflow', status: 400 });
  });

  it('classifies a used-up account as quota, or billing for Anthropic’s credit balance', async () => {
    expect((await failure(kind, 'quota')).kind).toBe(kind === 'anthropic' ? 'billing' : 'quota');
  });

  it('sends the key only in a header, never in the URL', async () => {
    await run(kind, 'mock');
    const [recorded] = mock.requests.filter((r) => r.method === 'POST');
    expect(recorded.url).not.toContain(KEY);
    expect(Object.values(recorded.headers)).toContainEqual(
      kind === 'anthropic' || kind === 'gemini' ? KEY : `Bearer ${KEY}`,
    );
  });

  it('sends only headers the service allows in its CORS preflight', async () => {
    const sent = Object.keys(buildProviderRequest(config(kind, 'mock'), request()).headers);
    const url = buildProviderRequest(config(kind, 'mock'), request()).url;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://playground.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': sent.join(','),
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://playground.example');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(', ');
    expect(sent.filter((name) => !allowed.includes(name.toLowerCase()))).toEqual([]);
  });
});

describe('mock scenarios that never finish', () => {
  it('silent-after-headers sends headers and then nothing until the caller aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('stalled');
    const seen: string[] = [];
    const pending = (async () => {
      for await (const event of streamProviderEvents(config('anthropic', 'silent-after-headers'), request(), {
        signal: controller.signal,
      })) {
        seen.push(event.type);
      }
    })();
    setTimeout(() => controller.abort(reason), 150);
    await expect(pending).rejects.toBe(reason);
    expect(seen).toEqual([]);
  });

  it('no-answer never answers until the caller aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('stalled');
    const pending = streamProviderEvents(config('openai-compatible', 'no-answer'), request(), {
      signal: controller.signal,
    }).next();
    setTimeout(() => controller.abort(reason), 100);
    await expect(pending).rejects.toBe(reason);
  });

  it('slow-<ms> spaces the frames out by that many milliseconds', async () => {
    const started = Date.now();
    const chunks = await run('ollama', 'slow-15');
    const frames = chunks.filter((c) => c.type === 'text').length + 1;
    expect(Date.now() - started).toBeGreaterThanOrEqual(frames * 15 - 20);
    expect(textOf(chunks)).toContain('## Goal');
  });
});

describe('the core summarizing through the mock server', () => {
  // Only the silent server waits for the stall timeout; the other answers get a
  // timeout a loaded machine cannot run into before the mock has seen the request.
  const call = (model: string, kind: ProviderKind = 'openai-compatible', stallTimeoutMs = 10_000) =>
    summarizeWithRetry(createProviderSummarizer(config(kind, model)), {
      part: 'history',
      system: 'You summarize.',
      prompt: PROMPT,
      maxTokens: 1000,
      stallTimeoutMs,
    });
  const attempts = () => mock.requests.filter((r) => r.method === 'POST').length;

  it('accepts a normal summary on the first attempt', async () => {
    const result = await call('mock', 'gemini');
    expect(result.ok).toBe(true);
    expect(attempts()).toBe(1);
  });

  it('gives up on a silent server after two attempts, each cut by the stall timeout', async () => {
    const result = await call('silent-after-headers', 'openai-compatible', 150);
    expect(result).toMatchObject({ ok: false });
    expect(attempts()).toBe(2);
  });

  it('retries a rate limit once', async () => {
    expect(await call('rate-limited')).toMatchObject({ ok: false });
    expect(attempts()).toBe(2);
  });

  it('does not retry a rejected key', async () => {
    await expect(call('unauthorized', 'anthropic')).rejects.toMatchObject({ kind: 'auth' });
    expect(attempts()).toBe(1);
  });

  it('does not retry an answer that would not end', async () => {
    await expect(call('endless')).rejects.toMatchObject({ kind: 'too-long' });
    expect(attempts()).toBe(1);
  });

  it('rejects a summary cut off by its length limit', async () => {
    expect(await call('length', 'openai-responses')).toMatchObject({ ok: false });
    expect(attempts()).toBe(2);
  });
});

describe('the mock server itself', () => {
  it('refuses an Anthropic call from a web page without the browser-access header, as Anthropic does', async () => {
    const response = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: { origin: 'https://playground.example', 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ model: 'mock', max_tokens: 10, messages: [] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'authentication_error',
        message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
      },
    });
  });

  it('records each request with its family, model and scenario', async () => {
    await run('gemini', 'overflow').catch(() => undefined);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1beta/models/overflow:streamGenerateContent?alt=sse',
      family: 'gemini',
      model: 'overflow',
      behaviour: 'overflow',
    });
  });

  it('window-<tokens> answers a prompt that fits the window and refuses a larger one as an overflow', async () => {
    // The mock weighs the system prompt and the user message, a token per four characters.
    const tokens = Math.ceil(`You summarize.\n${PROMPT}`.length / 4);
    expect(textOf(await run('openai-compatible', `window-${tokens}`))).toContain('## Goal');
    const refused = await failure('openai-compatible', `window-${tokens - 1}`);
    expect(refused).toMatchObject({ kind: 'overflow', status: 400 });
    expect(refused.providerMessage).toMatch(/maximum context length/);
    expect(mock.requests.map((r) => r.behaviour)).toEqual(['normal', 'normal']);
  });

  it('answers a health check', async () => {
    const response = await fetch(`${mock.url}/health`);
    expect(response.status).toBe(200);
  });
});

describe('the token-counting endpoints', () => {
  const COUNTING: readonly ProviderKind[] = ['anthropic', 'gemini', 'openai-responses'];

  it.each(COUNTING)(
    '%s: counts the characters of the content by three, rounded up, at the real path',
    async (kind) => {
      // 'Add a --json flag.' (18) + 'Done.' (5) + 'Now fix the failing test.' (25) = 48 characters.
      expect(await countProviderTokens(config(kind, 'mock'), TRANSCRIPT)).toBe(16);
      expect(mock.requests.map((r) => [r.method, r.url])).toEqual([
        [
          'POST',
          {
            anthropic: '/v1/messages/count_tokens',
            gemini: '/v1beta/models/mock:countTokens',
            'openai-responses': '/v1/responses/input_tokens',
          }[kind as string],
        ],
      ]);
    },
  );

  it('answers with the error a model name asks for, as the real endpoints would', async () => {
    const error = await countProviderTokens(config('anthropic', 'unauthorized'), TRANSCRIPT).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SummarizerError);
    expect((error as SummarizerError).kind).toBe('auth');
  });

  it('refuses a count from a web page without the browser-access header, as Anthropic does', async () => {
    const response = await fetch(`${mock.url}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { origin: 'https://playground.example', 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ model: 'mock', messages: [] }),
    });
    expect(response.status).toBe(401);
  });

  it('counts every string of the body but the names of its parts', () => {
    expect(
      mockCount({ model: 'a-very-long-model-name', messages: [{ role: 'user', content: 'abcdefg' }] }),
    ).toBe(3);
  });
});

describe("Gemini's generateContent, the call Gemini CLI compresses its history with", () => {
  it('answers the whole reply as one JSON body with its usage, and records the request', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'abcdefgh' }] }] };
    const response = await fetch(`${mock.url}/v1beta/models/chat-model:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as {
      candidates: { content: { role: string; parts: { text: string }[] }; finishReason: string }[];
      usageMetadata: { promptTokenCount: number };
    };
    expect(reply.candidates[0]!.content.role).toBe('model');
    expect(reply.candidates[0]!.content.parts[0]!.text).toMatch(/^## Goal\n/);
    expect(reply.candidates[0]!.finishReason).toBe('STOP');
    expect(reply.usageMetadata.promptTokenCount).toBe(3);
    expect(mock.requests.at(-1)).toMatchObject({ family: 'gemini', model: 'chat-model' });
  });
});
