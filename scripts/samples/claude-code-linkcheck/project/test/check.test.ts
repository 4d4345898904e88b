import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkLinks } from '../src/check.js';

const options = { timeoutMs: 1000, ignore: [] };

afterEach(() => vi.unstubAllGlobals());

describe('checkLinks', () => {
  it('reports a 404 as broken', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
    const [result] = await checkLinks([{ file: 'README.md', line: 3, url: 'https://example.com/gone' }], options);
    expect(result).toMatchObject({ ok: false, status: 404 });
  });

  it('falls back to GET when HEAD is not allowed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 405 }))
      .mockResolvedValueOnce(new Response('ok', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const [result] = await checkLinks([{ file: 'README.md', line: 1, url: 'https://example.com/' }], options);
    expect(result.ok).toBe(true);
    expect(fetchMock.mock.calls.map((c) => c[1].method)).toEqual(['HEAD', 'GET']);
  });

  it('skips ignored links', async () => {
    const results = await checkLinks([{ file: 'a.md', line: 1, url: 'https://localhost:3000/' }], {
      ...options,
      ignore: [/localhost/],
    });
    expect(results).toEqual([]);
  });
});
