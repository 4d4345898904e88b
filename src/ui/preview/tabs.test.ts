import { describe, expect, it } from 'vitest';
import { TABS, tabWaits } from './tabs';

const waiting = (state: { hasResult: boolean; running: boolean; requests: number }) =>
  TABS.filter((t) => tabWaits(t.id, state)).map((t) => t.id);

describe('tabWaits', () => {
  it('before any run, leaves only the summary and the comparison open', () => {
    expect(waiting({ hasResult: false, running: false, requests: 0 })).toEqual([
      'result',
      'diff',
      'request',
      'raw',
      'usage',
    ]);
  });

  it('opens every tab once a run is going, has sent a request, or has a result', () => {
    expect(waiting({ hasResult: false, running: true, requests: 0 })).toEqual([]);
    expect(waiting({ hasResult: false, running: false, requests: 1 })).toEqual([]);
    expect(waiting({ hasResult: true, running: false, requests: 0 })).toEqual([]);
  });
});
