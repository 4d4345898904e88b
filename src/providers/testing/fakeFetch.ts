/**
 * A stand-in for `fetch` that replays a recorded response, for adapter tests.
 * Bodies can be cut into chunks of a few bytes, because real networks split
 * SSE events (and UTF-8 characters) anywhere.
 */
import type { ProviderEvent } from '../events';
import type { FetchLike } from '../stream';

export interface FakeReply {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  /** The body text, or its pieces as they should arrive. */
  body?: string | string[];
  /** Split the body into pieces of this many bytes. */
  chunkBytes?: number;
  /** Send the body, then keep the stream open forever (a stalled server). */
  hang?: boolean;
}

export interface FakeCall {
  url: string;
  init: RequestInit;
}

export type FakeFetch = FetchLike & { calls: FakeCall[] };

function bodyStream(reply: FakeReply): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = typeof reply.body === 'string' || reply.body === undefined ? [reply.body ?? ''] : reply.body;
  let chunks = parts.map((part) => encoder.encode(part));
  if (reply.chunkBytes) {
    const all = encoder.encode(parts.join(''));
    chunks = [];
    for (let i = 0; i < all.length; i += reply.chunkBytes) chunks.push(all.slice(i, i + reply.chunkBytes));
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) if (chunk.length) controller.enqueue(chunk);
      if (!reply.hang) controller.close();
    },
  });
}

/** Answers every call with `reply` (or what `reply(call)` returns). */
export function fakeFetch(reply: FakeReply | ((call: FakeCall) => FakeReply)): FakeFetch {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    init.signal?.throwIfAborted();
    const answer = typeof reply === 'function' ? reply(call) : reply;
    return new Response(bodyStream(answer), {
      status: answer.status ?? 200,
      statusText: answer.statusText,
      headers: answer.headers ?? { 'content-type': 'text/event-stream' },
    });
  };
  return Object.assign(fetch, { calls });
}

/** A `fetch` that fails the way a browser does on a refused connection or a CORS refusal. */
export function failingFetch(message = 'Failed to fetch'): FakeFetch {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    throw new TypeError(message);
  };
  return Object.assign(fetch, { calls });
}

/** A `fetch` that never answers, but gives up when its signal aborts, as the real one does. */
export function silentFetch(): FakeFetch {
  const calls: FakeCall[] = [];
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    });
  };
  return Object.assign(fetch, { calls });
}

/** A body that never ends, and what its reader did with it. */
export interface EndlessBody {
  /** Bytes handed to the reader so far. */
  readonly pulled: number;
  /** The reader cancelled the body: the connection would stop. */
  readonly cancelled: boolean;
}

/**
 * A `fetch` whose body is `first`, then `chunk` repeated for as long as it is
 * read (or, with `totalBytes`, until that many bytes), counting what was pulled.
 */
export function endlessFetch(
  chunk: string,
  options: { first?: string; status?: number; totalBytes?: number } = {},
): FakeFetch & { body: EndlessBody } {
  const encoder = new TextEncoder();
  const bytes = encoder.encode(chunk);
  const body = { pulled: 0, cancelled: false };
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    let first = options.first === undefined ? undefined : encoder.encode(options.first);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (options.totalBytes !== undefined && body.pulled >= options.totalBytes) {
          controller.close();
          return;
        }
        const next = first ?? bytes.slice();
        first = undefined;
        body.pulled += next.length;
        controller.enqueue(next);
      },
      cancel() {
        body.cancelled = true;
      },
    });
    return new Response(stream, { status: options.status ?? 200 });
  };
  return Object.assign(fetch, { calls, body });
}

/** SSE text from `[event, data]` pairs (event may be empty) or bare data strings. */
export function sse(...events: (string | readonly [string, unknown])[]): string {
  return events
    .map((item) => {
      if (typeof item === 'string') return `data: ${item}\n\n`;
      const [event, data] = item;
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
    })
    .join('');
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The events a summary is made of, without the raw wire units. */
export function meaningful(events: readonly ProviderEvent[]): ProviderEvent[] {
  return events.filter((event) => event.type !== 'raw');
}
