/**
 * The page's Cases view and `cases DIR --json` give the same numbers: the
 * worker runs the shipped cases with the shared code of src/cases, and the
 * view's table ranks the totals that `totalsOf` made, as the command line's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { totalsOf, type CasesDocument } from './cases/report';
import { run } from './cli/testSupport.node';
import { compactedTier, keptRate, rankTotals, share } from './ui/cases/casesTable';
import { createDispatcher } from './worker/dispatch';
import { Estimators } from './worker/estimators';
import type { CaseFileText, CasesProgressEvent } from './worker/cases';
import type { WorkerOutbound } from './worker/protocol';
import { Running } from './worker/running';
import { Session } from './worker/session';

const ROOT = join(__dirname, '..');
const STRATEGIES = ['budget', 'claude-code', 'cline'] as const;

/** The shipped cases as the page gives them to the worker: every file of cases/. */
function shippedFiles(): CaseFileText[] {
  const read = (path: string) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });
  return readdirSync(join(ROOT, 'cases'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.jsonl?$/.test(name))
    .map((name) => read(`cases/${name.replaceAll('\\', '/')}`));
}

/** A run's numbers without the summarizer's wall time, which no two runs share. */
const timeless = (doc: CasesDocument) => ({
  summarizer: doc.summarizer,
  strategies: doc.strategies,
  cases: doc.cases,
  runs: doc.runs.map(({ summarizerMs: _ms, ...rest }) => rest),
  totals: doc.totals.map(({ summarizerMs: _ms, ...rest }) => rest),
});

describe('the Cases view and the cases command', () => {
  it('give the same runs and totals for the shipped cases, and the table shows totalsOf', async () => {
    const cli = await run(['cases', 'cases', '--strategy', STRATEGIES.join(','), '--json']);
    expect(cli.code).toBe(0);
    const fromCli = JSON.parse(cli.out) as CasesDocument;

    const posted: WorkerOutbound[] = [];
    const handle = createDispatcher((message) => posted.push(message), {
      session: new Session(),
      estimators: new Estimators(),
      running: new Running(),
    });
    const fromPage = (await handle({
      id: 1,
      type: 'cases',
      files: shippedFiles(),
      strategies: [...STRATEGIES],
    })) as CasesDocument;

    expect(timeless(fromPage)).toEqual(timeless(fromCli));
    // Every shipped case, however many there are: adding a case changes no count here.
    const shipped = readdirSync(join(ROOT, 'cases')).filter((name) => name.endsWith('.case.json'));
    expect(fromPage.cases).toHaveLength(shipped.length);
    expect(fromPage.runs).toHaveLength(
      fromPage.cases.reduce((sum, c) => sum + c.cuts.length, 0) * STRATEGIES.length,
    );
    // The progress the page draws: one event per run, the last at the total.
    const events = posted.flatMap((m) => (m.type === 'event' ? [m.event as CasesProgressEvent] : []));
    expect(events).toHaveLength(fromPage.runs.length);
    const total = fromPage.runs.length;
    expect(events.at(-1)).toEqual({ type: 'cases-progress', done: total, total });

    // The view's rows are the shared totals, ranked: the same figures as the command line's.
    const ranked = rankTotals(fromPage.totals);
    expect(ranked.map((t) => t.strategy).sort()).toEqual([...STRATEGIES].sort());
    for (const row of ranked) {
      const mine = totalsOf(fromPage.runs, [row.strategy])[0];
      expect(row).toEqual(mine);
      const cliRow = fromCli.totals.find((t) => t.strategy === row.strategy)!;
      expect(share(row.factsKept, row.factsTotal)).toBe(share(cliRow.factsKept, cliRow.factsTotal));
    }
    // Within each group of how often they compacted, the higher share of facts kept first.
    for (let i = 1; i < ranked.length; i++)
      if (compactedTier(ranked[i - 1]) === compactedTier(ranked[i]))
        expect(keptRate(ranked[i - 1]) ?? -1).toBeGreaterThanOrEqual(keptRate(ranked[i]) ?? -1);
    // cline compacts in few of its runs: the others keep every fact by doing nothing, count in no
    // rate, and rank it after the strategies that compacted in most of theirs.
    const cline = ranked.find((t) => t.strategy === 'cline')!;
    expect(cline.runs).toBe(fromPage.runs.filter((r) => r.strategy === 'cline').length);
    expect(cline.compacted).toBe(fromPage.runs.filter((r) => r.strategy === 'cline' && r.compacted).length);
    expect(cline.compacted + cline.notCompacted).toBe(cline.runs);
    expect(compactedTier(cline)).toBe('few');
    expect(ranked.indexOf(cline)).toBeGreaterThan(ranked.findIndex((t) => t.strategy === 'budget'));
    expect(fromPage.baseline).toEqual(fromCli.baseline);
  });
});
