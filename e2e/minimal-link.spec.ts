/**
 * The minimal link: the built-in Claude Code session's full link is about
 * 130,000 characters; its minimal link pastes anywhere and opens to the same
 * cut and kept tokens, with most messages shown as counts only.
 */
import type { Page } from '@playwright/test';
import { decodeShare, fragmentFromLink } from '../src/share/codec';
import { expect, loadChat, openFresh, openWithPreview, test } from './fixtures';

async function openShare(page: Page) {
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-minimal')).toHaveValue(/#v3\./);
}

async function lengthOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('share-minimal-length').textContent()) ?? '';
  return Number(/^([\d,]+) characters/.exec(text)![1].replaceAll(',', ''));
}

test('a minimal link opened in a fresh browser shows the same cut and kept tokens', async ({
  page,
  browser,
}, info) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  const kept = await page.getByTestId('kept-tokens').textContent();
  const total = await page.getByTestId('total-tokens').textContent();

  await openShare(page);
  // The full link is too long to paste, so the minimal one comes first and says why.
  await expect(page.getByTestId('share-full-length')).toHaveAttribute('data-class', 'too-long');
  await expect(page.getByTestId('share-minimal-section')).toContainText(
    'recommended: the full link is too long',
  );
  await expect(page.getByTestId('share-minimal-length')).toHaveAttribute('data-class', 'short');
  const link = await page.getByTestId('share-minimal').inputValue();
  expect(link.length).toBeLessThanOrEqual(2000);
  expect(await lengthOf(page)).toBe(link.length);
  // The openings at the cut travel, and the dialog says exactly what is carried and what was cut short.
  await expect(page.getByTestId('share-minimal-left-out')).toContainText(
    /Carries the counts of all 198 messages, the openings of 3 messages \((\d+) characters of text\); the text of 195 of 198 messages left out/,
  );
  await expect(page.getByTestId('share-minimal-cut')).toHaveText(
    'The cut, always with text: #185 first kept, #184 last before the cut, #98 start of the split turn.',
  );
  await expect(page.getByTestId('share-minimal-cut-short')).toContainText(
    /its own openings to their first (\d+) characters; long turn ids to their first 8 characters/,
  );
  const opening = Number(
    /first (\d+) characters/.exec(
      (await page.getByTestId('share-minimal-cut-short').textContent()) ?? '',
    )![1],
  );
  await expect(page.getByTestId('share-minimal-left-out')).toContainText(
    `(${3 * opening} characters of text)`,
  );
  await page.getByText('What the reader sees').click();
  await expect(page.getByTestId('share-minimal-preview')).toContainText('text not included');
  await page.getByTestId('share-dialog').screenshot({ path: info.outputPath('minimal-share-dialog.png') });

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('message-count')).toHaveText('198');
  await expect(other.getByTestId('cut-index')).toHaveText('185');
  await expect(other.getByTestId('kept-tokens')).toHaveText(kept!);
  await expect(other.getByTestId('total-tokens')).toHaveText(total!);
  // The message at the cut shows its opening, marked as one in the list and in the message itself.
  // The list draws the rows near the selection: walk to #185 with the keys a list box takes.
  await other.locator('[data-testid="message-row"][data-index="0"]').click();
  await other.keyboard.press('End');
  for (let k = 0; k < 12; k++) await other.keyboard.press('ArrowUp');
  const firstKept = other.locator('[data-testid="message-row"][data-index="185"]');
  await expect(firstKept).toHaveAttribute('aria-current', 'true');
  await expect(firstKept.getByTestId('text-partial')).toHaveText('… the rest not included in this link');
  await firstKept.click();
  await expect(other.getByTestId('detail-opening')).toContainText(
    'Only the opening of this message travelled in the link',
  );
  // Messages without their text say so, with their counts.
  const omitted = other.getByTestId('text-omitted').first();
  await expect(omitted).toContainText(/text not included in this link \([\d,]+ tokens\)/);
  // The counts belong to the link's tokenizer: it cannot be changed here.
  await expect(other.getByTestId('setting-tokenizer')).toBeDisabled();
  await expect(other.getByTestId('counts-fixed-note')).toContainText('fixed to the link’s');
  // Nor can a provider count it again: the link has the counts, not the text.
  await expect(other.getByTestId('count-exact')).toBeDisabled();
  await expect(other.locator('.count-exact')).toContainText('came from a minimal link');
  await other.screenshot({ path: info.outputPath('minimal-opened.png') });
  await fresh.close();
});

