/**
 * The page's layout between a phone and a wide screen, its banners and
 * labels, and the context bar under the header: nothing off-screen from 601
 * to 1,043 px, a line of numbers that wraps instead of hiding its end, the
 * token view first on a phone, no empty band, one banner after a failed load,
 * and a context bar whose numbers are the header's.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, paste, settledBox, test } from './fixtures';

/** The default sample, fresh, counted exactly. */
async function openDefault(page: Page): Promise<void> {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  // A window of 128,000 typed over the sample model's 200,000, which these numbers were made for.
  await page.getByTestId('setting-window').fill('128000');
  await expect(page.getByTestId('total-tokens')).toHaveText('130,831');
}

/** How much wider than the screen the page is (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The element's box lies within the screen's width. */
async function expectWithinWidth(page: Page, testId: string): Promise<void> {
  const box = await settledBox(page.getByTestId(testId));
  const width = page.viewportSize()!.width;
  expect(box.x, testId).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, testId).toBeLessThanOrEqual(width);
}

/** The right edge of the furthest item of the line of numbers, against the screen's width. */
const numbersRightEdge = (page: Page) =>
  page.getByTestId('sticky-numbers').evaluate((line) => {
    const items = [...line.querySelectorAll('.sticky-line > *, .summary-bar > *')];
    return Math.max(...items.map((item) => item.getBoundingClientRect().right));
  });

test.describe('between a phone and a wide screen', () => {
  for (const width of [601, 720, 960, 1043]) {
    test(`at ${width} px nothing is off-screen: Share, the theme, the kept numbers`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDefault(page);
      expect(await sideways(page)).toBe(0);
      for (const id of ['share-open', 'theme-toggle', 'archive-toggle', 'verdict', 'kept-summary'])
        await expectWithinWidth(page, id);
      expect(await numbersRightEdge(page)).toBeLessThanOrEqual(width);

      // A clearing preset adds "cleared … in place" to the line: it wraps, still on the screen.
      await page.getByTestId('setting-strategy').selectOption('clear-tool-uses');
      await expect(page.getByTestId('cleared-summary')).toHaveText(
        'cleared 112 in place, 23,139 tokens after',
      );
      expect(await sideways(page)).toBe(0);
      for (const id of ['cleared-summary', 'kept-summary', 'verdict']) await expectWithinWidth(page, id);
    });
  }
});

test.describe('the line of numbers', () => {
  test('at 1,400 px with clear-tool-uses it wraps and ends with the kept tokens, not "38,…"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openDefault(page);
    await page.getByTestId('setting-strategy').selectOption('clear-tool-uses');
    await expect(page.getByTestId('verdict')).toHaveText(
      '130,834 tokens > threshold 100,000: clearing fires',
    );
    await expect(page.getByTestId('cleared-summary')).toHaveText('cleared 112 in place, 23,139 tokens after');
    await expect(page.getByTestId('kept-summary')).toHaveText('kept 23,136');
    for (const id of ['message-count', 'total-tokens', 'context-tokens', 'verdict', 'cleared-summary'])
      await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('kept-summary')).toBeInViewport({ ratio: 1 });
    expect(await numbersRightEdge(page)).toBeLessThanOrEqual(1400);
    // Nothing in the line scrolls sideways any more.
    const scrolls = await page
      .getByTestId('sticky-numbers')
      .evaluate((line) => line.scrollWidth > line.clientWidth + 1);
    expect(scrolls).toBe(false);
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the line that stays in view shows the counts with the verdict', async ({ page }) => {
    await openDefault(page);
    await page.getByTestId('message-list').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('tagline')).not.toBeInViewport();
    await expect(page.getByTestId('verdict')).toHaveText(
      '130,834 tokens > threshold 111,616: compaction fires',
    );
    for (const id of ['verdict', 'message-count', 'total-tokens', 'context-tokens', 'kept-summary'])
      await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('message-count')).toHaveText('198');
    await expect(page.getByTestId('kept-summary')).toHaveText('kept 13,134 of 20,000');
    expect(await numbersRightEdge(page)).toBeLessThanOrEqual(390);
  });

  test('the token view comes before "Session over time"', async ({ page }) => {
    await openDefault(page);
    const strip = await settledBox(page.locator('.strip-panel'));
    const settings = await settledBox(page.locator('.settings'));
    const timeline = await settledBox(page.locator('.timeline-panel'));
    expect(strip.y).toBeLessThan(844);
    expect(timeline.y).toBeGreaterThanOrEqual(strip.y + strip.height);
    expect(timeline.y).toBeGreaterThanOrEqual(settings.y + settings.height);
  });
});

