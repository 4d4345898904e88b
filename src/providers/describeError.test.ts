import { describe, expect, it } from 'vitest';
import { CompactionAbortedError, StallError } from '../core/errors';
import { SummarizerError } from '../core/summarizer';
import { describeProviderError } from './describeError';
import { ProviderError } from './summarizer';

const unreachable = (preset: ProviderError['preset'], baseUrl: string, url: string) =>
  new ProviderError('unreachable', `Could not reach ${url} (Failed to fetch).`, { preset, baseUrl, url });

describe('describeProviderError', () => {
  it('says an answer that would not end was stopped, and that running again would not help', () => {
    const message =
      "The provider's answer passed 400,000 characters; it was stopped there, far beyond any real summary " +
      '(http://127.0.0.1:8000/v1/chat/completions may ignore the token cap, or the model is repeating itself).';
    const error = new ProviderError('too-long', message, {
      preset: 'vllm',
      baseUrl: 'http://127.0.0.1:8000/v1',
      url: 'http://127.0.0.1:8000/v1/chat/completions',
    });
    expect(describeProviderError(error)).toEqual({
      category: 'too-long',
      title: 'The answer from vLLM would not end',
      detail: message,
      fix: 'Check that the server honours the token cap of the request (max_tokens), or choose another model; running again would stream as much once more.',
      status: undefined,
      providerMessage: undefined,
    });
  });

  it("tells an Ollama user to set OLLAMA_ORIGINS to this page's origin, naming the address called", () => {
    const error = unreachable(
      'ollama',
      'http://localhost:11434/v1',
      'http://localhost:11434/v1/chat/completions',
    );
    const description = describeProviderError(error, { origin: 'https://playground.example' });
    expect(description.category).toBe('unreachable');
    expect(description.title).toBe(
      'Could not reach Ollama (OpenAI-compatible) at http://localhost:11434/v1/chat/completions',
    );
    expect(description.fix).toContain('OLLAMA_ORIGINS=https://playground.example ollama serve');
  });

  it("keeps a local server's advice at another port: its software is the same anywhere", () => {
    const error = unreachable(
      'lmstudio',
      'http://127.0.0.1:4321/v1',
      'http://127.0.0.1:4321/v1/chat/completions',
    );
    const description = describeProviderError(error);
    expect(description.title).toBe('Could not reach LM Studio at http://127.0.0.1:4321/v1/chat/completions');
    expect(description.fix).toContain('Enable CORS');
  });

  it('never blames api.anthropic.com for an Anthropic-compatible server at another address', () => {
    const error = unreachable('anthropic', 'http://127.0.0.1:9', 'http://127.0.0.1:9/v1/messages');
    const description = describeProviderError(error, { origin: 'https://playground.example' });
    expect(description).toMatchObject({
      category: 'unreachable',
      title: 'Could not reach http://127.0.0.1:9/v1/messages',
      fix: 'Check that the server is running at http://127.0.0.1:9/v1/messages and that it allows cross-origin requests from https://playground.example (its CORS setting).',
    });
    expect(JSON.stringify(description)).not.toMatch(/anthropic\.com|Anthropic/);
  });

  it("names the service and gives its own advice at the service's own address", () => {
    const error = unreachable(
      'anthropic',
      'https://api.anthropic.com/',
      'https://api.anthropic.com/v1/messages',
    );
    const description = describeProviderError(error);
    expect(description.title).toBe('Could not reach Anthropic at https://api.anthropic.com/v1/messages');
    expect(description.fix).toContain('blocks api.anthropic.com');
  });

  it('says which server refused a key or answered an error: the service, or the server at its address', () => {
    const gateway = {
      preset: 'openai' as const,
      baseUrl: 'https://gateway.example/v1',
      url: 'https://gateway.example/v1/chat/completions',
    };
    expect(describeProviderError(new ProviderError('auth', 'x', { ...gateway, status: 401 })).title).toBe(
      'The server at https://gateway.example refused the API key',
    );
    expect(describeProviderError(new ProviderError('http', 'x', { ...gateway, status: 404 })).title).toBe(
      'The server at https://gateway.example answered with an error (HTTP 404)',
    );
    const own = { preset: 'openai' as const, baseUrl: 'https://api.openai.com/v1', status: 401 };
    expect(describeProviderError(new ProviderError('auth', 'x', own)).title).toBe(
      'OpenAI (Chat Completions) refused the API key',
    );
  });

  it('tells a broken connection apart from a server that never answered', () => {
    const error = new ProviderError('network', 'The connection broke', {
      preset: 'custom',
      baseUrl: 'http://127.0.0.1:8000/v1',
      url: 'http://127.0.0.1:8000/v1/chat/completions',
    });
    expect(describeProviderError(error)).toMatchObject({
      category: 'network',
      title: 'The connection to Custom (OpenAI-compatible) broke during the answer',
    });
  });

  it('uses the config for the fix and the address when the error does not carry its provider', () => {
    const error = new SummarizerError('unreachable', 'Could not reach the server.');
    const description = describeProviderError(error, {
      config: { kind: 'ollama', baseUrl: 'http://127.0.0.1:11434' },
      origin: 'https://x.example',
    });
    expect(description.title).toBe('Could not reach Ollama (native /api/chat) at http://127.0.0.1:11434');
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
