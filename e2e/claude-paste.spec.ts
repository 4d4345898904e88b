/**
 * Claude Code's settings pasted into the window field, on the Claude Code
 * sample (a 200,000 model): the window Claude Code would use, and the note
 * under the field saying it came from the paste. A plain number still types.
 */
import { expect, test } from './fixtures';
import { openFresh } from './fixtures';
import type { Page } from '@playwright/test';

async function pasteInto(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe("Claude Code's settings pasted into the window field", () => {
  test.beforeEach(async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
  });

  test('a settings.json sets the window it names, and says so', async ({ page }) => {
    await pasteInto(page, 'setting-window', '{ "autoCompactWindow": 150000 }');
    await expect(page.getByTestId('setting-window')).toHaveValue('150000');
    await expect(page.getByTestId('window-source')).toHaveText(
      "Window 150,000, Claude Code's auto-compact window from the pasted autoCompactWindow",
    );
    await expect(page.getByTestId('window-source')).toHaveAttribute('data-origin', 'agent');
  });

  test('an env line below 100,000 is raised to 100,000, with the reason', async ({ page }) => {
    await pasteInto(page, 'setting-window', 'export CLAUDE_CODE_AUTO_COMPACT_WINDOW=50000');
    await expect(page.getByTestId('setting-window')).toHaveValue('100000');
    await expect(page.getByTestId('window-source')).toContainText(
      'reads as 50,000 tokens, so Claude Code raises it to the 100,000 minimum',
    );
  });
});
