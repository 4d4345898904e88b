/**
 * The page never shows a stale or an impossible number: settings nobody can
 * mean are refused where they are typed, presets leave a configuration that
 * fits, the header names the budget and what was kept, a result that would
 * not fit says by how much, and a preview that no longer matches says so.
 */
import type { Page } from '@playwright/test';
import { ALONE_MOCK_PORT } from '../playwright.config';
import { SMALL_CHAT } from '../src/formats/fixtures/smallChat';
import {
  CHAT,
  chatMessages,
  expect,
  linkFor,
  loadChat,
  mockRequests,
  openFresh,
  paste,
  test,
} from './fixtures';

const MOCK = `http://127.0.0.1:${ALONE_MOCK_PORT}`;

const RESERVE_AT_WINDOW =
  'The reserve (128,000) must be smaller than the window (128,000): otherwise no room is left for the conversation and every message would compact.';

/**
 * The default sample with its numbers settled: 130,834 tokens, cut before
 * #185, at a typed window of 128,000 (its model's own is 200,000).
 */
async function openSample(page: Page) {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('setting-window').fill('128000');
  await expect(page.getByTestId('kept-tokens')).toHaveText('13,134');
}

test.describe('impossible settings', () => {
  test('a reserve at or above the window is refused where it is typed, with its reason, and the analysis does not change', async ({
    page,
  }, info) => {
    await openSample(page);
    const reserve = page.getByTestId('setting-reserve');
    await reserve.fill('128000');
    const error = page.getByTestId('setting-error');
    await expect(error).toHaveText(RESERVE_AT_WINDOW);
    await expect(error).toHaveCount(1);
    await expect(reserve).toHaveValue('128000');
    await expect(reserve).toHaveAttribute('aria-invalid', 'true');
    // The last valid reserve, 16,384, still applies: not "threshold 1: compaction fires".
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
    await expect(page.getByTestId('verdict')).toHaveText(
      '130,834 tokens > threshold 111,616: compaction fires',
    );
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // The refused value stays when the field loses focus.
    await page.getByTestId('setting-window').focus();
    await expect(reserve).toHaveValue('128000');
    await expect(error).toHaveText(RESERVE_AT_WINDOW);
    await page.screenshot({ path: info.outputPath('refused-setting.png') });

    // A valid reserve applies and the message goes.
    await reserve.fill('28000');
    await expect(page.getByTestId('setting-error')).toHaveCount(0);
    await expect(page.getByTestId('threshold')).toHaveText('100,000');
  });

  test('a refused window applies once the reserve and keep-recent typed after it make it fit', async ({
    page,
  }) => {
    await openSample(page);
    await page.getByTestId('setting-window').fill('8192');
    await expect(page.getByTestId('setting-error')).toHaveText(
      'The reserve (16,384) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact. ' +
        'Keep-recent (20,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    );
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
    await page.getByTestId('setting-reserve').fill('2048');
    await expect(page.getByTestId('setting-error')).toHaveText(
      'Keep-recent (20,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    );
    await page.getByTestId('setting-keep-recent').fill('1536');
    await expect(page.getByTestId('setting-error')).toHaveCount(0);
    await expect(page.getByTestId('setting-window')).toHaveValue('8192');
    await expect(page.getByTestId('threshold')).toHaveText('6,144');
  });

  test('a keep-recent larger than the window is refused, and the handle and the cut stay where they were', async ({
    page,
  }) => {
    await openSample(page);
    const keep = page.getByTestId('setting-keep-recent');
    await keep.fill('200000');
    await expect(page.getByTestId('setting-error')).toHaveText(
      'Keep-recent (200,000) cannot be larger than the window (128,000): the kept messages alone would not fit.',
    );
    await expect(keep).toHaveValue('200000');
    await expect(page.getByTestId('keep-recent-handle')).toHaveAttribute(
      'aria-valuetext',
      'budget 20,000 tokens',
    );
    await expect(page.getByTestId('kept-summary')).toHaveText('kept 13,134 of 20,000');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
  });

  test('a negative reserve is refused with what 0 would mean', async ({ page }) => {
    await openSample(page);
    await page.getByTestId('setting-reserve').fill('-5');
    await expect(page.getByTestId('setting-error')).toHaveText(
      'The reserve cannot be negative (0 takes the default, 16,384).',
    );
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
  });

  test("a link's reserve at or above its window is shown refused in its field, not applied", async ({
    page,
  }) => {
    const link = await linkFor(chatMessages(), {
      settings: { maxContextTokens: 8192, reserveTokens: 16384, keepRecentTokens: 1000 },
    });
    await page.goto(`/${link}`);
    await expect(page.getByTestId('message-count')).toHaveText('7');
    await expect(page.getByTestId('setting-window')).toHaveValue('8192');
    await expect(page.getByTestId('setting-error')).toHaveText(
      'The reserve (16,384) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.',
    );
    // Not "threshold 1": the default window applies until the reserve is lowered.
    await expect(page.getByTestId('threshold')).toHaveText('111,616');
    await page.getByTestId('setting-reserve').fill('2048');
    await expect(page.getByTestId('setting-error')).toHaveCount(0);
    await expect(page.getByTestId('threshold')).toHaveText('6,144');
  });

  test('the 8k local model leaves a configuration that fits, with nothing refused or adjusted', async ({
    page,
  }) => {
    await openSample(page);
    await page.getByTestId('model-preset').selectOption('local-8k');
    await expect(page.getByTestId('setting-window')).toHaveValue('8192');
    await expect(page.getByTestId('setting-reserve')).toHaveValue('2048');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('1536');
    await expect(page.getByTestId('threshold')).toHaveText('6,144');
    await expect(page.getByTestId('keep-recent-handle')).toHaveAttribute(
      'aria-valuetext',
      'budget 1,536 tokens',
    );
    await expect(page.getByTestId('kept-budget')).toHaveText('1,536');
    await expect(page.getByTestId('setting-error')).toHaveCount(0);
    await expect(page.locator('.settings .field-effective')).toHaveCount(0);
  });
});

test.describe('the header', () => {
  test('names the budget on the handle and the tokens kept in the header', async ({ page }) => {
    await openSample(page);
    await expect(page.getByTestId('kept-summary')).toHaveText('kept 13,134 of 20,000');
    await expect(page.getByTestId('keep-recent-handle')).toContainText('budget 20,000');
    await expect(page.getByTestId('result-overflow')).toHaveCount(0);
  });

  test('says why nothing is compacted instead of showing a first kept message', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('message-count')).toHaveText('7');
    const nothing = page.getByTestId('nothing-to-compact');
    await expect(nothing).toBeVisible();
    await expect(nothing).toHaveAttribute(
      'title',
      'everything after the system prompt fits the keep-recent budget (70 ≤ 20,000 tokens)',
    );
    await expect(nothing).toContainText('nothing to compact: everything fits the keep-recent budget');
    await expect(page.getByLabel('Transcript summary').getByText('first kept')).toHaveCount(0);
    await expect(page.getByTestId('cut-index')).toHaveText('1');
    await expect(page.getByTestId('kept-summary')).toHaveText('kept 70 of 20,000');
  });

  test('a result still over the window after compaction gets a red badge saying by how much', async ({
    page,
  }, info) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('6');
    await page.getByTestId('setting-window').fill('80');
    await page.getByTestId('setting-reserve').fill('10');
    await expect(page.getByTestId('threshold')).toHaveText('70');
    // A summary is never counted longer than what it replaces, so at most the 84 tokens of before:
    // still 4 over the window of 80.
    const badge = page.getByTestId('result-overflow');
    await expect(badge).toHaveText('4 over the window after compaction');
    await expect(badge).toHaveAttribute(
      'title',
      'after compaction the context is up to 84 tokens, 4 over the window (80): it cannot be sent',
    );
    await expect(badge).toHaveCSS('color', 'rgb(194, 53, 43)');
    await page.screenshot({ path: info.outputPath('result-overflow.png') });
    // A window that holds the summary and the tail: the badge goes.
    await page.getByTestId('setting-window').fill('4000');
    await expect(page.getByTestId('result-overflow')).toHaveCount(0);
  });
});

