import { describe, expect, it } from 'vitest';
import { classifyHttpError, classifyStreamError } from './classify';
import { finishCategory } from './events';

describe('classifyHttpError', () => {
  it.each([
    [401, '{"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}', 'auth'],
    [403, '{"error":"forbidden"}', 'auth'],
    [
      400,
      '{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}',
      'auth',
    ],
    [429, '{"error":{"message":"Rate limit reached for gpt-4o","code":"rate_limit_exceeded"}}', 'rate-limit'],
    [
      429,
      '{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}',
      'rate-limit',
    ],
    [
      429,
      '{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","code":"insufficient_quota"}}',
      'quota',
    ],
    [429, '{"error":{"message":"Quota exceeded for metric: generate_content_free_tier_requests"}}', 'quota'],
    [400, '{"error":{"message":"Your credit balance is too low to access the Anthropic API."}}', 'billing'],
    [402, '{"error":{"message":"Insufficient Balance"}}', 'billing'],
    [
      400,
      '{"error":{"type":"invalid_request_error","message":"prompt is too long: 213462 tokens > 200000 maximum"}}',
      'overflow',
    ],
    [
      400,
      '{"error":{"message":"The input token count (1213462) exceeds the maximum number of tokens allowed (1048576)."}}',
      'overflow',
    ],
    [400, '{"error":"prompt too long; exceeded max context length by 13462 tokens"}', 'overflow'],
    [413, '', 'overflow'],
    [
      429,
      '{"error":{"message":"ThrottlingException: Too many tokens, please wait before trying again."}}',
      'rate-limit',
    ],
    [500, 'Internal Server Error', 'http'],
    [404, '{"error":"model \\"llama9\\" not found, try pulling it first"}', 'http'],
  ])('HTTP %i with %s is %s', (status, body, kind) => {
    expect(classifyHttpError(status, body)).toBe(kind);
  });
});

describe('classifyStreamError', () => {
  it.each([
    ['overloaded_error: Overloaded', 'http'],
    ['rate_limit_error: Number of request tokens has exceeded your per-minute rate limit', 'rate-limit'],
    ['invalid_request_error: prompt is too long: 213462 tokens > 200000 maximum', 'overflow'],
  ])('%s is %s', (text, kind) => {
    expect(classifyStreamError(text)).toBe(kind);
  });
});

describe('finishCategory', () => {
  it.each([
    ['stop', 'stop'],
    ['end_turn', 'stop'],
    ['STOP', 'stop'],
    ['completed', 'stop'],
    ['length', 'length'],
    ['max_tokens', 'length'],
    ['MAX_TOKENS', 'length'],
    ['max_output_tokens', 'length'],
    ['SAFETY', 'filter'],
    ['tool_use', 'tool'],
    ['something_new', 'other'],
  ])('%s is %s', (reason, category) => {
    expect(finishCategory(reason)).toBe(category);
  });
});
