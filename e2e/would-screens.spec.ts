/**
 * "Would" versus "does": under the threshold every part of the page says what
 * would happen (the verdict with its strategy, the header's cut, the strip's
 * stripes, tab and legend, the list's fates, a forced preview), once it fires
 * they say what does; and each state's first screen at 1,400, 960 and 390 px,
 * attached to the report, where the verdict and its strategy are in view.
 */
import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

const WIDTHS = [
  { width: 1400, height: 900 },
  { width: 960, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * The first screen at each width, attached to the report, with the verdict,
 * the strategy it speaks for, what it would do and the legend of the strip's
 * bars in view without scrolling.
 */
async function firstScreens(page: Page, info: TestInfo, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const id of ['verdict-strategy', 'verdict'])
      await expect(page.getByTestId(id), `${id} at ${size.width} px`).toBeInViewport({ ratio: 1 });
    // Attached before the legend is checked, so a legend below the screen is seen in the report.
    const path = info.outputPath(`${name}-${size.width}.png`);
    await page.screenshot({ path });
    await info.attach(`${name}-${size.width}.png`, { path, contentType: 'image/png' });
    await expect(page.getByTestId('strip-legend'), `the legend at ${size.width} px`).toBeInViewport({
      ratio: 1,
    });
  }
  await page.setViewportSize(WIDTHS[0]);
}

async function openFile(page: Page, path: string, name: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({
    name,
    mimeType: 'application/jsonl',
    buffer: readFileSync(path),
  });
  await expect(page.getByTestId('source-name')).toContainText(name);
}

const legendItem = (page: Page, item: string) =>
  page.getByTestId('strip-legend').locator(`li[data-item="${item}"]`);

test.describe('would versus does', () => {
  test('the default sample under its threshold says "would" everywhere, and names its strategy', async ({
    page,
  }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('verdict-strategy')).toHaveText('budget');
    await expect(page.getByTestId('verdict')).toHaveText(
      '130,834 tokens ≤ threshold 183,616: compaction does not fire',
    );
    await expect(page.getByTestId('verdict-would')).toHaveText(
      'if it fired, it would cut at #185 and keep 13,134 tokens verbatim',
    );
    await expect(page.getByTestId('kept-summary')).toHaveText('would keep 13,134 of 20,000');
    await expect(legendItem(page, 'summarized')).toHaveText('would be summarized if it fired (it does not)');
    await expect(legendItem(page, 'turn-prefix')).toHaveText(
      'would be a turn prefix (summarized on its own)',
    );
    await expect(legendItem(page, 'cut')).toHaveText('where it would cut: the first message it would keep');
    await expect(page.getByText('would cut #185')).toBeVisible();
    const row = page.locator('[data-testid="message-row"][data-index="1"]');
    await expect(row.locator('.fate')).toHaveText('would be summarized');
    await firstScreens(page, info, 'default-sample-would');

    // The verdict's strategy takes the reader to the list that changes it.
    await page.getByTestId('verdict-strategy').click();
    await expect(page.getByTestId('setting-strategy')).toBeFocused();
    await expect(page.getByTestId('threshold-formula')).toHaveText(
      'budget: max(200,000 window − 16,384 reserve, 1) = 183,616; fires above it',
    );

    // An offline preview in this state is a forced one, and says so.
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('flag-forced')).toHaveText('forced: compaction would not fire yet');
  });

  test('once it fires, the page says what does happen', async ({ page }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await expect(page.getByTestId('fire-offer-keep-why')).toHaveCount(0);
    await page.getByTestId('make-it-fire').click();
    await expect(page.getByTestId('verdict')).toContainText('compaction fires');
    await expect(page.getByTestId('verdict-would')).toHaveCount(0);
    await expect(page.getByTestId('kept-summary')).toHaveText(/^kept /);
    await expect(legendItem(page, 'summarized')).toHaveText('summarized');
    await expect(legendItem(page, 'cut')).toHaveText('cut: the first kept message');
    await expect(page.locator('[data-testid="message-row"][data-index="1"] .fate')).toHaveText('summarized');
    await firstScreens(page, info, 'sample-fires');
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-flags')).toBeVisible();
    await expect(page.getByTestId('flag-forced')).toHaveCount(0);
  });

  test('the make-it-fire offer says why its keep-recent is not the one in the field', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('setting-keep-recent').fill('45000');
    await expect(page.getByTestId('fire-offer-keep-why')).toHaveText(
      ' (not the 45,000 in force: that is over a quarter of window − reserve (140,000 − 16,384) / 4 = 30,904, so the offer rounds that down)',
    );
  });

  test('a Claude Code file under its threshold: what Claude Code would summarize, and the unseen part by one name', async ({
    page,
  }, info) => {
    await openFresh(page);
    await openFile(page, 'src/formats/fixtures/claude-code.jsonl', 'session.jsonl');
    await expect(page.getByTestId('verdict-strategy')).toHaveText('claude-code');
    await expect(page.getByTestId('verdict')).toHaveText(
      '15,829 tokens (14,477 not explained by the file) < threshold 167,000: compaction does not fire',
    );
    await expect(page.getByTestId('verdict-would')).toHaveText(
      'if it fired, it would summarize #0–#8 and keep nothing verbatim',
    );
    await expect(page.getByTestId('keeps-nothing')).toContainText('would keep nothing verbatim');
    await expect(legendItem(page, 'summarized')).toHaveText('would be summarized if it fired (it does not)');
    await expect(page.getByTestId('fire-offer-no-room')).toContainText(
      '14,480 of them are ones no compaction touches (3 framing + 14,477 not explained by the file (inferred))',
    );
    await expect(page.getByTestId('threshold-formula')).toHaveText(
      'claude-code: 200,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer = 167,000; fires when reached',
    );
    // The keep-recent it does not cut by says so by its field, apart from any formula.
    await expect(
      page.getByText('claude-code does not cut by it; it still caps the summary budget'),
    ).toBeVisible();
    // Its cut is at the end, as the tab says: the legend calls no message "the first it would keep".
    await expect(page.getByText('would cut: end')).toBeVisible();
    await expect(legendItem(page, 'cut')).toHaveText(
      'where it would cut, at the end: every message before it would be summarized',
    );
    await firstScreens(page, info, 'claude-code-file');
  });

  test('a Codex file after a compaction names the bars before the summary', async ({ page }, info) => {
    await openFresh(page);
    await openFile(page, 'src/formats/fixtures/codex-compacted.jsonl', 'rollout.jsonl');
    await expect(page.getByTestId('verdict-strategy')).toHaveText('codex');
    await expect(legendItem(page, 'reinjected')).toHaveText(
      'no band: re-injected before the previous summary (left out, not summarized again)',
    );
    await firstScreens(page, info, 'codex-file');
  });

  test('a pi file names pi as the strategy its verdict is for', async ({ page }, info) => {
    await openFresh(page);
    await openFile(page, 'src/formats/fixtures/pi.jsonl', 'pi-session.jsonl');
    await expect(page.getByTestId('verdict-strategy')).toHaveText('pi');
    await expect(page.getByTestId('verdict')).toContainText('compaction does not fire');
    // Everything fits the budget: the tab says "no cut", and so does the legend.
    await expect(page.getByTestId('nothing-to-compact')).toBeVisible();
    await expect(page.getByText('no cut', { exact: true })).toBeVisible();
    await expect(legendItem(page, 'cut')).toHaveText(
      'no cut: nothing before the line to compact, every message kept',
    );
    await firstScreens(page, info, 'pi-file');
  });
});
