import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createUrlSync, isOwnFragment, replaceFragment } from './urlState';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('address bar sync', () => {
  test('a burst of changes writes once, the last state, after the quiet time', async () => {
    const write = vi.fn();
    const sync = createUrlSync({ delayMs: 300, write });
    sync.update('v1.a');
    await vi.advanceTimersByTimeAsync(200);
    sync.update('v1.b');
    await vi.advanceTimersByTimeAsync(200);
    sync.update('v1.c');
    await vi.advanceTimersByTimeAsync(299);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(write.mock.calls).toEqual([['v1.c']]);
  });

  test('only the settled state is encoded when the encoding is deferred', async () => {
    const write = vi.fn();
    const encode = vi.fn((n: number) => `v1.${n}`);
    const sync = createUrlSync({ delayMs: 100, write });
    for (let n = 0; n < 60; n++) sync.update(() => encode(n));
    await vi.advanceTimersByTimeAsync(100);
    expect(encode.mock.calls).toEqual([[59]]);
    expect(write.mock.calls).toEqual([['v1.59']]);
  });

  test('an encoding overtaken by a newer change is not written', async () => {
    const write = vi.fn();
    let finishSlow: (fragment: string) => void = () => {};
    const sync = createUrlSync({ delayMs: 10, write });
    sync.update(() => new Promise<string>((resolve) => (finishSlow = resolve)));
    await vi.advanceTimersByTimeAsync(10);
    sync.update('v1.new');
    finishSlow('v1.old');
    await vi.advanceTimersByTimeAsync(10);
    expect(write.mock.calls).toEqual([['v1.new']]);
  });

  test('the same fragment is not written twice', async () => {
    const write = vi.fn();
    const sync = createUrlSync({ delayMs: 10, write });
    sync.update('v1.same');
    await vi.advanceTimersByTimeAsync(10);
    sync.update('v1.same');
    await vi.advanceTimersByTimeAsync(10);
    expect(write).toHaveBeenCalledTimes(1);
  });

  test('flush writes a pending change at once; cancel drops it', async () => {
    const write = vi.fn();
    const sync = createUrlSync({ delayMs: 1000, write });
    sync.update('v1.now');
    await sync.flush();
    expect(write.mock.calls).toEqual([['v1.now']]);
    sync.update('v1.never');
    sync.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(write.mock.calls).toEqual([['v1.now']]);
  });

  test('cancel drops an encoding already under way: its answer is not written', async () => {
    const write = vi.fn();
    let finish: (fragment: string) => void = () => {};
    const sync = createUrlSync({ delayMs: 10, write });
    sync.update(() => new Promise<string>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(10);
    sync.cancel();
    finish('v1.replaced');
    await vi.advanceTimersByTimeAsync(10);
    expect(write).not.toHaveBeenCalled();
    sync.update('v1.loaded');
    await vi.advanceTimersByTimeAsync(10);
    expect(write.mock.calls).toEqual([['v1.loaded']]);
  });

  test('a failed encoding is reported and leaves the URL alone', async () => {
    const write = vi.fn();
    const onError = vi.fn();
    const sync = createUrlSync({ delayMs: 10, write, onError });
    sync.update(() => Promise.reject(new Error('over the limits')));
    await vi.advanceTimersByTimeAsync(10);
    expect(write).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(new Error('over the limits'));
  });

  test('by default the fragment is replaced with replaceState, keeping path, query and history state', async () => {
    const replaceState = vi.fn();
    const pushState = vi.fn();
    vi.stubGlobal('window', {
      location: { href: 'https://example.com/app/?sample=codex#v1.old' },
      history: { state: { scroll: 10 }, replaceState, pushState },
    });
    const sync = createUrlSync({ delayMs: 50 });
    sync.update('v1.new');
    await vi.advanceTimersByTimeAsync(50);
    expect(replaceState.mock.calls).toEqual([
      [{ scroll: 10 }, '', 'https://example.com/app/?sample=codex#v1.new'],
    ]);
    expect(pushState).not.toHaveBeenCalled();
  });

  test('an empty fragment removes the hash', () => {
    const replaceState = vi.fn();
    vi.stubGlobal('window', {
      location: { href: 'https://example.com/app/#v1.old' },
      history: { state: null, replaceState },
    });
    replaceFragment('');
    expect(replaceState.mock.calls).toEqual([[null, '', 'https://example.com/app/']]);
  });

  test('a fragment this tab wrote is recognized as its own, so a reload is not taken for a link', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      location: { href: 'https://example.com/app/' },
      history: { state: null, replaceState: vi.fn() },
    });
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
    });
    expect(isOwnFragment('v1.mine')).toBe(false);
    replaceFragment('v1.mine');
    expect([isOwnFragment('v1.mine'), isOwnFragment('v1.theirs'), isOwnFragment('')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
