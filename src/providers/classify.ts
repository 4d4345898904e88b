/**
 * Which kind of failure an HTTP error is, from its status and the provider's
 * error text. The kind decides what the core does next (auth, quota and
 * billing stop at once; the rest may be retried) and what the user is told.
 */
import type { SummarizerErrorKind } from '../core/summarizer';
import { matchOverflow } from '../core/overflow';

/**
 * A key that is wrong, whatever status carries it: Gemini answers a bad key
 * with 400 INVALID_ARGUMENT, not 401.
 */
const AUTH_TEXT =
  /api key not valid|api_key_invalid|invalid[ _-]api[ _-]key|incorrect api key|invalid x-api-key|authentication_error|unauthorized|permission_error/i;

/**
 * Used up, as opposed to "slow down". Deliberately narrower than the word
 * "quota": Gemini's plain rate limit says "Resource has been exhausted (e.g.
 * check quota)" and is worth a retry.
 */
const QUOTA_TEXT =
  /insufficient_quota|exceeded your current quota|quota exceeded|quota_exceeded|out of quota/i;

/** Checked after quota: OpenAI's quota message also mentions "billing details". */
const BILLING_TEXT =
  /billing|credit balance|insufficient[ _](credits?|balance|funds)|payment required|purchase credits/i;

export function classifyHttpError(status: number, text: string): SummarizerErrorKind {
  if (status === 401 || status === 403 || AUTH_TEXT.test(text)) return 'auth';
  if (QUOTA_TEXT.test(text)) return 'quota';
  if (status === 402 || BILLING_TEXT.test(text)) return 'billing';
  if (matchOverflow({ message: text, status })) return 'overflow';
  if (status === 429) return 'rate-limit';
  return 'http';
}

/**
 * An error reported inside a stream that had started fine (an Anthropic
 * `error` event, an OpenAI chunk with `error`): no status, only text and,
 * sometimes, a type such as `overloaded_error` or `rate_limit_error`.
 */
export function classifyStreamError(text: string): SummarizerErrorKind {
  if (/rate_limit|rate limit|too many requests/i.test(text)) return 'rate-limit';
  return classifyHttpError(0, text);
}
