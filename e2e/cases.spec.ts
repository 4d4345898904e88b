/**
 * The Cases view: one click from the main page, it runs the shipped cases in
 * the compaction worker and shows, for a strategy, the facts kept that
 * `cases cases/ --json` prints; the expected figures are computed here, in
 * Node, by the same shared functions the command line calls.
 */
import { fileURLToPath } from 'node:url';
import { runCases } from '../src/cases/caseRun';
import { CASE_COUNT_SETTINGS, totalsOf } from '../src/cases/report';
import type { Strategy } from '../src/core';
import { createOfflineSummarizer } from '../src/providers';
import { loadCase, loadCases, type LoadedCase } from '../src/cli/caseFile';
import { estimatorFor } from '../src/cli/estimator';
import { expect, openFresh, test } from './fixtures';

/** Running the cases under 18 strategies takes the worker a few seconds quiet, many more on a busy machine. */
const RUN = { timeout: 60_000 };

const CASES = fileURLToPath(new URL('../cases', import.meta.url));
const ONE_CASE = `${CASES}/bugfix-auckland-dates.case.json`;
const ONE_SESSION = `${CASES}/sessions/bugfix-auckland-dates.json`;

/** `kept/total` of facts for `strategy` over `cases`, as `cases --json`'s totals have it. */
async function factsKept(cases: LoadedCase[], strategy: Strategy): Promise<string> {
  const estimator = await estimatorFor(CASE_COUNT_SETTINGS);
  const runs = await runCases(cases, [strategy], {
    summarizer: createOfflineSummarizer(),
    offline: true,
    estimator,
  });
  const [total] = totalsOf(runs, [strategy]);
  return `${total.factsKept}/${total.factsTotal}`;
}

test.describe('the Cases view', () => {
  test('runs the shipped cases in the worker and shows the facts kept the command line prints', async ({
    page,
  }) => {
    const expected = await factsKept(await loadCases(CASES), 'budget');
    await openFresh(page);
    await page.getByTestId('cases-toggle').click();
    const view = page.getByTestId('cases-view');
    await expect(view.getByText('Which strategy keeps the facts that matter?')).toBeVisible();
    await expect(page.getByTestId('cases-done')).toContainText(
      'the shipped cases: 10 cases under 18 strategies',
      RUN,
    );
    const row = page.locator('[data-testid="cases-table"] tr[data-strategy="budget"]');
    await expect(row.getByTestId('cases-facts')).toHaveText(expected);
    // No compaction first, then no strategy that never compacted ahead of one that did.
    const rows = page.locator('[data-testid="cases-table"] tbody tr');
    await expect(rows.first()).toHaveAttribute('data-strategy', 'no compaction');
    await expect(rows.nth(1).locator('td').first()).not.toHaveText('did not compact');
    await expect(page.getByTestId('cases-ranking')).toContainText(
      'Within each, the higher share of facts kept first, with the tokens left after beside it',
    );
    await expect(page.getByTestId('cases-chart').locator('svg').first()).toBeVisible();
    // The screen reader's table under the chart says the same.
    await expect(page.getByTestId('cases-chart-table')).toContainText(`${expected} facts kept`);
    // The header's button leads back to the playground.
    await page.getByTestId('cases-toggle').click();
    await expect(view).toHaveCount(0);
  });

  test('runs a case picked with its session file', async ({ page }) => {
    const expected = await factsKept([await loadCase(ONE_CASE)], 'claude-code');
    await openFresh(page);
    await page.getByTestId('cases-toggle').click();
    // Picked files replace the shipped cases' run, even one that has not begun.
    await page.getByTestId('cases-pick-files').setInputFiles([ONE_CASE, ONE_SESSION]);
    await expect(page.getByTestId('cases-done')).toContainText('2 files: 1 case under 18 strategies', RUN);
    const row = page.locator('[data-testid="cases-table"] tr[data-strategy="claude-code"]');
    await expect(row.getByTestId('cases-facts')).toHaveText(expected);
  });

  test('names the missing session of a case picked alone', async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('cases-toggle').click();
    // Picked files replace the shipped cases' run, even one that has not begun.
    await page.getByTestId('cases-pick-files').setInputFiles([ONE_CASE]);
    await expect(page.getByTestId('cases-error')).toHaveText(
      'bugfix-auckland-dates.case.json: session: sessions/bugfix-auckland-dates.json is not among the files given: pick the session file with the case',
    );
  });
});