test('no empty band between the charts and the preview: only the 12 px gap', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openDefault(page);
  await expect(page.locator('.charts figure')).toHaveCount(2);
  const charts = await settledBox(page.locator('.charts-slot'));
  const preview = await settledBox(page.locator('.preview'));
  expect(Math.round(preview.y - (charts.y + charts.height))).toBe(12);
});

test.describe('after a failed load', () => {
  test('a binary or empty file offers no "Try again": the same file would fail the same way', async ({
    page,
  }) => {
    await openDefault(page);
    await page.getByTestId('file-input').setInputFiles({
      name: 'a.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0, 1, 2, 0, 255, 0]),
    });
    await expect(page.getByTestId('import-error')).toHaveText(
      'a.bin: The file is not valid UTF-8 text (first invalid byte at offset 4)',
    );
    await expect(page.getByTestId('load-retry')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dismiss' })).toBeVisible();

    await page.getByTestId('file-input').setInputFiles({
      name: 'empty.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(''),
    });
    await expect(page.getByTestId('import-error')).toHaveText('empty.jsonl: The file is empty');
    await expect(page.getByTestId('load-retry')).toHaveCount(0);
    await expect(page.locator('.app-header [role="alert"]')).toHaveCount(1);
  });

  test('a refused address and a later failed load leave one banner, the newest', async ({ page }) => {
    await openDefault(page);
    await page.getByLabel('Transcript URL').fill('http://example.com/session.jsonl');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('url-problem')).toBeVisible();
    await expect(page.locator('.app-header [role="alert"]')).toHaveCount(1);

    await page.getByTestId('file-input').setInputFiles({
      name: 'empty.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(''),
    });
    await expect(page.getByTestId('import-error')).toHaveText('empty.jsonl: The file is empty');
    await expect(page.getByTestId('url-problem')).toHaveCount(0);
    await expect(page.locator('.app-header [role="alert"]')).toHaveCount(1);

    // And the other way round: the refused address replaces the load's error.
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('url-problem')).toBeVisible();
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    await expect(page.locator('.app-header [role="alert"]')).toHaveCount(1);
  });
});

test.describe('labels', () => {
  test('the window says "0 = compaction off"', async ({ page }) => {
    await openDefault(page);
    await expect(page.getByText('0 = compaction off', { exact: true })).toBeVisible();
    await expect(page.getByText('0 turns compaction off')).toHaveCount(0);
  });

  test("an image's tokens are named as images, not framing", async ({ page }) => {
    await openFresh(page);
    await paste(
      page,
      JSON.stringify({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is wrong in this screenshot?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
            ],
          },
          { role: 'assistant', content: 'The button is cut off.' },
        ],
      }),
    );
    await expect(page.getByTestId('message-count')).toHaveText('2');
    await page.getByTestId('row-tokens').first().click();
    await expect(page.locator('.token-sum')).toHaveText(
      '1,211 tokens with o200k_base: role 1, text 7, framing 3, images 1,200.',
    );
    await expect(page.getByTestId('token-images')).toHaveText(', images 1,200');
  });
});

