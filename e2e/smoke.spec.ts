/**
 * The main job, once, end to end: the inner loop's check (`npm run test:quick`).
 * Load a transcript, see its bars, move the keep-recent budget with the handle,
 * preview the summary offline, and open the share link in a fresh browser to
 * find the same cut.
 */
import { CHAT, expect, openFullLinkElsewhere, paste, settledBox, test } from './fixtures';

test('the built page opens with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Compaction Playground');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compaction Playground');
});

test('load, bars, drag the budget, preview offline, and a link that opens the same', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await paste(page, CHAT);
  await expect(page.getByTestId('format')).toHaveText('openai-chat');
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await expect(page.getByTestId('message-row')).toHaveCount(7);
  await expect(page.getByTestId('strip-plot').locator('canvas.token-strip__canvas')).toBeVisible();

  await page.getByTestId('setting-keep-recent').fill('30');
  await expect(page.getByTestId('cut-index')).toHaveText('4');
  // Dragging the handle to the strip's left end asks for the most the budget can keep.
  const handle = page.getByTestId('keep-recent-handle');
  const box = await settledBox(handle);
  const plot = await settledBox(page.getByTestId('strip-plot'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(plot.x + 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('setting-keep-recent')).not.toHaveValue('30');
  await page.getByTestId('setting-keep-recent').fill('16');
  await expect(page.getByTestId('cut-index')).toHaveText('5');

  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-summary')).toContainText('Fix the failing test in src/a.ts');

  const other = await openFullLinkElsewhere(page, browser);
  await expect(other.getByTestId('format')).toHaveText('openai-chat');
  await expect(other.getByTestId('message-count')).toHaveText('7');
  await expect(other.getByTestId('setting-keep-recent')).toHaveValue('16');
  await expect(other.getByTestId('cut-index')).toHaveText('5');
  await other.context().close();
});
