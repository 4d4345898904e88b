import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS } from './answerCap';
import type { ProviderConfig } from './config';
import type { ProviderEvent } from './events';
import { streamProviderEvents } from './stream';
import { collect, endlessFetch, sse } from './testing/fakeFetch';
import { MAX_MESSAGE_CHARS } from './wire';

const call = { system: 's', prompt: 'p', maxTokens: 100, temperature: 0.3 };
const openai: ProviderConfig = { kind: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'm' };
const ollama: ProviderConfig = { kind: 'ollama', baseUrl: 'http://localhost:11434', model: 'm' };

/** One chunk of a Chat Completions stream: ten deltas of 100 characters each. */
const TEN_DELTAS = sse(
  ...Array.from({ length: 10 }, () =>
    JSON.stringify({ id: 'c', model: 'm', choices: [{ index: 0, delta: { content: 'x'.repeat(100) } }] }),
  ),
);

/** Far past every cap; the body ends only so that a reader without the caps fails instead of hanging. */
const ENDLESS = 16 * 1024 * 1024;

function run(config: ProviderConfig, fetch: ReturnType<typeof endlessFetch>) {
  return collect(streamProviderEvents(config, call, { signal: new AbortController().signal, fetch }));
}

const streamed = (events: readonly ProviderEvent[]) =>
  events.reduce((n, e) => n + (e.type === 'text' || e.type === 'reasoning' ? e.delta.length : 0), 0);

describe('a provider that never stops streaming', () => {
  it('is stopped with a too-long error after 400,000 characters, and the body is cancelled', async () => {
    const fetch = endlessFetch(TEN_DELTAS, { totalBytes: ENDLESS });
    const events = await run(openai, fetch);
    expect(streamed(events)).toBe(MAX_ANSWER_CHARS);
    expect(events.at(-1)).toEqual({
      type: 'error',
      kind: 'too-long',
      message:
        "The provider's answer passed 400,000 characters; it was stopped there, far beyond any real summary " +
        '(https://api.openai.com/v1/chat/completions may ignore the token cap, or the model is repeating itself).',
    });
    expect(fetch.body.cancelled).toBe(true);
    // What was read past the cap is at most the chunk that crossed it and the one queued behind it.
    expect(fetch.body.pulled).toBeLessThanOrEqual((MAX_ANSWER_CHARS / 1000 + 2) * TEN_DELTAS.length);
  });

  it('counts reasoning with the text, so an endless thinking stream stops too', async () => {
    const thinking = sse(
      JSON.stringify({ choices: [{ index: 0, delta: { reasoning_content: 'y'.repeat(1000) } }] }),
    );
    const fetch = endlessFetch(thinking, { totalBytes: ENDLESS });
    const events = await run(openai, fetch);
    expect(streamed(events)).toBe(MAX_ANSWER_CHARS);
    expect(events.at(-1)).toMatchObject({ type: 'error', kind: 'too-long' });
    expect(fetch.body.cancelled).toBe(true);
  });

  it('stops one SSE event that never ends once it passes 4,000,000 characters', async () => {
    const fetch = endlessFetch('x'.repeat(65_536), { first: `${TEN_DELTAS}data: `, totalBytes: ENDLESS });
    const events = await run(openai, fetch);
    expect(events.at(-1)).toEqual({
      type: 'error',
      kind: 'too-long',
      message:
        'One message of the stream from https://api.openai.com/v1/chat/completions passed 4,000,000 characters without ending; it was stopped there.',
    });
    expect(fetch.body.cancelled).toBe(true);
    expect(fetch.body.pulled).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 3 * 65_536);
  });

  it('stops one NDJSON line that never ends once it passes 4,000,000 characters', async () => {
    const fetch = endlessFetch('x'.repeat(65_536), {
      first: `${JSON.stringify({ model: 'm', message: { content: 'Hi' }, done: false })}\n{"message":"`,
      totalBytes: ENDLESS,
    });
    const events = await run(ollama, fetch);
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', delta: 'Hi' }]);
    expect(events.at(-1)).toEqual({
      type: 'error',
      kind: 'too-long',
      message:
        'One message of the stream from http://localhost:11434/api/chat passed 4,000,000 characters without ending; it was stopped there.',
    });
    expect(fetch.body.cancelled).toBe(true);
    expect(fetch.body.pulled).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 3 * 65_536);
  });

  it('reads an endless body with no line break before any event as a body that is not a stream', async () => {
    const fetch = endlessFetch('x'.repeat(65_536), { first: '{"answer":"', totalBytes: ENDLESS });
    const events = await run(openai, fetch);
    expect(events.at(-1)).toEqual({
      type: 'error',
      kind: 'protocol',
      message: `https://api.openai.com/v1/chat/completions did not answer with a stream (is the base URL right?). It sent: {"answer":"${'x'.repeat(189)}`,
    });
    expect(fetch.body.cancelled).toBe(true);
  });
});
