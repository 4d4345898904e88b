import { describe, expect, it } from 'vitest';
import { retryCanHelp } from './retry';

describe('"Try again" after a failed load', () => {
  it('is offered where the next attempt may pass: the network, a stopped worker, a bug', () => {
    expect(retryCanHelp({ kind: 'import', code: 'network', message: 'Failed to fetch' })).toBe(true);
    expect(retryCanHelp({ kind: 'import', code: 'internal', message: 'x' })).toBe(true);
    expect(retryCanHelp({ kind: 'worker-stopped', message: 'The worker stopped' })).toBe(true);
    expect(retryCanHelp({ kind: 'internal', message: 'x' })).toBe(true);
  });

  it('is not offered for a file that will be the same the next time', () => {
    for (const code of [
      'empty',
      'binary',
      'invalid-utf8',
      'too-large',
      'invalid-json',
      'not-a-transcript',
      'unsupported-version',
      'no-messages',
    ] as const)
      expect(retryCanHelp({ kind: 'import', code, message: code }), code).toBe(false);
  });
});
