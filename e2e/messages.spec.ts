/**
 * Working with messages: search that jumps and marks, invisible characters
 * named, a message token by token, the list from the keyboard, and long text
 * that never widens the page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { CHAT, expect, openFresh, paste, test } from './fixtures';

const row = (page: Page, index: number) => page.locator(`[data-testid="message-row"][data-index="${index}"]`);

/** A chat of `count` short messages, with `extra` text appended to the ones named. */
function chat(count: number, extra: Record<number, string> = {}): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message number ${i}${extra[i] ?? ''}`,
    })),
  );
}

/** Whether the row lies inside the list's scrolling box, where the user can see it. */
async function inListView(page: Page, target: Locator): Promise<boolean> {
  const list = await page.getByTestId('message-list').boundingBox();
  const box = await target.boundingBox();
  return !!list && !!box && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
}

test.describe('search', () => {
  test('jumps to the first match, marks it, and steps with Enter and Shift+Enter', async ({ page }, info) => {
    await openFresh(page);
    await paste(
      page,
      chat(60, {
        3: ': the Needle is here',
        31: '\nsecond line\nand the needle sits on the third line',
        57: ': needle, and a needle again',
      }),
    );
    await expect(page.getByTestId('message-count')).toHaveText('60');
    const search = page.getByTestId('message-search');
    const count = page.getByTestId('search-count');
    await search.fill('needle');

    await expect(count).toHaveText('1 of 3');
    await expect(row(page, 3)).toHaveAttribute('aria-current', 'true');
    await expect(row(page, 3).locator('mark')).toHaveText('Needle');

    await search.press('Enter');
    await expect(count).toHaveText('2 of 3');
    await expect(row(page, 31)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => inListView(page, row(page, 31))).toBe(true);
    // The match is on the third line: the row shows that line, not the first.
    await expect(row(page, 31).locator('.msg-preview')).toHaveText('and the needle sits on the third line');
    await expect(row(page, 31).locator('mark')).toHaveText('needle');

    await search.press('Enter');
    await expect(count).toHaveText('3 of 3');
    await expect(row(page, 57)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => inListView(page, row(page, 57))).toBe(true);
    await expect(row(page, 57).locator('mark')).toHaveText(['needle', 'needle']);

    await search.press('Enter');
    await expect(count).toHaveText('1 of 3');
    await expect(row(page, 3)).toHaveAttribute('aria-current', 'true');
    await search.press('Shift+Enter');
    await expect(count).toHaveText('3 of 3');
    await expect(row(page, 57)).toHaveAttribute('aria-current', 'true');

    // The full text marks every match too.
    await row(page, 57).click();
    await expect(page.getByTestId('message-detail').locator('pre mark')).toHaveText(['needle', 'needle']);
    await page.getByTestId('message-list').screenshot({ path: info.outputPath('search.png') });

    await search.fill('no such words');
    await expect(count).toHaveText('No matches');
    await expect(page.locator('[data-testid="message-list"] mark')).toHaveCount(0);
  });
});

test('invisible and direction-changing characters are shown as named boxes', async ({ page }, info) => {
  await openFresh(page);
  await paste(
    page,
    JSON.stringify([
      { role: 'user', content: 'Open the attachment evil\u202Eexe.txt please' },
      { role: 'assistant', content: 'Zero\u200Bwidth and a tag run: ok\u{E0068}\u{E0069}.' },
      { role: 'user', content: 'Thanks' },
    ]),
  );
  const preview = row(page, 0).locator('.msg-preview');
  await expect(preview).toHaveText('Open the attachment evilRLOexe.txt please');
  const box = preview.locator('.invisible-char');
  await expect(box).toHaveText('RLO');
  await expect(box).toHaveAttribute('title', 'U+202E RIGHT-TO-LEFT OVERRIDE');
  // The override itself is not in the page: it cannot reorder what follows it.
  expect(await preview.evaluate((el) => el.textContent?.includes('\u202E'))).toBe(false);
  await expect(row(page, 1).locator('.invisible-char')).toHaveText(['ZWSP', 'TAG "hi"']);

  await row(page, 0).click();
  await expect(
    page.getByTestId('message-detail').locator('pre').first().locator('.invisible-char'),
  ).toHaveText('RLO');
  await page.getByTestId('message-list').screenshot({ path: info.outputPath('invisible.png') });

  // The preview's views show them the same way: here, the summarization request.
  await page.getByTestId('setting-keep-recent').fill('1');
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-summary')).toBeVisible();
  await page.getByTestId('tab-request').click();
  await expect(
    page.getByTestId('preview-request').locator('.invisible-char[data-name="RLO"]').first(),
  ).toBeVisible();
});

test('a message token by token: coloured pieces with the ids tiktoken gives', async ({ page }, info) => {
  await openFresh(page);
  await paste(page, CHAT);
  // The pasted transcript, not the sample it replaces, before a row is picked.
  await expect(page.getByTestId('message-count')).toHaveText('7');
  const text = 'Fix the failing test in src/a.ts';
  await row(page, 1).hover();
  await page.getByRole('button', { name: 'Tokens of message 1' }).click();
  const pieces = page.getByTestId('token-pieces');
  const ids = new Tiktoken(o200k).encode(text);

  const textPart = pieces.locator('.token-part[data-label="text"]');
  await expect(textPart.getByTestId('token-ids')).toHaveText(ids.join(', '));
  await expect(textPart.locator('.piece')).toHaveCount(ids.length);
  await expect(textPart.locator('.piece').first()).toHaveAttribute('data-id', String(ids[0]));
  // Whitespace is drawn: the pieces read as the text with · for each space.
  await expect(textPart.locator('.pieces')).toHaveText(text.replaceAll(' ', '·'));
  await expect(pieces.locator('.token-part[data-label="role"]').getByTestId('token-ids')).toHaveText(
    String(new Tiktoken(o200k).encode('user')[0]),
  );
  const total = 1 + ids.length + 3;
  await expect(pieces.locator('.token-sum')).toHaveText(
    `${total} tokens with o200k_base: role 1, text ${ids.length}, framing 3.`,
  );
  await expect(row(page, 1).locator('.num')).toHaveText(String(total));
  await row(page, 1).click();
  await pieces.screenshot({ path: info.outputPath('token-pieces.png') });

  // The characters ÷ 4 heuristic has no tokens to show, and says so.
  await page.getByTestId('setting-tokenizer').selectOption('chars4');
  await expect(page.getByTestId('token-pieces')).toContainText('counts characters, not tokens');
});

test.describe('the list from the keyboard', () => {
  test('is one tab stop; arrows, Home and End move the selection; Enter opens; T shows tokens', async ({
    page,
  }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await expect(page.getByTestId('message-row')).toHaveCount(7);
    await expect(page.locator('[data-testid="message-row"][tabindex="0"]')).toHaveCount(1);

    await page.getByTestId('message-search').focus();
    await page.keyboard.press('Tab');
    await expect(row(page, 0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 2)).toBeFocused();
    await expect(row(page, 2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('End');
    await expect(row(page, 6)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(row(page, 5)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Home');
    await expect(row(page, 0)).toBeFocused();
    await expect(page.locator('[data-testid="message-row"][tabindex="0"]')).toHaveCount(1);
    await expect(row(page, 0)).toHaveAttribute('tabindex', '0');

    await page.keyboard.press('Enter');
    await expect(row(page, 0)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('message-detail')).toContainText('You are a helpful coding agent.');
    await page.keyboard.press('t');
    await expect(page.getByTestId('token-pieces')).toContainText('with o200k_base');
    await page.keyboard.press('Space');
    await expect(row(page, 0)).toHaveAttribute('aria-expanded', 'false');

    // Leaving the list by Tab and coming back lands on the selected row again.
    await page.keyboard.press('Shift+Tab');
    await expect(row(page, 0)).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(row(page, 0)).toBeFocused();
  });

  test('End reaches the last of 50,000 messages and the list stays virtualized', async ({ page }) => {
    await openFresh(page);
    await paste(page, chat(50_000));
    await expect(page.getByTestId('message-count')).toHaveText('50,000', { timeout: 45_000 });
    await row(page, 0).focus();
    await page.keyboard.press('End');
    await expect(row(page, 49_999)).toBeFocused();
    await expect(row(page, 49_999)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(row(page, 49_998)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(row(page, 0)).toBeFocused();
    expect(await page.getByTestId('message-row').count()).toBeLessThan(100);
  });

  test('keys pressed faster than the list scrolls each count: End and seven Up reach the eighth row from the end', async ({
    page,
  }) => {
    await openFresh(page);
    await paste(page, chat(300));
    await expect(page.getByTestId('message-count')).toHaveText('300');
    await row(page, 0).focus();
    // The eight keys in one task, as a held key on a busy machine sends them: the list draws no row between them.
    await row(page, 0).evaluate((el) => {
      for (const key of ['End', ...Array<string>(7).fill('ArrowUp')])
        el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    });
    await expect(row(page, 292)).toHaveAttribute('aria-current', 'true');
    await expect(row(page, 292)).toBeFocused();
  });
});

test.describe('long text stays in its box', () => {
  const pageWidths = (page: Page) =>
    page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);

  test('the diff scrolls inside its own box and the page never grows sideways', async ({ page }, info) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-tokens')).toBeVisible();
    await page.getByTestId('tab-diff').click();
    const lines = page.getByTestId('preview-diff').locator('.diff-lines');
    await expect(lines).toBeVisible();
    const [scrollWidth, clientWidth] = await lines.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await lines.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    const [pageScroll, pageClient] = await pageWidths(page);
    expect(pageScroll).toBe(pageClient);
    await lines.screenshot({ path: info.outputPath('diff.png') });
  });

  test('an unbroken word of 5,000 characters wraps in the list and the preview, at 1400 and 390 px', async ({
    page,
  }) => {
    await openFresh(page);
    const word = 'x'.repeat(5_000);
    await paste(
      page,
      JSON.stringify([
        { role: 'user', content: `look: ${word}` },
        { role: 'assistant', content: 'ok' },
      ]),
    );
    await row(page, 0).click();
    await expect(page.getByTestId('message-detail')).toBeVisible();
    await page.getByTestId('setting-keep-recent').fill('1');
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-summary')).toBeVisible();
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: width === 1400 ? 900 : 844 });
      for (const tab of ['tab-summary', 'tab-result', 'tab-diff', 'tab-request']) {
        await page.getByTestId(tab).click();
        await expect
          .poll(() => pageWidths(page).then(([s, c]) => s - c), { message: `${width} ${tab}` })
          .toBe(0);
      }
    }
  });
});

test('the page says once that the offline summarizer is no model; after a run the summary says it', async ({
  page,
}) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await expect(page.getByText(/not (written by )?a model/)).toHaveCount(1);
  await expect(page.getByTestId('offline-note')).toBeVisible();
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-tokens')).toBeVisible();
  await expect(page.getByTestId('offline-note')).toHaveCount(0);
  await expect(page.getByTestId('preview-flags')).not.toContainText('model');
  await expect(page.getByTestId('preview-summary').locator('p').first()).toHaveText(
    'This summary was generated offline by the playground from the transcript itself, not written by a model.',
  );
});

test('the list with a search, an open message and its tokens passes an accessibility audit in both themes', async ({
  page,
}) => {
  await openFresh(page);
  await paste(
    page,
    JSON.stringify([
      { role: 'user', content: 'Open evil\u202Eexe.txt and\tthe docs' },
      { role: 'assistant', content: 'Reading the docs now.\n\nDone.' },
    ]),
  );
  await page.getByTestId('message-search').fill('docs');
  await expect(page.getByTestId('search-count')).toHaveText('1 of 2');
  await row(page, 0).click();
  await row(page, 0).press('t');
  await expect(page.getByTestId('token-pieces')).toContainText('with o200k_base');
  for (const theme of ['light', 'dark']) {
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme)
      await page.getByTestId('theme-toggle').click();
    const { violations } = await new AxeBuilder({ page })
      .include('.messages')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      theme,
    ).toEqual([]);
  }
});