test.describe('the context bar under the header', () => {
  /** The table's row for `kind` as [label, tokens, share]. */
  const row = (page: Page, kind: string) =>
    page
      .getByTestId('context-table')
      .locator(`tr[data-kind="${kind}"]`)
      .evaluate((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.trim()));

  test("the default sample: every category against the window, in the header's numbers", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openDefault(page);
    const bar = page.getByTestId('context-bar');
    // On the first screen, without opening the timeline.
    await expect(bar).toBeInViewport();
    await expect(page.getByTestId('timeline-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('context-bar-summary')).toHaveText(
      '130,834 of 128,000 tokens (102.2%) · free 0 · reserve 16,384 · 2,834 past the window',
    );
    await expect(page.getByTestId('context-tokens')).toHaveText('130,834');

    // The table is one key press away, for the keyboard and a screen reader.
    const summary = page.getByTestId('context-details-toggle');
    await expect(summary).toHaveText('By category');
    await summary.focus();
    await page.keyboard.press('Enter');
    const table = page.getByTestId('context-table');
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(11);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].slice(0, 2).map((c) => (c as HTMLElement).innerText.trim())),
      );
    expect(rows).toEqual([
      ['User text', '449'],
      ['Assistant text', '3,289'],
      ['Reasoning', '2,482'],
      ['Tool calls', '10,036'],
      ['Tool results: Bash', '52,498'],
      ['Tool results: Read', '43,925'],
      ['Tool results: Edit', '9,808'],
      ['Tool results: Grep', '7,383'],
      ['Tool results: Glob', '710'],
      ['Tool results: TodoWrite', '251'],
      ["The list's framing", '3'],
    ]);
    // The messages' parts add up to the header's 130,831, and with the framing to its 130,834.
    const messages = rows.slice(0, -1).reduce((sum, [, tokens]) => sum + Number(tokens.replace(/,/g, '')), 0);
    expect(messages).toBe(130_831);
    expect(await row(page, 'context')).toEqual(['In context', '130,834', '102.2%']);
    expect(await row(page, 'free')).toEqual(['Free space', '0', '0.0%']);
    expect(await row(page, 'reserve')).toEqual(['Reserve for the response', '16,384', '12.8%']);
    expect(await row(page, 'window')).toEqual(['Window', '128,000', '100%']);
    // The bar draws the categories and the window's edge, and no free space or reserve past it.
    const track = page.getByTestId('context-track');
    await expect(track.locator('[data-kind="tool-result"]')).toHaveCount(6);
    await expect(track.locator('.part-free, .part-reserve')).toHaveCount(0);
    await expect(track.locator('.context-window-edge')).toHaveCount(1);
  });

  test('with the part not in the file measured, it is the first part, as the header says it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openDefault(page);
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('unseen-tokens')).toHaveText('17,123');
    await expect(page.getByTestId('context-tokens')).toHaveText('20,069');
    await expect(page.getByTestId('context-bar-summary')).toHaveText(
      '20,069 of 128,000 tokens (15.7%) · free 91,547 · reserve 16,384',
    );
    await page.getByTestId('context-details-toggle').click();
    expect(await row(page, 'unrecorded')).toEqual(['Not explained by the file', '17,123', '13.4%']);
    expect(await row(page, 'summary')).toEqual(['Summaries', '568', '0.4%']);
    expect(await row(page, 'context')).toEqual(['In context', '20,069', '15.7%']);
    expect(await row(page, 'free')).toEqual(['Free space', '91,547', '71.5%']);
    // 20,069 + 91,547 + 16,384 = 128,000: the bar fills the window exactly.
    const track = page.getByTestId('context-track');
    await expect(track.locator('.part-free')).toHaveCount(1);
    await expect(track.locator('.part-reserve')).toHaveCount(1);
    await expect(track.locator('[data-kind="unrecorded"]')).toHaveCount(1);
  });

  test('in the dark theme the parts keep their role colours', async ({ page }) => {
    await openDefault(page);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const colour = (kind: string) =>
      page
        .getByTestId('context-track')
        .locator(`[data-kind="${kind}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    // --role-tool and --role-user of the dark theme (styles.css; their contrast is checked in themeContrast.test.ts).
    expect(await colour('tool-result')).toBe('rgb(251, 191, 36)');
    expect(await colour('user')).toBe('rgb(107, 156, 255)');
  });
});
