import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkOpened, linkOpening, linkStopped, unfinishedAttempt } from './linkGuard';

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('linkGuard', () => {
  const link = `v1.${'A'.repeat(2_000_000)}`;

  it('takes a link still opening at reload for an interrupted attempt', () => {
    linkOpening(link);
    expect(unfinishedAttempt(link)).toBe('The page was reloaded or closed while it was still opening.');
  });

  it('forgets a link that opened, and remembers why one was stopped', () => {
    linkOpening(link);
    linkOpened();
    expect(unfinishedAttempt(link)).toBeNull();
    linkStopped(link, 'It was cancelled.');
    expect(unfinishedAttempt(link)).toBe('It was cancelled.');
  });

  it('tells links apart, also when they differ near the end', () => {
    linkOpening(link);
    expect(unfinishedAttempt(`${link.slice(0, -1)}B`)).toBeNull();
    expect(unfinishedAttempt('v1.AAAA')).toBeNull();
  });

  it('opens links as before when storage refuses', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    });
    linkOpening(link);
    expect(unfinishedAttempt(link)).toBeNull();
  });
});
