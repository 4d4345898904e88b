import { describe, expect, it } from 'vitest';
import { MAX_DIFF_LINES, lineDiff } from './lineDiff';

describe('lineDiff', () => {
  it('marks the lines only one summary has, in place, and keeps the shared ones', () => {
    const left = '## Goal\nFix month.ts\n## Next Steps\n1. Run the tests';
    const right = '## Goal\nFix zone.ts\n## Next Steps\n1. Run the tests\n2. Update the changelog';
    expect(lineDiff(left, right)).toEqual([
      { op: 'same', text: '## Goal' },
      { op: 'left', text: 'Fix month.ts' },
      { op: 'right', text: 'Fix zone.ts' },
      { op: 'same', text: '## Next Steps' },
      { op: 'same', text: '1. Run the tests' },
      { op: 'right', text: '2. Update the changelog' },
    ]);
  });

  it('compares texts longer than the cap as two blocks instead of walking them', () => {
    const long = Array.from({ length: MAX_DIFF_LINES + 1 }, (_, i) => `line ${i}`).join('\n');
    const diff = lineDiff(long, 'other');
    expect(diff.length).toBe(MAX_DIFF_LINES + 2);
    expect(diff.at(-1)).toEqual({ op: 'right', text: 'other' });
  });
});