test('adding a range back lengthens the link, and the reader sees that text', async ({ page, browser }) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await openShare(page);
  const before = await lengthOf(page);
  const firstLink = await page.getByTestId('share-minimal').inputValue();

  await page.getByTestId('share-minimal-range').fill('1-x');
  await page.getByTestId('share-minimal-add').click();
  await expect(page.getByTestId('share-minimal-range-error')).toHaveText(
    'Expected message numbers such as 3-7, 12; "1-x" is not one.',
  );
  await page.getByTestId('share-minimal-range').fill('0-1');
  await page.getByTestId('share-minimal-add').click();
  await expect(page.getByTestId('share-minimal-added')).toContainText('#0–#1');
  await expect(page.getByTestId('share-minimal')).not.toHaveValue(firstLink);
  expect(await lengthOf(page)).toBeGreaterThan(before);
  const link = await page.getByTestId('share-minimal').inputValue();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('cut-index')).toHaveText('185');
  const first = other.locator('[data-testid="message-row"][data-index="0"]');
  await expect(first).not.toContainText('text not included');
  await expect(first).toContainText(/\S/);
  const third = other.locator('[data-testid="message-row"][data-index="2"]');
  await expect(third.getByTestId('text-omitted')).toBeVisible();
  await fresh.close();
});

test('adding the first N characters of each message back is a middle step between none and all', async ({
  page,
  browser,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await openShare(page);
  const before = await lengthOf(page);
  expect(before).toBeLessThanOrEqual(2000);

  // The default opening: 200 characters of each message.
  await expect(page.getByTestId('share-minimal-chars')).toHaveValue('200');
  await page.getByTestId('share-minimal-range').fill('190-197');
  await page.getByTestId('share-minimal-add').click();
  await expect(page.getByTestId('share-minimal-added')).toContainText('#190–#197 · first 200');
  await expect(page.getByTestId('share-minimal-added-carried')).toHaveText(
    '(carried: #190–#197 the first 200 characters of each)',
  );
  await expect(page.getByTestId('share-minimal-length')).toHaveAttribute('data-class', 'long');
  const middle = await lengthOf(page);
  expect(middle).toBeGreaterThan(2000);
  expect(middle).toBeLessThanOrEqual(8000);
  await expect(page.getByTestId('share-minimal-over')).toHaveText(
    'Longer than 2,000 characters: the text added back makes it longer than 2,000 characters.',
  );
  const link = await page.getByTestId('share-minimal').inputValue();

  // A bad length is refused at the field.
  await page.getByTestId('share-minimal-range').fill('3');
  await page.getByTestId('share-minimal-chars').fill('0');
  await page.getByTestId('share-minimal-add').click();
  await expect(page.getByTestId('share-minimal-range-error')).toHaveText(
    'Expected a whole number of characters from 1 to 100,000.',
  );

  // The whole text of the same range is the far end: too long to paste.
  await page.getByText('#190–#197 · first 200').click();
  await page.getByTestId('share-minimal-whole').check();
  await page.getByTestId('share-minimal-range').fill('190-197');
  await page.getByTestId('share-minimal-add').click();
  await expect(page.getByTestId('share-minimal-added')).toContainText('#190–#197 whole');
  await expect(page.getByTestId('share-minimal-length')).toHaveAttribute('data-class', 'too-long');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('cut-index')).toHaveText('185');
  // Each key moves from the row that has the focus, and a far row takes it only once the list has
  // scrolled to it and drawn it: each step waits for its row, or a busy machine's keys outrun the list.
  const rowAt = (index: number) => other.locator(`[data-testid="message-row"][data-index="${index}"]`);
  await rowAt(0).click();
  await expect(rowAt(0)).toBeFocused();
  await other.keyboard.press('End');
  await expect(rowAt(197)).toBeFocused();
  for (let index = 196; index >= 190; index--) {
    await other.keyboard.press('ArrowUp');
    await expect(rowAt(index)).toBeFocused();
  }
  const row = rowAt(190);
  await row.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByTestId('text-omitted')).toHaveCount(0);
  await fresh.close();
});

