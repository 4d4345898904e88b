/**
 * The session over time on the built-in session sample: the compactions the
 * agent made show on the timeline, and picking a call shows the context
 * sent before it in the token strip and the message list, then back to now.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { openFresh, paste, STRATEGY_ROWS } from './fixtures';

test.describe('the session timeline', () => {
  test('shows the recorded compactions, and picking a call moves the strip and the list', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    // The context now: the last compaction's summary and the turn after it.
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await page.getByTestId('timeline-toggle').click();

    const markers = page.getByTestId('recorded-compaction');
    await expect(markers).toHaveCount(2);
    await expect(markers.nth(0)).toContainText('manual before call 8: 22,739 →');
    await expect(markers.nth(1)).toContainText('manual before call 14: 21,956 →');
    await expect(page.getByTestId('timeline-chart').locator('svg .recharts-line')).not.toHaveCount(0);
    await expect(page.getByTestId('timeline-call')).toHaveCount(16);
    await expect(page.getByTestId('replay-table').locator('tbody tr')).toHaveCount(1 + STRATEGY_ROWS);
    await expect(page.getByTestId('replay-table').locator('tr[data-strategy="recorded"]')).toContainText(
      '22,471',
    );

    const strip = page.getByTestId('token-strip-summary');
    const now = await strip.textContent();
    // Call 7 is the last one before the first compaction: the whole first turn is in its context.
    const call = page.locator('[data-testid="timeline-call"][data-call="6"]');
    await call.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('timeline-pinned')).toContainText('before call 7');
    await expect(page.getByTestId('message-count')).toHaveText('19');
    await expect(strip).not.toHaveText(now!);
    await expect(page.getByTestId('message-row').first()).toContainText('Our docs CI fails');
    await expect(page.getByTestId('category-breakdown')).toContainText('before call 7');
    await expect(
      page.getByTestId('category-breakdown').locator('tr[data-category="tool-result"]'),
    ).not.toHaveCount(0);
    await expect(page.getByTestId('category-breakdown')).toContainText('Tool results: Read');

    // The arrows move between calls, as in a toolbar.
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-testid="timeline-call"][data-call="7"]')).toBeFocused();

    await page.getByTestId('timeline-chart').screenshot({ path: testInfo.outputPath('timeline.png') });
    await page.getByTestId('category-breakdown').screenshot({ path: testInfo.outputPath('breakdown.png') });
    await testInfo.attach('timeline', {
      path: testInfo.outputPath('timeline.png'),
      contentType: 'image/png',
    });
    await testInfo.attach('breakdown', {
      path: testInfo.outputPath('breakdown.png'),
      contentType: 'image/png',
    });
    await page.screenshot({ path: testInfo.outputPath('page.png'), fullPage: true });

    await page.getByTestId('timeline-now').click();
    await expect(page.getByTestId('timeline-pinned')).toHaveCount(0);
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await expect(strip).toHaveText(now!);
  });

  test('a picked compaction marker shows the context right after it', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // On a phone the load controls are folded into the file's line once a transcript is loaded.
    await page.getByTestId('load-change').click();
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await page.getByTestId('timeline-toggle').click();
    await page.getByTestId('recorded-compaction').nth(1).click();
    await expect(page.getByTestId('timeline-pinned')).toContainText('before call 14');
    await expect(page.getByTestId('message-row').first()).toContainText('This session is being continued');
    await page.locator('#timeline').screenshot({ path: testInfo.outputPath('timeline-phone.png') });
    await testInfo.attach('timeline on a phone', {
      path: testInfo.outputPath('timeline-phone.png'),
      contentType: 'image/png',
    });
  });

  test('the open timeline with a picked call passes the accessibility audit in both themes', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await page.getByTestId('timeline-toggle').click();
    await page.locator('[data-testid="timeline-call"][data-call="3"]').click();
    await expect(page.getByTestId('category-breakdown')).toContainText('before call 4');
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') {
        await page.getByTestId('theme-toggle').click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      }
      const { violations } = await new AxeBuilder({ page })
        .include('#timeline')
        .include('[data-testid="timeline-pinned"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, theme).toEqual([]);
    }
  });

  test('a 50,000-message session draws a sampled chart, offers a bounded set of calls, and a pick still works', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const many = JSON.stringify(
      Array.from({ length: 50_000 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: `message number ${i} of a long session`,
      })),
    );
    await paste(page, many);
    await expect(page.getByTestId('message-count')).toHaveText('50,000', { timeout: 60_000 });
    await page.getByTestId('timeline-toggle').click();
    await expect(page.getByTestId('replay-table').locator('tbody tr')).toHaveCount(1 + STRATEGY_ROWS, {
      timeout: 60_000,
    });
    await expect(page.locator('.timeline-figure figcaption')).toContainText('each of the 25,000 calls');
    // recharts draws one node per point: the chart is drawn from a sample, and so is the picker.
    const calls = await page.getByTestId('timeline-call').count();
    expect(calls).toBeGreaterThan(50);
    expect(calls).toBeLessThanOrEqual(122);
    await page
      .getByTestId('timeline-call')
      .nth(Math.floor(calls / 2))
      .click();
    await expect(page.getByTestId('timeline-pinned')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('timeline-now').click();
    await expect(page.getByTestId('message-count')).toHaveText('50,000', { timeout: 30_000 });
  });
});