test.describe('a preview that no longer matches', () => {
  test('a provider preview is marked stale at once after a settings change, and runs again only on a click', async ({
    page,
  }, info) => {
    await loadChat(page);
    await page.getByTestId('provider-select').selectOption('openai');
    await page.getByTestId('provider-base-url').fill(`${MOCK}/v1`);
    await page.getByTestId('provider-model').fill('mock-summarizer');
    await page.getByTestId('provider-key').fill('sk-test-e2e-0123456789abcdef');
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-summary')).toContainText('"Fix the failing test in src/a.ts"');
    await expect(page.getByTestId('preview-stale')).toHaveCount(0);
    const calls = async () => (await mockRequests(page, MOCK)).filter((r) => r.method === 'POST').length;
    const before = await calls();

    await page.getByTestId('setting-keep-recent').fill('30');
    const stale = page.getByTestId('preview-stale');
    await expect(stale).toContainText('settings changed since this run');
    await expect(page.locator('section.preview')).toHaveClass(/is-stale/);
    await expect(page.getByTestId('preview-flags')).toHaveCSS('opacity', '0.55');
    await stale.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: info.outputPath('stale-preview.png') });
    expect(await calls()).toBe(before);

    // Back to the settings it was made with: it matches again.
    await page.getByTestId('setting-keep-recent').fill('16');
    await expect(stale).toHaveCount(0);
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(stale).toBeVisible();

    await page.getByTestId('preview-rerun').click();
    await expect(stale).toHaveCount(0);
    await expect(page.getByTestId('preview-flags')).toBeVisible();
    expect(await calls()).toBeGreaterThan(before);

    // Another transcript makes it stale for that reason.
    const longer = {
      ...SMALL_CHAT,
      messages: [...SMALL_CHAT.messages, { role: 'user', content: 'And now?' }],
    };
    await paste(page, JSON.stringify(longer));
    await expect(page.getByTestId('message-count')).toHaveText('8');
    await expect(stale).toContainText('transcript changed since this run');
  });

  test('the offline preview is marked stale at once and runs again by itself', async ({ page }) => {
    await loadChat(page);
    await page.getByTestId('preview-run').click();
    const tokens = page.getByTestId('preview-tokens');
    await expect(tokens).toContainText('84 →');
    const first = await tokens.textContent();
    await page.getByTestId('tab-result').click();
    await expect(page.getByTestId('preview-rows').locator('tbody tr')).toHaveCount(4);

    // Record whether the marker ever shows: it is up only until the new run starts.
    await page.evaluate(() => {
      const seen = ((window as unknown as { staleSeen: string[] }).staleSeen = [] as string[]);
      new MutationObserver(() => {
        const marker = document.querySelector('[data-testid="preview-stale"]');
        if (marker?.textContent && !seen.includes(marker.textContent)) seen.push(marker.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    // The new run keeps #4–#6 after the summary: system, summary and three messages.
    await expect(page.getByTestId('preview-rows').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('preview-stale')).toHaveCount(0);
    await expect(tokens).not.toHaveText(first!);
    const seen = await page.evaluate(() => (window as unknown as { staleSeen: string[] }).staleSeen);
    expect(seen.some((text) => text.includes('settings changed since this run'))).toBe(true);
  });
});
