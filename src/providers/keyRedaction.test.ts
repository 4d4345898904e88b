import { describe, expect, it } from 'vitest';
import { redactRequest } from './keyRedaction';
import { buildProviderRequest } from './stream';

const call = { system: 's', prompt: 'p', maxTokens: 10, temperature: 0.3 };

describe('redactRequest', () => {
  it('keeps the scheme of a bearer token and hides the token', () => {
    const request = buildProviderRequest(
      {
        kind: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        model: 'gpt-4o',
        apiKey: 'sk-proj-abcdef123456',
      },
      call,
    );
    expect(redactRequest(request, 'sk-proj-abcdef123456').headers).toEqual({
      'content-type': 'application/json',
      authorization: 'Bearer [redacted]',
    });
  });

  it('hides x-api-key and x-goog-api-key even when the key is not passed in', () => {
    const anthropic = buildProviderRequest(
      { kind: 'anthropic', baseUrl: 'https://api.anthropic.com', model: 'm', apiKey: 'sk-ant-1234567890' },
      call,
    );
    const gemini = buildProviderRequest(
      {
        kind: 'gemini',
        baseUrl: 'https://generativelanguage.googleapis.com',
        model: 'm',
        apiKey: 'AIzaSy-1234567890',
      },
      call,
    );
    expect(redactRequest(anthropic).headers['x-api-key']).toBe('[redacted]');
    expect(redactRequest(gemini).headers['x-goog-api-key']).toBe('[redacted]');
  });

  it('replaces the key wherever else it appears: URL, body, user-added headers', () => {
    const key = 'secret-key-0123456789';
    const redacted = redactRequest(
      {
        url: `https://proxy.example/v1?token=${key}`,
        method: 'POST',
        headers: { 'x-proxy': `k=${key}` },
        body: `{"note":"${key}"}`,
      },
      key,
    );
    expect(redacted).toEqual({
      url: 'https://proxy.example/v1?token=[redacted]',
      method: 'POST',
      headers: { 'x-proxy': 'k=[redacted]' },
      body: '{"note":"[redacted]"}',
    });
  });

  it('leaves the request unchanged apart from credentials', () => {
    const request = buildProviderRequest(
      { kind: 'ollama', baseUrl: 'http://localhost:11434', model: 'llama3.2' },
      call,
    );
    expect(redactRequest(request)).toEqual(request);
  });
});
