/**
 * The one place a provider request leaves this code. Every call (a preview's
 * stream, the judge, a side-by-side run, a count) carries the user's key in a
 * header and the transcript in its body, and `fetch` left to itself follows a
 * redirect by sending both again: a browser drops `Authorization` when the
 * redirect leads to another origin, but not `x-api-key` or `x-goog-api-key`,
 * and neither does Node. A server (or anything in front of it) that answers
 * 307 to another host would receive the key. So fetch follows no redirect
 * here: one to the same origin that keeps the request (307, 308) is followed
 * by hand, where the new address is known (Node); every other is refused.
 */
import { originOf } from './config';
import type { ProviderHttpRequest } from './events';
import { carriesCredential } from './keyRedaction';

/** The subset of `fetch` the providers use; tests pass a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Calls through the global at call time: a detached `fetch` throws "Illegal invocation" in browsers. */
export const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** Same-origin redirects followed in a row before the call is refused: a loop must end. */
export const MAX_REDIRECTS = 5;

/** The two statuses whose redirect repeats the request as it was; 301, 302 and 303 may turn a POST into a GET. */
const REPEATING = new Set([307, 308]);

/** A redirect the call did not follow, with where it pointed when that is known. */
export class RedirectRefusedError extends Error {
  /** The address that answered with the redirect. */
  readonly from: string;
  /** Where it pointed; undefined in a browser, which does not let a page see it. */
  readonly to?: string;
  /** The redirect's status; 0 when the browser hides it. */
  readonly status: number;

  constructor(message: string, options: { from: string; to?: string; status: number }) {
    super(message);
    this.name = 'RedirectRefusedError';
    this.from = options.from;
    this.to = options.to;
    this.status = options.status;
  }
}

export interface SendOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** Where a 3xx answer points, resolved against the address that sent it; undefined when it is no redirect. */
function locationOf(response: Response, url: string): string | undefined {
  if (response.status < 300 || response.status > 399) return undefined;
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    return new URL(location, url).href;
  } catch {
    return location;
  }
}

function refusal(
  request: ProviderHttpRequest,
  url: string,
  response: Response,
  to: string | undefined,
): RedirectRefusedError {
  const server = `The server at ${originOf(url)}`;
  const what = carriesCredential(request.headers) ? 'your key' : 'your transcript';
  const options = { from: url, to, status: response.status };
  if (to === undefined) {
    return new RedirectRefusedError(
      `${server} redirected to another address (the browser does not say which); a request with ${what} does not follow it.`,
      options,
    );
  }
  if (originOf(to) !== originOf(url)) {
    return new RedirectRefusedError(
      `${server} redirected to another address (${to}); a request with ${what} does not follow it.`,
      options,
    );
  }
  return new RedirectRefusedError(
    `${server} redirected to ${to} (HTTP ${response.status}); only a 307 or 308 redirect on the same server is followed, at most ${MAX_REDIRECTS} in a row.`,
    options,
  );
}

/**
 * Sends `request` and answers with the response that is not a redirect.
 * Throws a `RedirectRefusedError` for a redirect it does not follow, and
 * whatever `fetch` throws (an abort, a refused connection) as it is.
 */
export async function sendProviderRequest(
  request: ProviderHttpRequest,
  options: SendOptions = {},
): Promise<Response> {
  const fetch = options.fetch ?? globalFetch;
  let url = request.url;
  for (let hops = 0; ; hops++) {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: options.signal,
      redirect: 'manual',
    });
    const opaque = response.type === 'opaqueredirect';
    const to = opaque ? undefined : locationOf(response, url);
    if (!opaque && to === undefined) return response;
    // The redirect's own body is not read: it only holds the connection open.
    response.body?.cancel().catch(() => {});
    const follows =
      to !== undefined &&
      originOf(to) === originOf(url) &&
      REPEATING.has(response.status) &&
      hops < MAX_REDIRECTS;
    if (!follows) throw refusal(request, url, response, to);
    url = to;
  }
}
