/** The recorded requests the lab's checks read: generation requests only, keys removed. */
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../mock-llm/server';
import { labRequests } from './requests';

const chat = JSON.stringify({
  model: 'agent',
  messages: [{ role: 'user', content: 'Go.' }],
  tools: [],
});
const gemini = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Go.' }] }] });

const post = (url: string, family: RecordedRequest['family'], body: string): RecordedRequest => ({
  method: 'POST',
  url,
  headers: { authorization: 'Bearer k', 'user-agent': 'lab' },
  body,
  family,
  model: 'agent',
});

describe('labRequests', () => {
  it('keeps every generation request, whatever words its path or query holds, and numbers them in order', () => {
    const recorded = [
      post('/v1/messages?beta=true', 'anthropic', chat),
      post('/v1/messages/count_tokens?beta=true', 'anthropic', chat),
      post('/v1beta/models/input_tokens-probe:streamGenerateContent?alt=sse', 'gemini', gemini),
      post('/v1beta/models/agent:countTokens', 'gemini', gemini),
      post('/v1/responses/input_tokens', 'openai-responses', chat),
      post('/v1/chat/completions?trace=countTokens', 'openai-chat', chat),
      { method: 'OPTIONS', url: '/v1/messages', headers: {}, body: '', family: 'anthropic' },
      post('/v1/models', undefined, chat),
    ] satisfies RecordedRequest[];
    const kept = labRequests(recorded);
    expect(kept.map((r) => [r.call, r.url])).toEqual([
      [1, '/v1/messages?beta=true'],
      [2, '/v1beta/models/input_tokens-probe:streamGenerateContent?alt=sse'],
      [3, '/v1/chat/completions?trace=countTokens'],
    ]);
    expect(kept[0]!.headers).toEqual({ 'user-agent': 'lab' });
  });
});
