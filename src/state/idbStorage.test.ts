import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledWrites } from './idbStorage';

describe('settings writes during a drag', () => {
  let stored: [string, string, number][] = [];
  const store = (name: string, value: string) => {
    stored.push([name, value, Date.now()]);
    return Promise.resolve();
  };
  /** Fake timers move the clock too, so each timer fires at its own time. */
  const advance = (ms: number) => vi.advanceTimersByTime(ms);
  const clock = () => Date.now();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
    stored = [];
  });
  afterEach(() => vi.useRealTimers());

  it('writes a single change at once', () => {
    const writes = throttledWrites(store, 250, clock);
    void writes.write('settings', 'a');
    expect(stored).toEqual([['settings', 'a', 1_000]]);
  });

  it('writes a burst of changes as its first and its last, the last when the interval ends', () => {
    const writes = throttledWrites(store, 250, clock);
    for (let step = 0; step < 30; step++) {
      void writes.write('settings', `v${step}`);
      advance(16);
    }
    // 30 frames of 16 ms: the first at once, then one per 250 ms with the latest value.
    expect(stored).toEqual([
      ['settings', 'v0', 1_000],
      ['settings', 'v15', 1_250],
    ]);
    advance(250);
    expect(stored.at(-1)).toEqual(['settings', 'v29', 1_500]);
    expect(stored).toHaveLength(3);
  });

  it('writes what is waiting when the page goes away, once', () => {
    const writes = throttledWrites(store, 250, clock);
    void writes.write('settings', 'a');
    advance(10);
    void writes.write('settings', 'b');
    writes.flush();
    expect(stored.map(([, value]) => value)).toEqual(['a', 'b']);
    advance(500);
    expect(stored).toHaveLength(2);
  });

  it('keeps names apart, and a discarded value is never written', () => {
    const writes = throttledWrites(store, 250, clock);
    void writes.write('settings', 'a');
    void writes.write('theme', 'dark');
    advance(10);
    void writes.write('settings', 'b');
    writes.discard('settings');
    advance(500);
    expect(stored.map(([name, value]) => `${name}=${value}`)).toEqual(['settings=a', 'theme=dark']);
  });

  it('after a stop, nothing waiting and nothing new is written, even when the page goes away', () => {
    const writes = throttledWrites(store, 250, clock);
    void writes.write('settings', 'a');
    advance(10);
    void writes.write('settings', 'b');
    writes.stop();
    void writes.write('settings', 'c');
    void writes.write('theme', 'dark');
    writes.flush();
    advance(500);
    expect(stored.map(([name, value]) => `${name}=${value}`)).toEqual(['settings=a']);
  });

  it('an announced write goes at once in place of the one waiting, and resolves once it is stored', async () => {
    /** Each write as it starts; it is stored when its transaction completes (`complete`). */
    const begun: string[] = [];
    const completing: (() => void)[] = [];
    const slow = (name: string, value: string) =>
      new Promise<void>((resolve) => {
        begun.push(value);
        completing.push(() => {
          stored.push([name, value, Date.now()]);
          resolve();
        });
      });
    const complete = () => completing.shift()!();
    const writes = throttledWrites(slow, 250, clock);
    void writes.write('settings', 'a');
    complete();
    advance(10);
    void writes.write('settings', 'b');
    let done = false;
    const announced = writes.writeNow('settings', 'c').then(() => (done = true));
    expect(begun).toEqual(['a', 'c']);
    await Promise.resolve();
    expect(done).toBe(false);
    complete();
    await announced;
    expect(stored.map(([name, value]) => `${name}=${value}`)).toEqual(['settings=a', 'settings=c']);
    // The waiting "b" is not written after it, over the newer value.
    advance(500);
    expect(begun).toEqual(['a', 'c']);
  });

  it('a store that throws at once is a failed write, never an uncaught error in a timer', async () => {
    const failing = () => {
      throw new ReferenceError('indexedDB is not defined');
    };
    const writes = throttledWrites(failing, 250, clock);
    await expect(writes.write('settings', 'a')).rejects.toThrow('indexedDB is not defined');
    void writes.write('settings', 'b');
    // The waiting value is written when the interval ends, and its failure is caught there.
    advance(250);
    writes.flush();
  });
});
