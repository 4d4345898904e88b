/**
 * The main states of the page, saved as test artifacts (test-results/) so a
 * change to the UI can be looked at, not only asserted.
 */
import { CHAT, expect, openFresh, paste, test, compareAllStrategies } from './fixtures';

test('screenshots of the main states', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await shot('01-default-sample');

  await page.getByTestId('setting-strategy').selectOption('turns');
  await page.locator('[data-testid="message-row"]').first().click();
  await compareAllStrategies(page);
  await shot('02-turns-strategy-row-expanded');
  await page.getByTestId('setting-strategy').selectOption('budget');

  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-flags')).toBeVisible();
  await shot('03-offline-preview');

  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  await shot('04-share-dialog');
  await page.keyboard.press('Escape');

  await page.getByTestId('theme-toggle').click();
  await shot('05-dark-theme');

  await paste(page, '{"messages": [\n  {"role": "user",\n');
  await expect(page.getByTestId('import-error')).toBeVisible();
  await shot('06-import-error');

  await paste(page, CHAT);
  await page.getByTestId('keep-recent-handle').focus();
  await shot('07-keyboard-focus-on-handle');
});
