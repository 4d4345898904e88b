/**
 * The views that stand on their own (Cases, All my sessions), the panels
 * that follow the loaded file, and a minimal link reopened, at the three
 * widths a reader uses: each state's screenshot is attached to the report,
 * and what it must show is asserted beside it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

const WIDTHS = [1400, 960, 390] as const;
const SAMPLES = fileURLToPath(new URL('../public/samples', import.meta.url));
/** Running the shipped cases under every strategy takes the worker a few seconds quiet, more when busy. */
const RUN = { timeout: 60_000 };

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** None of the playground's own parts: its numbers, load row, file line and settings describe another view. */
async function expectNoPlaygroundFrame(page: Page): Promise<void> {
  for (const id of ['sticky-numbers', 'sample-select', 'source-name', 'setting-window', 'agent-config'])
    await expect(page.getByTestId(id), id).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What decides the cut?' })).toHaveCount(0);
}

test.describe('views that stand on their own', () => {
  let home: string;
  test.beforeAll(() => {
    home = join(mkdtempSync(join(tmpdir(), 'views-e2e-')), 'home');
    const files: Record<string, string> = {
      '.claude/projects/-home-lee-linkcheck/6f1c.jsonl': 'claude-code-linkcheck.jsonl',
      '.claude/projects/-home-maya-tallybook/2b7e.jsonl': 'claude-code-tallybook.jsonl',
      '.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-019a.jsonl': 'codex-shared-retry.jsonl',
      '.pi/agent/sessions/--home-ana-tables--/2025-10-20T09-00-00-000Z_table.jsonl': 'pi-table-widths.jsonl',
    };
    for (const [path, sample] of Object.entries(files)) {
      mkdirSync(dirname(join(home, path)), { recursive: true });
      copyFileSync(join(SAMPLES, sample), join(home, path));
    }
  });
  test.afterAll(() => rmSync(dirname(home), { recursive: true, force: true }));

  test('Cases has its own header, ranks by how often each strategy compacted, and says what the ranking means', async ({
    page,
  }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('cases-toggle').click();
    await expect(page.getByTestId('cases-done')).toContainText('10 cases under 18 strategies', RUN);
    await expectNoPlaygroundFrame(page);
    await expect(page.getByRole('heading', { name: 'Gold-fact cases' })).toBeVisible();
    await expect(page.getByTestId('cases-ranking')).toContainText(
      'Strategies that compacted in at least half their runs come first',
    );
    // cline compacts in few of its runs (2 of the 20 shipped): marked, and ranked after every strategy that
    // compacted in half or more. Counted by pattern, so a new case changes no number here.
    const cline = page.locator('[data-testid="cases-table"] tr[data-strategy="cline"]');
    await expect(cline.getByTestId('cases-compacted')).toHaveText(/^\d+ of \d+ too few$/);
    await expect(page.getByTestId('cases-chart-few')).toContainText(
      '*: compacted in fewer than half its runs',
    );
    const clineInChart = page
      .getByTestId('cases-chart-table')
      .locator('tr')
      .filter({ has: page.locator('th', { hasText: /^cline$/ }) });
    await expect(clineInChart).toContainText(/compacted in \d+ of \d+ runs/);
    const tiers = await page
      .locator('[data-testid="cases-table"] tbody tr:not(.cases-baseline) [data-testid="cases-compacted"]')
      .evaluateAll((cells) => cells.map((c) => c.className));
    const order = { 'cases-most': 0, 'cases-few': 1, 'cases-none': 2 } as Record<string, number>;
    expect(tiers.map((t) => order[t])).toEqual([...tiers.map((t) => order[t])].sort((a, b) => a - b));
    // Facts kept and the tokens after stand side by side.
    await expect(page.locator('[data-testid="cases-table"] thead th').nth(3)).toHaveText('Tokens after');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('cases-view').scrollIntoViewIfNeeded();
      await shoot(page, info, `cases-${width}`);
    }
  });

  test('All my sessions has its own header, and its table stays inside its panel at every width', async ({
    page,
  }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').setInputFiles(home);
    await expect(page.getByTestId('archive-row')).toHaveCount(4);
    await expect(page.locator('.archive-charts > *').first()).toBeVisible();
    await expectNoPlaygroundFrame(page);
    await expect(page.getByRole('heading', { name: /All my sessions/ })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const fit = await page.evaluate(() => {
        const panel = document.querySelector('[data-testid="archive-view"]')!.getBoundingClientRect();
        const wrap = document.querySelector('.archive-table-wrap')!;
        const table = document.querySelector('[data-testid="archive-table"]')!;
        return {
          panelRight: Math.round(panel.right),
          wrapRight: Math.round(wrap.getBoundingClientRect().right),
          pageWidth: document.documentElement.scrollWidth,
          tableWidth: table.scrollWidth,
          wrapWidth: wrap.clientWidth,
        };
      });
      expect(fit.wrapRight, `${width} px: the table's frame inside its panel`).toBeLessThanOrEqual(
        fit.panelRight,
      );
      expect(fit.pageWidth, `${width} px: nothing wider than the page`).toBeLessThanOrEqual(width);
      // At 1400 px the whole table shows without scrolling; narrower, it scrolls inside its panel.
      if (width === 1400) expect(fit.tableWidth).toBeLessThanOrEqual(fit.wrapWidth);
      await page.getByTestId('archive-view').scrollIntoViewIfNeeded();
      await shoot(page, info, `archive-${width}`);
      await page.getByTestId('archive-table').scrollIntoViewIfNeeded();
      await shoot(page, info, `archive-table-${width}`);
    }
  });
});

