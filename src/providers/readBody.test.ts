import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import { countProviderTokens } from './countTokens';
import { BODY_CAP_BYTES, readBodyText } from './readBody';
import { streamProviderEvents } from './stream';
import { collect, endlessFetch } from './testing/fakeFetch';

const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;
/** The cap, the chunk that crosses it and the one the stream queues behind it. */
const MOST_READ = BODY_CAP_BYTES + 2 * CHUNK;

const call = { system: 's', prompt: 'p', maxTokens: 100, temperature: 0.3 };
const openai: ProviderConfig = { kind: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'm' };
const anthropic: ProviderConfig = { kind: 'anthropic', baseUrl: 'https://api.anthropic.com', model: 'm' };
const message = { id: 'u', role: 'user' as const, content: 'Hello' };

function bodyOf(text: string): Response {
  return new Response(text);
}

describe('readBodyText', () => {
  it('reads a body under the cap whole', async () => {
    expect(await readBodyText(bodyOf('{"error":"nope"}'))).toEqual({ text: '{"error":"nope"}', cut: false });
  });

  it('reads a body of exactly the cap whole', async () => {
    expect(await readBodyText(bodyOf('abcd'), 4)).toEqual({ text: 'abcd', cut: false });
  });

  it('cuts a longer body at the cap', async () => {
    expect(await readBodyText(bodyOf('abcdef'), 4)).toEqual({ text: 'abcd', cut: true });
  });

  it('leaves out a character the cut splits, rather than showing half of it', async () => {
    // "é" is two bytes in UTF-8: a cut after three bytes keeps "ab" only.
    expect(await readBodyText(bodyOf('abé'), 3)).toEqual({ text: 'ab', cut: true });
  });

  it('reads nothing from a response without a body', async () => {
    expect(await readBodyText(new Response(null, { status: 204 }))).toEqual({ text: '', cut: false });
  });
});

describe('a worker that runs out of memory on an error body', () => {
  it('reads a 50 MB error body only up to 1 MB, cancels the rest, and says it was cut', async () => {
    const fetch = endlessFetch('x'.repeat(CHUNK), { status: 500, totalBytes: FIFTY_MB });
    const events = await collect(
      streamProviderEvents(openai, call, { signal: new AbortController().signal, fetch }),
    );
    expect(fetch.body.pulled).toBeLessThanOrEqual(MOST_READ);
    expect(fetch.body.cancelled).toBe(true);
    const raw = events[0];
    expect(raw).toMatchObject({ type: 'raw', event: 'http 500' });
    expect(raw.type === 'raw' && raw.data.length).toBe(BODY_CAP_BYTES);
    expect(events[1]).toEqual({
      type: 'error',
      kind: 'http',
      status: 500,
      message: `https://api.openai.com/v1/chat/completions answered HTTP 500: ${'x'.repeat(1000)} (the body was cut at 1 MB)`,
      providerMessage: 'x'.repeat(1000),
    });
  });

  it("reads a counting endpoint's 50 MB error body only up to 1 MB", async () => {
    const fetch = endlessFetch('x'.repeat(CHUNK), { status: 500, totalBytes: FIFTY_MB });
    await expect(countProviderTokens(anthropic, [message], { fetch })).rejects.toThrow(
      /^https:\/\/api\.anthropic\.com answered HTTP 500: x{1000} \(the body was cut at 1 MB\)$/,
    );
    expect(fetch.body.pulled).toBeLessThanOrEqual(MOST_READ);
    expect(fetch.body.cancelled).toBe(true);
  });

  it("reads a counting endpoint's 50 MB answer only up to 1 MB, and says it had no count", async () => {
    const fetch = endlessFetch(' '.repeat(CHUNK), { first: '{"input_tokens": 12', totalBytes: FIFTY_MB });
    await expect(countProviderTokens(anthropic, [message], { fetch })).rejects.toThrow(
      'https://api.anthropic.com answered without a token count: {"input_tokens": 12' +
        `${' '.repeat(181)} (the body was cut at 1 MB)`,
    );
    expect(fetch.body.pulled).toBeLessThanOrEqual(MOST_READ);
    expect(fetch.body.cancelled).toBe(true);
  });
});
