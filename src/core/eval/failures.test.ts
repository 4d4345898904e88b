import { describe, expect, it } from 'vitest';
import { FAILURE_PATTERNS, isFailure } from './failures';

/** One output each row of the table is there for. */
const FAILING: Record<string, string> = {
  'vitest / jest summary': ' Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)',
  'jest / vitest file': ' FAIL  src/month.test.ts > month > rolls over',
  'go test': '--- FAIL: TestRetry (0.00s)\n    retry_test.go:12: got 2',
  pytest: '=========== 2 failed, 10 passed in 0.31s ===========',
  'node:test / tap': 'ok 1 - parses\nnot ok 2 - rounds',
  TypeScript: "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  ESLint: '/repo/src/a.ts\n  3:7  error  Unexpected any  @typescript-eslint/no-explicit-any',
  Python: 'Traceback (most recent call last):\n  File "a.py", line 1\nZeroDivisionError: division by zero',
  'Claude Code': '<tool_use_error>File has not been read yet.</tool_use_error>',
  shells: 'bash: line 1: pnpm: command not found',
  'compilers and tools': 'error[E0308]: mismatched types\n --> src/main.rs:4:18',
  'Go build': './main.go:12:5: undefined: retry',
};

describe('which tool output reports a failure', () => {
  it('recognizes each kind of tool in the table by its own output', () => {
    expect(Object.keys(FAILING)).toEqual(FAILURE_PATTERNS.map((row) => row.source));
    for (const row of FAILURE_PATTERNS) {
      expect(row.pattern.test(FAILING[row.source]!), row.source).toBe(true);
      expect(isFailure(FAILING[row.source]!), row.source).toBe(true);
    }
  });

  it('lists, for each pattern, text that every output it matches holds', () => {
    for (const row of FAILURE_PATTERNS) {
      const text = FAILING[row.source]!;
      expect(
        row.needs.some((needed) => text.includes(needed)),
        row.source,
      ).toBe(true);
      // Without that text, the same output no longer matches.
      let without = text;
      for (const needed of row.needs) without = without.split(needed).join('#');
      expect(row.pattern.test(without), row.source).toBe(false);
    }
  });

  it('takes an exit code over the patterns', () => {
    expect(isFailure('Tests  2 failed\nexit code: 0')).toBe(false);
    expect(isFailure('{"exit_code": 1, "output": "all good"}')).toBe(true);
    expect(isFailure('3 passed in 0.2s')).toBe(false);
  });
});
