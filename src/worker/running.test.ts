import { describe, expect, it } from 'vitest';
import { Running } from './running';

describe('Running', () => {
  it('aborts the signal of the request that Cancel names, and only that one', async () => {
    const running = new Running();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const signals: AbortSignal[] = [];
    const task = (signal: AbortSignal) => {
      signals.push(signal);
      return gate.then(() => signal.aborted);
    };
    const first = running.run(1, task);
    const second = running.run(2, task);
    expect(running.size).toBe(2);
    running.cancel(2);
    release();
    expect(await first).toBe(false);
    expect(await second).toBe(true);
  });

  it('forgets a request once it has finished or failed, so a late Cancel touches nothing', async () => {
    const running = new Running();
    let seen: AbortSignal | null = null;
    await running.run(1, async (signal) => (seen = signal));
    await expect(
      running.run(2, async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(running.size).toBe(0);
    running.cancel(1);
    expect(seen!.aborted).toBe(false);
  });
});
