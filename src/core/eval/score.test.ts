import { describe, expect, it } from 'vitest';
import type { Fact } from './facts';
import { evalReport } from './report';
import { scoreSummary } from './score';

const facts: Fact[] = [
  { kind: 'artifact', text: '/home/maya/code/tallybook/src/dates/month.ts', index: 21, access: 'edit' },
  { kind: 'artifact', text: '/home/maya/code/tallybook/src/dates/zone.ts', index: 24, access: 'edit' },
  { kind: 'artifact', text: 'src/reports/csv.test.ts', index: 40, access: 'command' },
  { kind: 'last-error', text: '❯ src/dates/month.test.ts (9 tests | 2 failed) 16ms', index: 34 },
  { kind: 'last-command', text: 'pnpm test -- src/dates', index: 33 },
  { kind: 'constraint', text: 'Walk me through how a monthly report gets built.', index: 0, firstTask: true },
  { kind: 'constraint', text: 'Never change the public CSV format.', index: 0 },
  { kind: 'open-task', text: 'Update the changelog', index: 50 },
  { kind: 'identifier', text: 'zonedTimeToUtc', index: 35 },
];

const FULL = `## Goal
Explain how the monthly report is built, then fix the month boundaries.

## Constraints & Preferences
- The public CSV format must never change.

## Progress
### Done
- [x] Edited src/dates/month.ts and /home/maya/code/tallybook/src/dates/zone.ts (added zonedTimeToUtc).
- [x] csv.test.ts covers the totals line.

### Blocked
- src/dates/month.test.ts: 2 of 9 tests failed.

## Next Steps
1. Re-run \`pnpm test -- src/dates\`.
2. Update the changelog.`;

describe('scoreSummary', () => {
  it('keeps every fact of a summary that names them, by file name or full path and by key words', () => {
    const card = scoreSummary(facts, FULL, { before: 40_000, after: 9_000 });
    expect(card.items.map((i) => i.kept)).toEqual([true, true, true, true, true, true, true, true, true]);
    expect(card.overall).toBe(1);
    expect(card.tokensRemovedPct).toBe(77.5);
  });

  it('loses exactly the path a summary drops, and nothing else', () => {
    const dropped = FULL.replace('src/dates/month.ts and ', '');
    const card = scoreSummary(facts, dropped, { before: 40_000, after: 9_000 });
    expect(card.items.filter((i) => !i.kept).map((i) => i.text)).toEqual([
      '/home/maya/code/tallybook/src/dates/month.ts',
    ]);
    expect(card.byKind.artifact).toEqual({ expected: 3, kept: 2, recall: 2 / 3 });
    expect(card.byKind.constraint).toEqual({ expected: 2, kept: 2, recall: 1 });
    expect(card.overall).toBe(8 / 9);
  });

  it('does not take a longer file name for the one it contains', () => {
    const other = FULL.replace('src/dates/month.ts and ', 'src/dates/month.test.ts and ');
    const card = scoreSummary(facts.slice(0, 1), other.replace('month.test.ts: 2', 'tests: 2'), {
      before: 1,
      after: 1,
    });
    expect(card.items[0].kept).toBe(false);
    expect(scoreSummary(facts.slice(1, 2), 'see timezone.ts', { before: 1, after: 1 }).items[0].kept).toBe(
      false,
    );
  });

  it('loses a constraint whose key words are gone, and keeps one reworded', () => {
    const rule: Fact = { kind: 'constraint', text: 'Never touch the tests in test/e2e.', index: 3 };
    const kept = scoreSummary([rule], '- Tests under test/e2e must not be touched.', { before: 1, after: 1 });
    const lost = scoreSummary([rule], '- Keep the diff small.', { before: 1, after: 1 });
    expect([kept.items[0].kept, lost.items[0].kept]).toEqual([true, false]);
  });

  it('reports the recall of a kind with nothing to find as null, and nothing removed as 0%', () => {
    const card = scoreSummary([], 'anything', { before: 0, after: 0 });
    expect(card.byKind['open-task']).toEqual({ expected: 0, kept: 0, recall: null });
    expect([card.overall, card.tokensRemovedPct]).toEqual([null, 0]);
  });
});

describe('evalReport', () => {
  it('lists what was expected and what was kept per kind, as the command line prints it', () => {
    const dropped = FULL.replace('2. Update the changelog.', '').replace('src/dates/month.ts and ', '');
    const report = evalReport(scoreSummary(facts, dropped, { before: 1000, after: 250 }));
    expect(report).toEqual({
      artifacts: {
        expected: [
          '/home/maya/code/tallybook/src/dates/month.ts',
          '/home/maya/code/tallybook/src/dates/zone.ts',
          'src/reports/csv.test.ts',
        ],
        kept: ['/home/maya/code/tallybook/src/dates/zone.ts', 'src/reports/csv.test.ts'],
        recall: 2 / 3,
      },
      lastError: { text: '❯ src/dates/month.test.ts (9 tests | 2 failed) 16ms', kept: true },
      lastCommand: { text: 'pnpm test -- src/dates', kept: true },
      constraints: {
        expected: ['Walk me through how a monthly report gets built.', 'Never change the public CSV format.'],
        kept: ['Walk me through how a monthly report gets built.', 'Never change the public CSV format.'],
        recall: 1,
      },
      openTasks: { expected: ['Update the changelog'], kept: [], recall: 0 },
      identifiers: { expected: ['zonedTimeToUtc'], kept: ['zonedTimeToUtc'], recall: 1 },
      overall: 7 / 9,
      tokensRemovedPct: 75,
    });
  });
});
