/**
 * No number on the page contradicts another: an "after" is never above its
 * "before", a kept tail over the budget says why, a scaled count says its
 * scale, a strategy that fires with nothing to do says what happens instead,
 * a cut that keeps nothing says so, a stop has one cause, an import note
 * counts messages, and a one-message file does not claim the budget is ignored.
 */
import type { Page } from '@playwright/test';
import { MOCK_LLM_PORT } from '../playwright.config';
import {
  CHAT,
  chooseProvider,
  expect,
  loadChat,
  openFresh,
  paste,
  STRATEGY_ROWS,
  test,
  compareAllStrategies,
} from './fixtures';

const MOCK = `http://127.0.0.1:${MOCK_LLM_PORT}`;
const KEY = 'sk-test-e2e-numbers-0123456789abcdef';

const row = (page: Page, strategy: string) =>
  page.locator(`[data-testid="strategy-row"][data-strategy="${strategy}"]`);

async function openLinkcheck(page: Page) {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  await page.getByTestId('setting-window').fill('12000');
  await page.getByTestId('setting-reserve').fill('2000');
  await page.getByTestId('setting-keep-recent').fill('2000');
  await expect(page.getByTestId('context-tokens')).toHaveText('20,069');
}

test.describe('no number contradicts another', () => {
  test('a strategy that does not fire leaves after = before; a summary is never longer than what it replaces', async ({
    page,
  }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('context-tokens')).toHaveText('84');
    // 84 tokens under every threshold: no row acts, so every row's context after is the 84 (a cut
    // would have made it 1,038 or more, with a 1,024-token summary).
    await compareAllStrategies(page);
    const after = page.locator('[data-testid="strategy-row"] [data-testid="strategy-after"]');
    await expect(after).toHaveCount(STRATEGY_ROWS);
    await expect(after).toHaveText(Array(STRATEGY_ROWS).fill('84'));

    // Over the threshold, the split turn's prefix (1,375 tokens) is shorter than the 1,600-token budget:
    // the summary is counted at what it replaces, and after stays at before.
    await openLinkcheck(page);
    await compareAllStrategies(page);
    await expect(row(page, 'budget').getByTestId('strategy-after')).toHaveText('20,069');
  });

  test('"kept X of Y" says why when the kept tail is over the budget', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('1');
    await expect(page.getByTestId('kept-tokens')).toHaveText('6');
    await expect(page.getByTestId('kept-budget')).toHaveText('1');
    await expect(page.getByTestId('kept-over-budget')).toHaveText(
      '(more than the budget: the newest message it can keep from is larger, and no message is split)',
    );
    await page.getByTestId('setting-strategy').selectOption('pi');
    await expect(page.getByTestId('kept-over-budget')).toHaveText(
      '(more than the budget: pi keeps on to the next place to cut once the budget is reached)',
    );
    // Within the budget, nothing needs saying.
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(page.getByTestId('kept-over-budget')).toHaveCount(0);
  });

  test('a scaled count says its scale', async ({ page }) => {
    await loadChat(page);
    await expect(page.getByTestId('total-tokens-unit')).toHaveText('tokens in messages (o200k_base)');
    await page.getByTestId('setting-scale').fill('0.9');
    await expect(page.getByTestId('total-tokens-unit')).toHaveText('tokens in messages (o200k_base × 0.9)');
  });

  test('a strategy that fires with nothing to compact says the context stays', async ({ page }) => {
    await openLinkcheck(page);
    await page.getByTestId('setting-strategy').selectOption('turns');
    await expect(page.getByTestId('verdict')).toHaveText(
      '20,069 tokens (17,123 not explained by the file) > threshold 10,000: compaction fires, but finds nothing to compact, so the context stays at 20,069 tokens',
    );
    await compareAllStrategies(page);
    await expect(row(page, 'turns').getByTestId('strategy-fires')).toHaveText('fires: no change');
    await expect(row(page, 'turns').getByTestId('strategy-cut')).toHaveText('nothing to compact');
    await expect(row(page, 'budget').getByTestId('strategy-fires')).toHaveText('fires');
  });

  test('a cut that summarizes everything says it keeps nothing verbatim, not an index past the end', async ({
    page,
  }) => {
    await openLinkcheck(page);
    await page.getByTestId('setting-strategy').selectOption('gemini-cli');
    // 12 messages: no "first kept #12", one past the last; the summary that opens the file stays.
    await expect(page.getByTestId('keeps-nothing')).toHaveText('keeps nothing verbatim, #1–#11 summarized');
    await expect(page.getByTestId('keeps-nothing').locator('strong')).toBeVisible();
    await expect(page.getByTestId('keeps-nothing').locator('.visually-hidden')).toHaveText(
      ', #1–#11 summarized',
    );
  });

  test('an import note counts the messages left out, not the lines', async ({ page }) => {
    await openLinkcheck(page);
    // 48 messages in the session, 12 sent now: 36 left out (the file spends 52 lines on them).
    await expect(page.getByText('36 messages before the last compact boundary').first()).toBeVisible();
  });

  test('a one-message file has no place to cut, and does not call the budget ignored', async ({ page }) => {
    await openFresh(page);
    await paste(page, 'User: please look at the failing test in src/app.ts');
    await expect(page.getByTestId('message-count')).toHaveText('1');
    const handle = page.getByTestId('keep-recent-handle');
    await expect(handle).toContainText('budget 20,000 · no place to cut');
    await expect(handle).not.toContainText('ignored by');
    await expect(handle).toHaveAttribute(
      'aria-valuetext',
      'budget 20,000 tokens, more than the 14 there are: all kept',
    );
  });

  test('a length stop short of the cap names the context window, once', async ({ page }) => {
    await loadChat(page);
    await chooseProvider(page, 'openai', `${MOCK}/v1`, 'length', KEY);
    await page.getByTestId('preview-run').click();
    const degraded = page.getByTestId('preview-degraded');
    await expect(degraded).toContainText('the context window was full, not the cap reached');
    await expect(degraded).not.toContainText('hit its token cap');
    await expect(page.getByTestId('flag-context-limit')).toContainText('hit the context window');
  });
});
