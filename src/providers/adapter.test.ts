import { describe, expect, it } from 'vitest';
import { bearerRequest, readJsonStream, type MessageReader } from './adapter';
import { anthropicHeaders } from './anthropic';
import type { ProviderEvent } from './events';
import type { WireMessage } from './wire';

async function* wire(...data: string[]): AsyncGenerator<WireMessage> {
  for (const d of data) yield { data: d };
}

async function collect(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** An error from `{"fail"}` (first), text from `{"t"}`, a finish from `{"stop"}`, the end from `{"end": true}`. */
const read: MessageReader = function* (json) {
  if (typeof json.fail === 'string') yield { type: 'error', kind: 'protocol', message: json.fail };
  if (typeof json.t === 'string') yield { type: 'text', delta: json.t };
  if (typeof json.stop === 'string') yield { type: 'finish', reason: json.stop };
  if (json.end === true) return 'over';
};

const kinds = (events: ProviderEvent[]) =>
  events.map((e) =>
    e.type === 'raw' ? `raw ${e.data}` : e.type === 'error' ? `error ${e.message}` : e.type,
  );

describe('readJsonStream, the reading every protocol shares', () => {
  it('passes each message on raw before its events, and ends quietly after a finish', async () => {
    expect(kinds(await collect(readJsonStream(wire('{"t":"a"}', '{"stop":"stop"}'), read)))).toEqual([
      'raw {"t":"a"}',
      'text',
      'raw {"stop":"stop"}',
      'finish',
    ]);
  });

  it('ends at a message that is not JSON, with a protocol error quoting it', async () => {
    const events = await collect(readJsonStream(wire('{"t":"a"}', 'oops', '{"t":"b"}'), read));
    expect(kinds(events)).toEqual([
      'raw {"t":"a"}',
      'text',
      'raw oops',
      'error The provider sent a stream message that is not JSON: oops',
    ]);
  });

  it('stops at the first error event, reading nothing after it', async () => {
    const events = await collect(readJsonStream(wire('{"fail":"boom","t":"never"}', '{"t":"b"}'), read));
    expect(kinds(events)).toEqual(['raw {"fail":"boom","t":"never"}', 'error boom']);
  });

  it("says the stream was cut off when it ends, or reaches the protocol's end, without a finish", async () => {
    const cut =
      'error The stream ended before the provider finished its response (the connection closed early).';
    expect(kinds(await collect(readJsonStream(wire('{"t":"a"}'), read)))).toEqual([
      'raw {"t":"a"}',
      'text',
      cut,
    ]);
    expect(kinds(await collect(readJsonStream(wire('{"end":true}', '{"t":"b"}'), read)))).toEqual([
      'raw {"end":true}',
      cut,
    ]);
  });

  it('ends as it is at a done marker, and reports what the protocol held back until the end', async () => {
    const done = readJsonStream(wire('{"t":"a"}', '[DONE]', '{"t":"b"}'), read, {
      isDone: (d) => d === '[DONE]',
    });
    expect(kinds(await collect(done))).toEqual(['raw {"t":"a"}', 'text', 'raw [DONE]']);
    const held = readJsonStream(wire('{"stop":"stop"}'), read, {
      atEnd: () => ({ type: 'usage', usage: { promptTokens: 3, completionTokens: 1 } }),
    });
    expect(kinds(await collect(held))).toEqual(['raw {"stop":"stop"}', 'finish', 'usage']);
  });
});

describe('the request pieces every protocol shares', () => {
  const config = {
    kind: 'openai' as const,
    baseUrl: 'https://api.example.com/v1',
    model: 'm',
    apiKey: 'sk-1',
  };

  it('builds a Bearer POST, and one without an authorization header when there is no key', () => {
    expect(bearerRequest(config, 'https://api.example.com/v1/x', { a: 1 })).toEqual({
      url: 'https://api.example.com/v1/x',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-1' },
      body: '{"a":1}',
    });
    expect(bearerRequest({ ...config, apiKey: undefined }, 'u', {}).headers).toEqual({
      'content-type': 'application/json',
    });
  });

  it("gives Anthropic's summaries and counts the same headers", () => {
    expect(anthropicHeaders({ ...config, kind: 'anthropic', extraHeaders: { 'x-extra': '1' } })).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'sk-1',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
      'x-extra': '1',
    });
  });
});
