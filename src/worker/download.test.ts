import { afterEach, describe, expect, it, vi } from 'vitest';
import { download } from './download';
import type { Progress } from './protocol';

const URL = 'https://example.test/session.jsonl';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A response whose body arrives in these pieces. */
function respond(pieces: string[], init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, init);
}

describe('download', () => {
  it('reads the body and reports the bytes read against the length the server gave', async () => {
    vi.stubGlobal('fetch', async () => respond(['{"a":', '1}\n'], { headers: { 'content-length': '8' } }));
    const reports: Progress[] = [];
    const blob = await download(URL, new AbortController().signal, (p) => reports.push(p));
    expect(await blob.text()).toBe('{"a":1}\n');
    expect(reports).toEqual([
      { phase: 'reading', done: 0, total: 8 },
      { phase: 'reading', done: 5, total: 8 },
      { phase: 'reading', done: 8, total: 8 },
    ]);
  });

  it('reports a total of 0 when the server does not give the length', async () => {
    vi.stubGlobal('fetch', async () => respond(['abc']));
    const reports: Progress[] = [];
    await download(URL, new AbortController().signal, (p) => reports.push(p));
    expect(reports.at(-1)).toEqual({ phase: 'reading', done: 3, total: 0 });
  });

  it('names the address and the status of an answer that is not OK', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(download(URL, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'network',
      message: `${URL}: the server answered HTTP 404`,
    });
  });

  it('says a request that could not be made may be refused across origins', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(download(URL, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'network',
      message: `${URL}: could not be fetched (Failed to fetch). The server may not allow cross-origin requests.`,
    });
  });

  it('gives up on a server that does not answer within 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    let failed = false;
    const pending = download(URL, new AbortController().signal, () => {});
    pending.catch(() => (failed = true));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toMatchObject({
      code: 'network',
      message: `${URL}: could not be fetched (the server did not answer within 30 s).`,
    });
  });

  it('reads a cancel during the request as a cancelled import, not a network error', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      controller.abort();
      return Promise.reject(init.signal!.reason);
    });
    await expect(download(URL, controller.signal, () => {})).rejects.toMatchObject({
      code: 'aborted',
      message: 'The import was cancelled',
    });
  });
});
