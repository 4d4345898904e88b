import { describe, expect, it } from 'vitest';
import { createByteBudget } from './byteBudget';

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('createByteBudget', () => {
  it('hands out files at once while their bytes fit', async () => {
    const budget = createByteBudget(100);
    await budget.take(40);
    await budget.take(60);
    expect(budget.held).toBe(100);
  });

  it('holds a file back until the bytes read beside it are given back', async () => {
    const budget = createByteBudget(100);
    const giveBack = await budget.take(70);
    const next = budget.take(40);
    expect(await settled(next)).toBe(false);
    giveBack();
    expect(await settled(next)).toBe(true);
    expect(budget.held).toBe(40);
  });

  it('reads a file larger than the whole budget alone, once nothing else is held', async () => {
    const budget = createByteBudget(100);
    const small = await budget.take(10);
    const huge = budget.take(500);
    expect(await settled(huge)).toBe(false);
    small();
    const giveHuge = await huge;
    expect(budget.held).toBe(500);
    const after = budget.take(1);
    expect(await settled(after)).toBe(false);
    giveHuge();
    expect(await settled(after)).toBe(true);
  });

  it('keeps the order files came in: a small file does not pass a large one waiting', async () => {
    const budget = createByteBudget(100);
    const first = await budget.take(80);
    const large = budget.take(50);
    const small = budget.take(5);
    expect(await settled(small)).toBe(false);
    first();
    expect(await settled(large)).toBe(true);
    expect(await settled(small)).toBe(true);
    expect(budget.held).toBe(55);
  });

  it('gives bytes back once, however often the release is called', async () => {
    const budget = createByteBudget(100);
    const release = await budget.take(30);
    await budget.take(20);
    release();
    release();
    expect(budget.held).toBe(20);
  });

  it('takes a file of unknown or no size (0 bytes) without waiting', async () => {
    const budget = createByteBudget(100);
    await budget.take(100);
    expect(await settled(budget.take(0))).toBe(true);
  });
});
