/**
 * The real-scale cases (scale-cases/, written by scripts/make-scale-cases.ts)
 * load as `cases` loads them: pinned to sessions that still have their
 * sha256 and ids, each of 50,000 tokens or more, forked at the compaction
 * their agent recorded where the format has one, no fact leaking into the
 * tail and none the matcher misses in the whole session. Loading only: the
 * runs are timed by `npm run bench -- cases`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFacts } from '../cases/caseRun';
import { tailLeaks } from '../cases/leakage';
import { CASE_COUNT_SETTINGS } from '../cases/report';
import { loadCases } from './caseFile';
import { estimatorFor } from './estimator';

const ROOT = join(__dirname, '..', '..');

describe('the shipped cases', () => {
  it('are all pinned: their sessions still have the sha256 and the ids the case files name', async () => {
    for (const dir of ['cases', 'scale-cases']) {
      const cases = await loadCases(join(ROOT, dir));
      expect(cases.flatMap((c) => c.notices)).toEqual([]);
    }
  });

  it('at real scale: six sessions of 50,000+ tokens in four formats, five forked at a recorded compaction', async () => {
    const cases = await loadCases(join(ROOT, 'scale-cases'));
    const estimator = await estimatorFor(CASE_COUNT_SETTINGS);
    expect(cases.map((c) => c.id)).toEqual([
      'scale-claude-search-ranking',
      'scale-claude-tiles-cache',
      'scale-codex-payroll-proration',
      'scale-opencode-fleet-rollout',
      'scale-pi-booking-holds',
      'scale-pi-ledger-jpy',
    ]);
    for (const kase of cases) {
      expect(estimator.countMessages(kase.messages), kase.id).toBeGreaterThanOrEqual(50_000);
      expect(tailLeaks(kase), kase.id).toEqual([]);
      const whole = findFacts(
        kase.facts,
        kase.messages,
        kase.messages.map((_, i) => i),
      );
      expect(
        whole.filter((f) => !f.kept).map((f) => f.id),
        kase.id,
      ).toEqual([]);
      expect(
        kase.facts.some((f) => f.side === 'after'),
        kase.id,
      ).toBe(true);
    }
    const forks = cases
      .filter((c) => c.recorded)
      .map((c) => [c.id, c.recorded!.source, c.recorded!.keptFrom]);
    expect(forks).toEqual([
      ['scale-claude-tiles-cache', 'compact_boundary', null],
      ['scale-codex-payroll-proration', 'compacted', null],
      ['scale-opencode-fleet-rollout', 'summary message', null],
      ['scale-pi-booking-holds', 'compaction', 120],
      ['scale-pi-ledger-jpy', 'compaction', 118],
    ]);
  });
});
