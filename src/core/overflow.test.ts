import { describe, expect, it } from 'vitest';
import { isOverflowError, matchOverflow, responseHitContextLimit } from './overflow';
import { SummarizerError } from './summarizer';

describe('isOverflowError', () => {
  const examples: [string, string][] = [
    ['Anthropic', 'prompt is too long: 213462 tokens > 200000 maximum'],
    ['Anthropic (HTTP 413)', '{"type":"error","error":{"type":"request_too_large"}}'],
    ['Amazon Bedrock', 'ValidationException: Input is too long for requested model.'],
    ['OpenAI', 'Your input exceeds the context window of this model.'],
    [
      'OpenAI / DeepSeek / OpenRouter',
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens",
    ],
    ['OpenAI-compatible / LiteLLM', 'Request exceeds the maximum context length of 32768 tokens'],
    [
      'Google Gemini',
      'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    ],
    ['xAI Grok', "This model's maximum prompt length is 131072 but the request contains 140000 tokens."],
    ['Groq', 'Please reduce the length of the messages or completion.'],
    ['OpenAI / DeepSeek / OpenRouter', 'maximum context length is 128000 tokens'],
    ['OpenRouter / Poolside', 'Input exceeds maximum allowed input length of 64000 tokens'],
    ['Together AI', "Input (140000 tokens) is longer than the model's context length (131072 tokens)."],
    ['GitHub Copilot', 'prompt token count of 140000 exceeds the limit of 128000'],
    ['llama.cpp', 'the request exceeds the available context size, try increasing it'],
    [
      'LM Studio',
      'Trying to keep the first 9000 tokens when context the overflows. However, the model is loaded with context length of 8192, which is greater than the context length',
    ],
    ['MiniMax', 'invalid params, context window exceeds limit (2013)'],
    ['Kimi', 'Your request exceeded model token limit: 262144'],
    ['Mistral', 'Prompt contains 40000 tokens, too large for model with 32768 maximum context length'],
    ['DS4', 'request needs 70000 tokens but the configured context size is 65536'],
    ['z.ai', 'finish_reason: model_context_window_exceeded'],
    ['Ollama', 'prompt too long; exceeded max context length by 1200 tokens'],
    ['DashScope / Qwen', 'Range of input length should be [1, 30720]'],
    ['vLLM', 'you requested 2048 output tokens but only 1000 are left'],
    ['vLLM', 'your prompt contains at least 3097 input tokens'],
    ['vLLM', 'for a total of at least 4097 tokens'],
    ['Cerebras', '400 status code (no body)'],
    ['generic', 'context_length_exceeded'],
    ['generic', 'ValidationError: too many tokens in request'],
    ['generic', 'token limit exceeded'],
  ];

  for (const [provider, text] of examples) {
    it(`names ${provider} for "${text.slice(0, 48)}"`, () => {
      expect(matchOverflow(new Error(text))?.provider).toBe(provider);
    });
  }

  it('names OpenAI and DeepSeek for their whole message, though it ends with Groq’s words', () => {
    const openai =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.";
    const deepseek =
      "This model's maximum context length is 65536 tokens. However, you requested 70000 tokens (70000 in the messages, 0 in the completion). Please reduce the length of the messages or completion.";
    expect(matchOverflow(new Error(openai))?.provider).toBe('OpenAI / DeepSeek / OpenRouter');
    expect(matchOverflow(new Error(deepseek))?.provider).toBe('OpenAI / DeepSeek / OpenRouter');
    expect(
      matchOverflow(new Error('Please reduce the length of the messages or completion.'))?.provider,
    ).toBe('Groq');
  });

  it('names vLLM for its message, though it starts with OpenAI’s sentence', () => {
    const vllm =
      "This model's maximum context length is 4096 tokens. However, you requested 1000 output tokens and your prompt contains at least 3097 input tokens, for a total of at least 4097 tokens. Please reduce the length of the input prompt or the number of requested output tokens.";
    expect(matchOverflow(new Error(vllm))).toEqual({
      provider: 'vLLM',
      pattern: 'requested \\d+ output tokens',
    });
  });

  it('rules out rate limiting first, even when it mentions too many tokens', () => {
    expect(
      isOverflowError(new Error('ThrottlingException: Too many tokens, please wait before trying again')),
    ).toBe(false);
    expect(isOverflowError('429 rate limit reached: too many tokens per minute')).toBe(false);
    expect(isOverflowError('Service Unavailable: prompt is too long')).toBe(false);
  });

  it('counts HTTP 413 as an overflow', () => {
    expect(matchOverflow({ status: 413, message: 'Payload Too Large' })).toEqual({
      provider: 'HTTP',
      pattern: 'HTTP 413',
    });
  });

  it('counts an HTTP 413 on a nested cause as an overflow', () => {
    const error = new Error('fetch failed', { cause: { status: 413, message: 'Payload Too Large' } });
    expect(matchOverflow(error)).toEqual({ provider: 'HTTP', pattern: 'HTTP 413' });
    expect(isOverflowError(new Error('HTTP 500', { cause: { status: 500 } }))).toBe(false);
  });

  it('follows a cycle of causes only once', () => {
    const a: { message: string; cause?: unknown } = { message: 'outer' };
    a.cause = { message: 'inner', cause: a };
    expect(isOverflowError(a)).toBe(false);
  });

  it('reads the provider message of a summarizer error and nested error objects', () => {
    const error = new SummarizerError('http', 'HTTP 400', {
      status: 400,
      providerMessage: 'prompt is too long: 5 > 4',
    });
    expect(isOverflowError(error)).toBe(true);
    expect(isOverflowError({ error: { message: 'context_length_exceeded' } })).toBe(true);
  });

  it('is false for nothing, and for unrelated errors', () => {
    expect(isOverflowError(null)).toBe(false);
    expect(isOverflowError(new Error('invalid api key'))).toBe(false);
  });
});

describe('responseHitContextLimit', () => {
  const budget = 8192;
  const response = (finishReason: string, promptTokens: number, completionTokens: number) => ({
    finishReason,
    usage: { promptTokens, completionTokens },
  });

  it('is true when a length stop produced less than the budget asked for', () => {
    expect(responseHitContextLimit(response('length', 1000, 120), 128000, budget)).toBe(true);
  });

  it('is false when a length stop used the whole budget: our cap stopped it', () => {
    expect(responseHitContextLimit(response('length', 1000, 8192), 128000, budget)).toBe(false);
  });

  it('is false for a length stop without usage, and for a normal stop', () => {
    expect(responseHitContextLimit({ finishReason: 'length' }, 128000, budget)).toBe(false);
    expect(responseHitContextLimit(response('stop', 1000, 10), 128000, budget)).toBe(false);
    expect(responseHitContextLimit(null, 128000, budget)).toBe(false);
  });

  it('takes a bare "incomplete" for no length stop: it may be a content filter, and is none of the three shapes', () => {
    expect(responseHitContextLimit(response('incomplete', 1000, 120), 128000, budget)).toBe(false);
    expect(responseHitContextLimit(response('incomplete', 127500, 0), 128000, budget)).toBe(false);
    // The reason the Responses API names when the output cap stopped it is a length stop.
    expect(responseHitContextLimit(response('max_output_tokens', 1000, 120), 128000, budget)).toBe(true);
  });

  it('is true when the provider silently accepted a prompt larger than the window', () => {
    expect(responseHitContextLimit(response('stop', 210000, 500), 200000, budget)).toBe(true);
  });

  it('is true when the input filled the window and nothing was generated', () => {
    expect(responseHitContextLimit(response('length', 198000, 0), 200000, budget)).toBe(true);
    expect(responseHitContextLimit(response('length', 197999, 0), 200000, budget)).toBe(false);
  });
});
