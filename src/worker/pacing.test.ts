import { describe, expect, it } from 'vitest';
import { ImportError } from '../formats/types';
import { pacer, progressReporter } from './pacing';
import type { Progress } from './protocol';

/** A clock the test moves by hand. */
function clock(start = 0) {
  const state = { now: start };
  return { state, now: () => state.now };
}

describe('pacer', () => {
  it('lets a loop run on for 25 ms, then pauses it once', async () => {
    const time = clock(1000);
    const pace = pacer(new AbortController().signal, time.now);
    expect(pace()).toBeNull();
    time.state.now = 1024;
    expect(pace()).toBeNull();
    time.state.now = 1025;
    const pause = pace();
    expect(pause).toBeInstanceOf(Promise);
    await pause;
    // The pause restarts the 25 ms.
    expect(pace()).toBeNull();
  });

  it('stops the task at the pause after a cancel, as a cancelled import', async () => {
    const controller = new AbortController();
    const time = clock();
    const pace = pacer(controller.signal, time.now);
    controller.abort();
    // Within the 25 ms the loop is not interrupted.
    expect(pace()).toBeNull();
    time.state.now = 30;
    const stopped = pace();
    await expect(stopped).rejects.toBeInstanceOf(ImportError);
    await expect(stopped).rejects.toMatchObject({ code: 'aborted', message: 'The import was cancelled' });
  });
});

describe('progressReporter', () => {
  const step = (done: number, total = 10): Progress => ({ phase: 'tokenizing', done, total });

  it('sends at most one report per 50 ms, and always the last step', () => {
    const sent: Progress[] = [];
    const time = clock(100);
    const report = progressReporter((p) => sent.push(p), time.now);
    report(step(1)); // 100 ms since the start: sent
    time.state.now = 120;
    report(step(2)); // 20 ms later: dropped
    time.state.now = 149;
    report(step(3)); // 49 ms later: dropped
    time.state.now = 150;
    report(step(4)); // 50 ms later: sent
    time.state.now = 151;
    report(step(10)); // the end: sent however soon
    expect(sent.map((p) => p.done)).toEqual([1, 4, 10]);
  });
});
