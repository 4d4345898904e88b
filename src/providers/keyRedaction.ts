/**
 * A request as it may be shown or stored: the key replaced in every place it
 * could appear. The UI's request tab and any bug report go through here.
 */
import type { ProviderHttpRequest } from './events';

export const REDACTED = '[redacted]';

/** Headers that carry a credential in the providers we call. */
const SECRET_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'proxy-authorization',
]);

/** Whether a request's headers carry a credential: what a redirect must not take elsewhere. */
export function carriesCredential(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => SECRET_HEADERS.has(name.toLowerCase()));
}

function redactHeader(name: string, value: string): string {
  if (!SECRET_HEADERS.has(name.toLowerCase())) return value;
  // Keep the scheme: "Bearer [redacted]" still tells a reader which auth was used.
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/**
 * A function that replaces every occurrence of `apiKey` in a text with
 * `[redacted]`. Some services quote the key they refused ("Incorrect API key
 * provided: sk-…"), so everything a provider sends back passes through one.
 */
export function keyScrubber(apiKey?: string): (text: string) => string {
  const key = usableKey(apiKey);
  return (text) => (key && text.includes(key) ? text.split(key).join(REDACTED) : text);
}

/** The key as scrubbed: trimmed, and none at all when too short to be one. */
export function usableKey(apiKey?: string): string | undefined {
  // Short "keys" (an empty field, "x") would turn ordinary text into [redacted].
  return apiKey && apiKey.trim().length >= 8 ? apiKey.trim() : undefined;
}

/**
 * Replaces credential headers, and any other occurrence of `apiKey` (in the
 * URL, the body or a user-added header), with `[redacted]`.
 */
export function redactRequest(request: ProviderHttpRequest, apiKey?: string): ProviderHttpRequest {
  const scrub = keyScrubber(apiKey);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name] = scrub(redactHeader(name, value));
  return { ...request, url: scrub(request.url), headers, body: scrub(request.body) };
}
