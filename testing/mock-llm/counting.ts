/**
 * The providers' token-counting endpoints, answered deterministically so a
 * test can predict the exact number:
 *
 *   count = ⌈ characters of every string in the request body / 3 ⌉
 *
 * leaving out the values of `model`, `role` and `type` keys (names of the
 * request's parts, not its content). A rule, not a tokenizer: it differs
 * from our estimate by a ratio a test can compute (the default sample's
 * 130,834 o200k_base tokens count as 127,167 in Anthropic's request shape,
 * scale 0.972).
 *
 *   POST /v1/messages/count_tokens          Anthropic  → {input_tokens}
 *   POST /v1beta/models/{model}:countTokens Gemini     → {totalTokens}
 *   POST /v1/responses/input_tokens         OpenAI     → {object, input_tokens}
 */
import type { Family } from './protocols';

/** Which family's counting endpoint `pathname` is, with Gemini's model from the path. */
export function countRoute(pathname: string): { family: Family; pathModel?: string } | undefined {
  if (pathname === '/v1/messages/count_tokens') return { family: 'anthropic' };
  if (pathname === '/v1/responses/input_tokens') return { family: 'openai-responses' };
  const gemini = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):countTokens$/.exec(pathname);
  if (gemini) return { family: 'gemini', pathModel: decodeURIComponent(gemini[1]) };
  return undefined;
}

const NOT_CONTENT = new Set(['model', 'role', 'type']);

/** Characters of every string in `value`, but those under `model`, `role` and `type`. */
export function contentCharacters(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + contentCharacters(item), 0);
  if (value !== null && typeof value === 'object') {
    let sum = 0;
    for (const [key, item] of Object.entries(value))
      if (!NOT_CONTENT.has(key)) sum += contentCharacters(item);
    return sum;
  }
  return 0;
}

export function mockCount(body: unknown): number {
  return Math.ceil(contentCharacters(body) / 3);
}

/** The answer each family's endpoint gives. */
export function countReply(family: Family, count: number): Record<string, unknown> {
  switch (family) {
    case 'gemini':
      return { totalTokens: count };
    case 'openai-responses':
      return { object: 'response.input_tokens', input_tokens: count };
    default:
      return { input_tokens: count };
  }
}

/** The model a counting request names: in the path for Gemini, in the body's `model` (or Gemini's inner request) otherwise. */
export function countModel(body: Record<string, unknown>, pathModel?: string): string {
  if (pathModel) return pathModel;
  return typeof body.model === 'string' ? body.model : '';
}