test('the address bar of a page opened from a minimal link carries its settings only, and a reload keeps the counts', async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await openShare(page);
  const link = await page.getByTestId('share-minimal').inputValue();
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('setting-keep-recent').fill('9000');
  const address = async () => {
    const decoded = await decodeShare(fragmentFromLink(page.url()) ?? '');
    return decoded.ok ? { variant: decoded.payload.variant, settings: decoded.payload.settings } : null;
  };
  // The window is the sample's model's (200,000), not the default, so the link carries it.
  await expect
    .poll(address, { timeout: 10_000 })
    .toEqual({ variant: 'settings-only', settings: { keepRecentTokens: 9000, maxContextTokens: 200000 } });
  // The minimal transcript, with the counts it carried, is what this tab kept for its reload.
  const cut = await page.getByTestId('cut-index').textContent();
  await page.reload();
  await expect(page.getByTestId('shared-mark')).toBeVisible();
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('9000');
  await expect(page.getByTestId('cut-index')).toHaveText(cut ?? '');
});

test('the share dialog with the minimal link on a phone', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await openShare(page);
  await expect(page.getByTestId('share-minimal-length')).toBeVisible();
  await page.screenshot({ path: info.outputPath('minimal-share-dialog-phone.png') });
});

test('after a preview the minimal link stays short: it leaves the summary out and says so', async ({
  page,
}) => {
  await openWithPreview(page);
  await openShare(page);
  await expect(page.getByTestId('share-minimal-length')).toHaveAttribute('data-class', 'short');
  expect(await lengthOf(page)).toBeLessThanOrEqual(2000);
  await expect(page.getByTestId('share-minimal-left-out')).toContainText('The preview result is not in it');
  // The full link still carries the preview.
  const full = await page.getByTestId('share-full').inputValue();
  const decoded = await decodeShare(fragmentFromLink(full) ?? '');
  expect(decoded.ok && decoded.payload.preview?.summary).toContain('generated offline');
});

test('the recommended minimal link of the linkcheck sample shows the reader the sender’s timeline', async ({
  page,
  browser,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  // What the sender sees: 16 calls, two compactions, the recorded peak and input.
  await page.getByTestId('timeline-toggle').click();
  await expect(page.getByTestId('timeline-call')).toHaveCount(16);
  const markers = page.getByTestId('recorded-compaction');
  await expect(markers).toHaveCount(2);
  await expect(markers.nth(0)).toHaveText('manual before call 8: 22,739 → – (next call 17,991)');
  const sent = await markers.allTextContents();
  const recordedRow = page.getByTestId('replay-table').locator('tr[data-strategy="recorded"]');
  await expect(recordedRow).toContainText('22,471');
  await expect(recordedRow).toContainText('316,403');
  const recorded = await recordedRow.textContent();

  await openShare(page);
  await expect(page.getByTestId('share-minimal-section')).toContainText(
    'recommended: the full link is too long',
  );
  await expect(page.getByTestId('share-minimal-session')).toHaveText(
    "The session over time travels: the timeline's 16 calls with their usage and 2 recorded compactions.",
  );
  const link = await page.getByTestId('share-minimal').inputValue();
  expect(link.length).toBeLessThanOrEqual(2000);
  // The offline summarizer is every reader's default: the link does not name it.
  const decoded = await decodeShare(fragmentFromLink(link) ?? '');
  expect(decoded.ok && decoded.payload.provider).toBeUndefined();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('message-count')).toHaveText('12');
  await expect(other.getByTestId('format')).toHaveText('claude-code');
  await expect(other.getByTestId('source-name')).toContainText('Claude Code');
  await other.getByTestId('timeline-toggle').click();
  await expect(other.getByTestId('timeline-call')).toHaveCount(16);
  await expect(other.getByTestId('recorded-compaction')).toHaveText(sent);
  await expect(other.getByTestId('replay-table').locator('tr[data-strategy="recorded"]')).toHaveText(
    recorded!,
  );
  await fresh.close();
});

test('the "Add text back" choice stays when the minimal link moves above the full one', async ({ page }) => {
  await loadChat(page);
  await openShare(page);
  // A short full link comes first; the user starts adding text back, whole.
  await expect(page.getByTestId('share-minimal-section')).not.toContainText('recommended');
  await page.getByTestId('share-minimal-whole').check();
  await page.getByTestId('share-minimal-range').fill('2-3');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).not.toBeVisible();

  // A session whose full link is too long: the minimal link moves first when the dialog opens again.
  await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(page.getByTestId('message-count')).toHaveText('12');
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-minimal-section')).toContainText(
    'recommended: the full link is too long',
  );
  await expect(page.getByTestId('share-minimal-whole')).toBeChecked();
  await expect(page.getByTestId('share-minimal-range')).toHaveValue('2-3');
});
