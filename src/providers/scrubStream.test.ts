import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from './config';
import type { ProviderEvent } from './events';
import { RAW_KEY_PART, keyStartAt, scrubKeyFromEvents } from './scrubStream';
import { streamProviderEvents } from './stream';
import { collect, fakeFetch, sse } from './testing/fakeFetch';

const KEY = 'sk-test-0123456789abcdef';
const call = { system: 's', prompt: 'p', maxTokens: 100, temperature: 0.3 };
const openai: ProviderConfig = {
  kind: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'm',
  apiKey: KEY,
};

const chunk = (content: string) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });

function run(body: string, config: ProviderConfig = openai) {
  return collect(
    streamProviderEvents(config, call, { signal: new AbortController().signal, fetch: fakeFetch({ body }) }),
  );
}

const textOf = (events: readonly ProviderEvent[]) =>
  events.map((e) => (e.type === 'text' ? e.delta : '')).join('');

/** The text the raw messages carry, read back from their JSON. */
const rawTextOf = (events: readonly ProviderEvent[]) =>
  events
    .map((e) => {
      if (e.type !== 'raw' || e.data === '[DONE]') return '';
      const parsed = JSON.parse(e.data) as { choices: { delta: { content: string } }[] };
      return parsed.choices[0].delta.content;
    })
    .join('');

describe('a key streamed back in two pieces', () => {
  it('is scrubbed from the text deltas and the raw messages that carried it', async () => {
    const events = await run(
      sse(chunk('Your key is sk-test-01234'), chunk('56789abcdef, keep it safe.'), '[DONE]'),
    );
    expect(events).toEqual([
      { type: 'raw', data: chunk('Your key is [redacted]') },
      { type: 'text', delta: 'Your key is [redacted]' },
      { type: 'raw', data: chunk(', keep it safe.') },
      { type: 'text', delta: ', keep it safe.' },
      { type: 'raw', data: '[DONE]' },
    ]);
  });

  it('is scrubbed when every delta carries one character of it, and replaced once', async () => {
    const pieces = ['Key: ', ...KEY, '.'];
    const events = await run(sse(...pieces.map(chunk), '[DONE]'));
    expect(textOf(events)).toBe('Key: [redacted].');
    expect(rawTextOf(events)).toBe('Key: [redacted].');
    expect(JSON.stringify(events)).not.toContain(KEY.slice(5));
  });

  it('is scrubbed from reasoning split the same way', async () => {
    const thinking = (reasoning_content: string) =>
      JSON.stringify({ choices: [{ index: 0, delta: { reasoning_content } }] });
    const events = await run(sse(thinking('I was given sk-test-0'), thinking('123456789abcdef')));
    expect(events.filter((e) => e.type === 'reasoning')).toEqual([
      { type: 'reasoning', delta: 'I was given [redacted]' },
    ]);
  });

  it('leaves a delta that only looks like the start of the key as it was, once the next one settles it', async () => {
    const events = await run(sse(chunk('Use sk-test'), chunk('s for the test keys.')));
    expect(events.filter((e) => e.type === 'text')).toEqual([
      { type: 'text', delta: 'Use sk-test' },
      { type: 'text', delta: 's for the test keys.' },
    ]);
  });

  it('sends a held start of the key out as it was when the stream ends there', async () => {
    const events = await run(sse(chunk('It starts sk-test-01')));
    expect(textOf(events)).toBe('It starts sk-test-01');
  });

  it('replaces the raw data of a message whose JSON does not show the delta as written', async () => {
    // \u0030 is "0", escaped as some servers do: the delta cannot be found in the data to rewrite it.
    const escaped = '{"choices":[{"index":0,"delta":{"content":"56789abcdef\\u0030"}}]}';
    const events = await run(sse(chunk('Key sk-test-01234'), escaped));
    expect(events.filter((e) => e.type === 'raw')).toEqual([
      { type: 'raw', data: chunk('Key [redacted]') },
      { type: 'raw', data: RAW_KEY_PART },
    ]);
    expect(textOf(events)).toBe('Key [redacted]0');
  });

  it('is scrubbed from a message of several parts whose last one starts the key', async () => {
    const gemini: ProviderConfig = { kind: 'gemini', baseUrl: 'https://g.example', model: 'm', apiKey: KEY };
    const parts = (...texts: string[]) =>
      JSON.stringify({ candidates: [{ content: { parts: texts.map((text) => ({ text })) } }] });
    const events = await run(sse(parts('Hello. ', 'Key sk-test-0123'), parts('456789abcdef!')), gemini);
    expect(events.filter((e) => e.type === 'raw' || e.type === 'text')).toEqual([
      { type: 'raw', data: parts('Hello. ', 'Key [redacted]') },
      { type: 'text', delta: 'Hello. ' },
      { type: 'text', delta: 'Key [redacted]' },
      { type: 'raw', data: parts('!') },
      { type: 'text', delta: '!' },
    ]);
  });

  it('is scrubbed however the answer is cut into deltas: the text is the answer with every key replaced', async () => {
    const alphabet = fc.constantFrom('s', 'k', '-', 't', 'e', '0', '1', 'a', ' ', KEY, KEY.slice(0, 9));
    await fc.assert(
      fc.asyncProperty(
        fc.array(alphabet, { minLength: 1, maxLength: 30 }).map((parts) => parts.join('')),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        async (answer, sizes) => {
          const deltas: string[] = [];
          for (let at = 0, i = 0; at < answer.length; i++) {
            const size = sizes[i % sizes.length];
            deltas.push(answer.slice(at, at + size));
            at += size;
          }
          const events = await run(sse(...deltas.map(chunk), '[DONE]'));
          const expected = answer.split(KEY).join('[redacted]');
          expect(textOf(events)).toBe(expected);
          expect(rawTextOf(events)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a hold that nothing settles', () => {
  it('ends after 1,024 events, so a stream of other events does not pile up behind a held delta', async () => {
    async function* stream(): AsyncGenerator<ProviderEvent> {
      yield { type: 'text', delta: 'It starts sk-te' };
      for (let i = 0; i < 1100; i++) yield { type: 'usage', usage: { promptTokens: i, completionTokens: 0 } };
      await new Promise(() => {}); // and then nothing, ever
    }
    let seen = 0;
    for await (const event of scrubKeyFromEvents(stream(), KEY)) {
      seen++;
      if (event.type === 'text') {
        expect(event.delta).toBe('It starts sk-te');
        break;
      }
    }
    expect(seen).toBe(1);
  });
});

describe('keyStartAt', () => {
  it('finds the longest end of a text that begins the key', () => {
    expect(keyStartAt('see sk-te', KEY)).toBe(4);
    expect(keyStartAt('ask', KEY)).toBe(1);
    expect(keyStartAt('s', KEY)).toBe(0);
    expect(keyStartAt('nothing here', KEY)).toBe(12);
    expect(keyStartAt('', KEY)).toBe(0);
  });

  it('does not count the whole key as a start of it', () => {
    expect(keyStartAt(`x${KEY}`, KEY)).toBe(KEY.length + 1);
  });
});
