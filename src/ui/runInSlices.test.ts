import { describe, expect, it } from 'vitest';
import { nextTask, runInSlices } from './runInSlices';

/** Five steps of 3 ms each on a clock the test moves; the value is the steps' sum. */
function* fiveSteps(clock: { t: number }, log: string[]): Generator<void, number, void> {
  let sum = 0;
  for (let i = 1; i <= 5; i++) {
    clock.t += 3;
    sum += i;
    log.push(`step ${i}`);
    yield;
  }
  return sum;
}

describe('runInSlices', () => {
  it('runs as many steps as fit in the budget, then the rest in later tasks, and hands over the value', async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const value = await new Promise<number>((resolve, reject) => {
      runInSlices(fiveSteps(clock, log), resolve, reject, {
        budgetMs: 6,
        now: () => clock.t,
        wait: () => {
          log.push('next task');
          return Promise.resolve();
        },
      });
    });
    expect(value).toBe(15);
    expect(log).toEqual(['step 1', 'step 2', 'next task', 'step 3', 'step 4', 'next task', 'step 5']);
  });

  it('ends within the call when every step fits in one slice', () => {
    const clock = { t: 0 };
    const results: number[] = [];
    runInSlices(
      fiveSteps(clock, []),
      (v) => results.push(v),
      () => {},
      { budgetMs: 100, now: () => clock.t },
    );
    expect(results).toEqual([15]);
  });

  it('runs no step after it is cancelled, and never hands over a value', async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const results: number[] = [];
    let release!: () => void;
    const cancel = runInSlices(
      fiveSteps(clock, log),
      (v) => results.push(v),
      () => {},
      {
        budgetMs: 3,
        now: () => clock.t,
        wait: () => new Promise((resolve) => (release = resolve)),
      },
    );
    expect(log).toEqual(['step 1']);
    cancel();
    release();
    await nextTask();
    expect(log).toEqual(['step 1']);
    expect(results).toEqual([]);
  });

  it('told to start later, runs no step within the call: the first slice waits for a task too', async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const results: number[] = [];
    let release!: () => void;
    runInSlices(
      fiveSteps(clock, log),
      (v) => results.push(v),
      () => {},
      {
        budgetMs: 100,
        now: () => clock.t,
        wait: () => {
          log.push('next task');
          return new Promise((resolve) => (release = resolve));
        },
        startLater: true,
      },
    );
    expect(log).toEqual(['next task']);
    expect(results).toEqual([]);
    release();
    await nextTask();
    expect(log).toEqual(['next task', 'step 1', 'step 2', 'step 3', 'step 4', 'step 5']);
    expect(results).toEqual([15]);
  });

  it('told to start later and cancelled before that task, runs no step at all', async () => {
    const log: string[] = [];
    const results: number[] = [];
    const cancel = runInSlices(
      fiveSteps({ t: 0 }, log),
      (v) => results.push(v),
      () => {},
      { budgetMs: 100, startLater: true },
    );
    cancel();
    await nextTask();
    await nextTask();
    expect(log).toEqual([]);
    expect(results).toEqual([]);
  });

  it('hands a step that throws to failed', () => {
    function* failing(): Generator<void, number, void> {
      yield;
      throw new Error('step 2 failed');
    }
    const errors: unknown[] = [];
    runInSlices(
      failing(),
      () => {},
      (e) => errors.push(e),
      { budgetMs: 100 },
    );
    expect(errors).toEqual([new Error('step 2 failed')]);
  });
});
