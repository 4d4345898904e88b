/**
 * The Cases view: one click from the main page, it runs the shipped cases in
 * the compaction worker and shows, for a strategy, the facts kept that
 * `cases cases/ --json` prints; the expected figures are computed here, in
 * Node, by the same shared functions the command line calls.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCases } from '../src/cases/caseRun';
import { CASE_COUNT_SETTINGS, totalsOf } from '../src/cases/report';
import { STRATEGIES, type Strategy } from '../src/core';
import { createOfflineSummarizer } from '../src/providers';
import { loadCase, loadCases, type LoadedCase } from '../src/cli/caseFile';
import { estimatorFor } from '../src/cli/estimator';
import { expect, openFresh, test } from './fixtures';

/** Running the cases under every strategy takes the worker a few seconds quiet, many more on a busy machine. */
const RUN = { timeout: 60_000 };

const CASES = fileURLToPath(new URL('../cases', import.meta.url));
/** How many cases ship: every case file of the folder. */
const SHIPPED = readdirSync(CASES).filter((name) => name.endsWith('.case.json')).length;
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
      `the shipped cases: ${SHIPPED} cases under ${STRATEGIES.length} strategies`,
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
    // The repository's own gate holds its cases offline, as `check` says in CI.
    const gate = page.getByTestId('cases-gate');
    await expect(gate).toHaveAttribute('data-gate', 'passes');
    await expect(gate).toContainText('Gate: passes');
    await expect(gate).toContainText('under the shipped compaction-check.json');
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
    // A budgets file picked with them is the gate: one budget no run can hold, one every run holds.
    const budgets = test.info().outputPath('compaction-check.json');
    writeFileSync(
      budgets,
      JSON.stringify({
        cases: '.',
        budgets: [
          { strategy: 'claude-code', tokensAfter: { max: 1 } },
          { strategy: 'claude-code', tokensAfter: { max: 10_000_000 } },
        ],
      }),
    );
    await page.getByTestId('cases-pick-files').setInputFiles([ONE_CASE, ONE_SESSION, budgets]);
    await expect(page.getByTestId('cases-done')).toContainText(
      `3 files: 1 case under ${STRATEGIES.length} strategies`,
      RUN,
    );
    const row = page.locator('[data-testid="cases-table"] tr[data-strategy="claude-code"]');
    await expect(row.getByTestId('cases-facts')).toHaveText(expected);
    const gate = page.getByTestId('cases-gate');
    await expect(gate).toHaveAttribute('data-gate', 'breaks');
    await expect(gate).toContainText(
      'Gate: 2 breaches 1 of 2 budget checks hold under compaction-check.json',
    );
    await expect(gate.getByTestId('cases-gate-breaches').locator('li')).toHaveText([
      /^budget 1 \(claude-code: tokensAfter ≤ 1\) broken by bugfix-auckland-dates: claude-code cut auto: tokensAfter \d+ > 1$/,
      /^budget 1 \(claude-code: tokensAfter ≤ 1\) broken by bugfix-auckland-dates: claude-code cut 13: tokensAfter \d+ > 1$/,
    ]);
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
