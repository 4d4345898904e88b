import { describe, expect, it } from 'vitest';
import { CompactionAbortedError, StallError } from '../core/errors';
import { SummarizerError } from '../core/summarizer';
import { describeProviderError } from './describeError';
import { ProviderError } from './summarizer';

const networkError = (preset: ProviderError['preset']) =>
  new ProviderError('network', 'Could not reach http://localhost:11434 (Failed to fetch).', {
    preset,
    baseUrl: 'http://localhost',
  });

describe('describeProviderError', () => {
  it("tells an Ollama user to set OLLAMA_ORIGINS to this page's origin", () => {
    const description = describeProviderError(networkError('ollama'), {
      origin: 'https://playground.example',
    });
    expect(description.category).toBe('network');
    expect(description.title).toBe('Could not reach Ollama (OpenAI-compatible)');
    expect(description.fix).toContain('OLLAMA_ORIGINS=https://playground.example ollama serve');
  });

  it("tells an LM Studio user to turn on the server's CORS switch", () => {
    expect(describeProviderError(networkError('lmstudio')).fix).toContain('Enable CORS');
  });

  it('uses the config for the fix when the error does not carry its provider', () => {
    const error = new SummarizerError('network', 'Could not reach the server.');
    const description = describeProviderError(error, {
      config: { kind: 'ollama' },
      origin: 'https://x.example',
    });
    expect(description.fix).toContain('OLLAMA_ORIGINS=https://x.example');
  });

  it('recognizes an Anthropic organization that has turned browser calls off', () => {
    const error = new ProviderError('auth', 'https://api.anthropic.com answered HTTP 401', {
      status: 401,
      providerMessage: 'CORS requests are not allowed for this Organization because of its settings.',
      preset: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
    });
    const description = describeProviderError(error);
    expect(description.title).toBe('Anthropic does not allow browser calls for this organization');
    expect(description.fix).toContain('organization settings');
  });

  it('names the provider whose overflow message matched', () => {
    const error = new ProviderError(
      'overflow',
      'https://api.anthropic.com answered HTTP 400: prompt is too long: 213462 tokens > 200000 maximum',
      {
        status: 400,
        providerMessage: 'prompt is too long: 213462 tokens > 200000 maximum',
        preset: 'anthropic',
        baseUrl: 'https://api.anthropic.com',
      },
    );
    expect(describeProviderError(error)).toMatchObject({
      category: 'overflow',
      overflowProvider: 'Anthropic',
      status: 400,
    });
  });

  it.each([
    ['auth', 'Google Gemini refused the API key'],
    ['quota', 'The account has used up its quota'],
    ['billing', 'The account has no credit left'],
    ['rate-limit', 'Rate limited: too many requests or tokens for now'],
    ['protocol', "The provider's response could not be read"],
  ] as const)('gives %s its own title', (kind, title) => {
    const error = new ProviderError(kind, 'x', {
      preset: 'gemini',
      baseUrl: 'https://generativelanguage.googleapis.com',
    });
    expect(describeProviderError(error).title).toBe(title);
  });

  it('reports a stop, a stall and anything else in their own words', () => {
    expect(describeProviderError(new CompactionAbortedError()).category).toBe('abort');
    expect(describeProviderError(new DOMException('The operation was aborted.', 'AbortError')).category).toBe(
      'abort',
    );
    expect(describeProviderError(new StallError(120000))).toMatchObject({
      category: 'stall',
      title: 'The provider went silent',
    });
    expect(describeProviderError('boom')).toEqual({
      category: 'unknown',
      title: 'The call failed',
      detail: 'boom',
    });
  });
});
