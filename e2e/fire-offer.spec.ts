/**
 * "Make it fire" solves the chosen strategy's own threshold rule: after one
 * click the transcript fires and the offer goes. Preset parameters that leave
 * no threshold are refused where they are typed, and a summary cap below the
 * smallest summary shows what applies at its field.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

async function openRevenue(page: Page, strategy: string) {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('openai-chat-revenue');
  await page.getByTestId('setting-strategy').selectOption(strategy);
}

test('Codex: the window is one where 90% of it is at most 15,925, and after the click it fires', async ({
  page,
}) => {
  await openRevenue(page, 'codex');
  await expect(page.getByTestId('fire-offer-threshold')).toHaveText(
    'min(17,000 window × 0.9, 17,000 window × 0.95) = 15,300',
  );
  await page.getByTestId('make-it-fire').click();
  await expect(page.getByTestId('setting-window')).toHaveValue('17000');
  await expect(page.getByTestId('setting-reserve')).toHaveValue('2100');
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('3700');
  await expect(page.getByTestId('threshold')).toHaveText('15,300');
  await expect(page.getByTestId('verdict')).toContainText('compaction fires');
  await expect(page.getByTestId('make-it-fire')).toHaveCount(0);
});

test("Claude Code: the window holds the reply's 20,000 and the buffer's 13,000 above a threshold of 15,000, never 1", async ({
  page,
}) => {
  await openRevenue(page, 'claude-code');
  await expect(page.getByTestId('fire-offer-threshold')).toHaveText(
    '48,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer = 15,000',
  );
  await page.getByTestId('make-it-fire').click();
  await expect(page.getByTestId('setting-window')).toHaveValue('48000');
  await expect(page.getByTestId('threshold')).toHaveText('15,000');
  await expect(page.getByTestId('verdict')).toContainText('compaction fires');
  await expect(page.getByTestId('make-it-fire')).toHaveCount(0);
});

test("the Anthropic API's clearing is offered a trigger of 15,000, below the 15,925 tokens", async ({
  page,
}) => {
  await openRevenue(page, 'clear-tool-uses');
  await page.getByTestId('make-it-fire').click();
  await expect(page.getByTestId('param-trigger')).toHaveValue('15000');
  await expect(page.getByTestId('threshold')).toHaveText('15,000');
  await expect(page.getByTestId('make-it-fire')).toHaveCount(0);
});

test("Claude Code's buffer of 500,000 is refused in its field, and the threshold stays 95,000", async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  // A window of 128,000 typed over the sample model's 200,000.
  await page.getByTestId('setting-window').fill('128000');
  await page.getByTestId('setting-strategy').selectOption('claude-code');
  await expect(page.getByTestId('threshold')).toHaveText('95,000');
  const buffer = page.getByTestId('param-autocompactBuffer');
  await buffer.fill('500000');
  await expect(page.getByTestId('setting-error')).toHaveText(
    'Leaves no threshold under the window of 128,000: 128,000 window − min(32,000 max output, 20,000 output cap) − 500,000 buffer = -392,000, and it must be at least 1.',
  );
  await expect(buffer).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('threshold')).toHaveText('95,000');
  await buffer.fill('20000');
  await expect(page.getByTestId('setting-error')).toHaveCount(0);
  await expect(page.getByTestId('threshold')).toHaveText('88,000');
});

test('a summary cap of 5 shows at its field that 1,024 applies, and why', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('setting-max-summary').fill('5');
  const note = page.getByTestId('setting-max-summary').locator('xpath=following-sibling::div[1]');
  await expect(note).toHaveText(
    'effective 1,024: raised to 1024, the smallest summary budget: a shorter summary stops mid-sentence',
  );
});

test('a file with 17,123 tokens it does not explain: under budget and claude-code the click fires and shows a cut that fits', async ({
  page,
}) => {
  for (const strategy of ['budget', 'claude-code']) {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await page.getByTestId('setting-strategy').selectOption(strategy);
    await page.getByTestId('make-it-fire').click();
    await expect(page.getByTestId('verdict'), strategy).toContainText('compaction fires');
    // A cut, not "nothing to compact", and the compacted context under the threshold: no red badge.
    await expect(page.getByTestId('nothing-to-compact'), strategy).toHaveCount(0);
    await expect(page.getByTestId('result-overflow'), strategy).toHaveCount(0);
    await expect(page.getByTestId('kept-summary'), strategy).toBeVisible();
  }
});