test('the Format label stays beside its list at every width, the row wrapping around them both', async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  const label = page.locator('.load-row label', { hasText: 'Format' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // On a phone the row is folded into the file's line until "Change".
    if (width === 390) await page.getByTestId('load-change').click();
    const [name, list] = [
      (await label.boundingBox())!,
      (await page.getByTestId('format-override').boundingBox())!,
    ];
    expect(Math.abs(name.y + name.height / 2 - (list.y + list.height / 2)), `${width} px`).toBeLessThan(4);
    expect(list.x, `${width} px: the list right of its label`).toBeGreaterThan(name.x);
  }
});

test("the playground's panels say which sample, model and agent the file is, and the chart names every bar", async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await expect(page.getByTestId('sample-select')).toHaveValue('claude-code-tallybook');
  // The window comes from the file's model claude-sonnet-4-5-20250929, which the list has.
  await expect(page.getByTestId('window-source')).toContainText("from the file's model claude-sonnet-4-5");
  await expect(page.getByTestId('model-preset')).toHaveValue('claude-sonnet-4-5');
  await expect(page.getByTestId('model-from-file')).toContainText("The file's model");
  // Every bar the chart draws is named beside it: one per row of the table under it.
  const totals = page.getByTestId('chart-totals-table');
  await expect(totals.locator('tr').first()).toBeAttached();
  const bars = (await totals.locator('th').allTextContents()).map((name) =>
    name.replace(/^(?:would be )?after /, '').replace(/ \(the chosen strategy\)$/, ''),
  );
  expect(bars).toHaveLength(19);
  const figure = page.locator('.charts figure').first();
  await expect
    .poll(async () => {
      const drawn = new Set(await figure.locator('svg text').allTextContents());
      return bars.filter((name) => !drawn.has(name));
    })
    .toEqual([]);

  // A file of the user's own: no sample is open.
  await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/codex.jsonl');
  await expect(page.getByTestId('format')).toHaveText('codex');
  await expect(page.getByTestId('sample-select')).toHaveValue('');
});

test('a reopened minimal link says its part not in the file was inferred, and names the format it was shared in', async ({
  page,
  browser,
}, info) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-minimal')).toHaveValue(/#v3\./);
  // The default sample's calls do not fit: the reader gets a timeline estimated from the messages, as the dialog says.
  await expect(page.getByTestId('share-minimal-section')).toContainText(
    "The recorded usage of the timeline's 77 calls is left out: the reader's timeline is estimated from the messages, with no recorded peak or input.",
  );
  await page.keyboard.press('Escape');

  // The link checker's file measures 17,123 tokens it does not show.
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('sample-select')).toHaveValue('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  await expect(page.getByTestId('unseen-tokens')).toHaveText('17,123');
  await expect(page.getByTestId('unseen-label')).toHaveText(' not explained by the file (inferred) ');
  const unseen = (await page.getByTestId('unseen-tokens').textContent())!;
  const cut = (await page.getByTestId('cut-index').textContent())!;
  await page.getByTestId('share-open').click();
  // The link checker's link, not the default sample's still in the field: its session travels.
  await expect(page.getByTestId('share-minimal-section')).toContainText("the timeline's 16 calls");
  await expect(page.getByTestId('share-minimal')).toHaveValue(/#v3\./);
  const link = await page.getByTestId('share-minimal').inputValue();

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(link);
  await expect(reader.getByTestId('cut-index')).toHaveText(cut);
  await expect(reader.getByTestId('unseen-tokens')).toHaveText(unseen);
  await expect(reader.getByTestId('unseen-tokens')).toHaveAttribute('data-source', 'recorded-usage');
  await expect(reader.getByTestId('unseen-label')).toHaveText(' not explained by the file (inferred) ');
  // The format list says what the file line says, and a link's transcript is not read as another.
  await expect(reader.getByTestId('format')).toHaveText('claude-code');
  const format = reader.getByTestId('format-override');
  await expect(format).toBeDisabled();
  await expect(format.locator('option:checked')).toHaveText('As shared (claude-code)');
  for (const width of WIDTHS) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.evaluate(() => window.scrollTo(0, 0));
    await shoot(reader, info, `minimal-link-${width}`);
    // Under the link's banners, whether it fires, for which strategy and what the bars mean, without scrolling.
    for (const id of ['verdict-strategy', 'verdict', 'strip-legend'])
      await expect(reader.getByTestId(id), `${id} at ${width} px`).toBeInViewport({ ratio: 1 });
  }
});
