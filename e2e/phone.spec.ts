/**
 * The page on a phone (390 × 844): nothing scrolls sideways in any state, the
 * token view comes first with the settings under it, and dialogs fit the
 * screen. Screenshots `phone-*.png` are saved as test artifacts.
 */
import type { Page, TestInfo } from '@playwright/test';
import { CHAT, expect, openFresh, settledBox, test, compareAllStrategies } from './fixtures';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** How wide the page is against the screen, and the elements that stick out on the right. */
async function sideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number; out: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > root.clientWidth + 0.5) {
        const testId = el.getAttribute('data-testid');
        out.push(`${el.tagName.toLowerCase()}.${String(el.className)}${testId ? `[${testId}]` : ''}`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, out: out.slice(0, 12) };
  });
}

async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const { scrollWidth, clientWidth, out } = await sideways(page);
  expect(scrollWidth, `${state}: the page is wider than the screen; sticking out: ${out.join(', ')}`).toBe(
    clientWidth,
  );
}

async function openDefault(page: Page): Promise<void> {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await expect(page.locator('.charts figure')).toHaveCount(2);
}

/** The element's box lies within the screen. */
async function expectOnScreen(page: Page, testId: string): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

test('at 390 px nothing scrolls sideways: sample, paste box, settings, every preview tab, dialogs', async ({
  page,
}, info) => {
  // A dozen states, a preview run and two dialogs: more than a minute on a busy two-core machine.
  test.slow();
  const shot = (name: string) => page.screenshot({ path: info.outputPath(`${name}.png`) });
  await openDefault(page);
  await expectNoSidewaysScroll(page, 'default sample');
  await shot('phone-first-screen');
  await page.screenshot({ path: info.outputPath('phone-whole-page.png'), fullPage: true });

  await page.getByTestId('load-change').click();
  await expectNoSidewaysScroll(page, 'load controls open');
  await page.getByRole('button', { name: 'Paste…' }).click();
  await expect(page.getByTestId('paste-input')).toBeVisible();
  await expectNoSidewaysScroll(page, 'paste box open');
  await page.getByRole('button', { name: 'Paste…' }).click();

  await page.getByTestId('model-preset').selectOption({ index: 1 });
  await page.getByTestId('setting-strategy').selectOption('turns');
  await page.getByTestId('setting-strategy').scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, 'settings changed');
  await shot('phone-settings');
  await page.getByTestId('model-preset').selectOption('');
  await page.getByTestId('setting-strategy').selectOption('budget');

  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-flags')).toBeVisible();
  for (const tab of ['summary', 'result', 'diff', 'request', 'raw', 'usage']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page, `offline preview, ${tab} tab`);
  }
  await page.getByTestId('tab-result').click();
  await page.getByTestId('preview-flags').scrollIntoViewIfNeeded();
  await shot('phone-preview');

  await page.getByTestId('message-row').first().click();
  await expect(page.getByTestId('message-detail')).toBeVisible();
  await expectNoSidewaysScroll(page, 'a message opened');

  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  await expectNoSidewaysScroll(page, 'share dialog');
  await shot('phone-share');
});

test('on a phone the token view comes first, the settings follow it, and the header scrolls away', async ({
  page,
}) => {
  await openDefault(page);
  const strip = (await page.locator('.strip-panel').boundingBox())!;
  const settings = (await page.locator('.settings').boundingBox())!;
  const charts = (await page.locator('.charts').boundingBox())!;
  // The token view is on the first screen, the settings right under it, the charts after them.
  expect(strip.y).toBeLessThan(PHONE.height);
  expect(settings.y).toBeGreaterThanOrEqual(strip.y + strip.height);
  expect(charts.y).toBeGreaterThanOrEqual(settings.y + settings.height);
  // The strip and its table are as wide as the screen allows, not wider.
  expect(strip.x).toBeGreaterThanOrEqual(0);
  expect(strip.x + strip.width).toBeLessThanOrEqual(PHONE.width);
  await compareAllStrategies(page);
  const table = (await page.getByTestId('strategy-table').boundingBox())!;
  expect(table.x + table.width).toBeLessThanOrEqual(strip.x + strip.width);

  // Scrolled to the settings, the header no longer covers any of the screen.
  await page.locator('.settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const header = (await page.locator('.app-header').boundingBox())!;
  expect(header.y + header.height).toBeLessThanOrEqual(0);
});

test('on a phone the share dialog and the import report fit the screen', async ({ page }, info) => {
  await openDefault(page);
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  await expectOnScreen(page, 'share-dialog');
  await page.getByTestId('share-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('share-dialog')).toBeHidden();

  // The file line's actions are folded with the load controls on a phone: "Change" shows them.
  await page.getByTestId('load-change').click();
  await page.getByTestId('open-report').click();
  const report = page.getByRole('dialog', { name: /Import report/ });
  await expect(report).toBeVisible();
  const box = (await report.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  await expectNoSidewaysScroll(page, 'import report');
  await page.screenshot({ path: info.outputPath('phone-report.png') });
});

test('the skip link is the first Tab stop, shows itself, and takes the focus to the token view', async ({
  page,
}) => {
  await openDefault(page);
  const skip = page.getByRole('link', { name: 'Skip to the token view' });
  const hidden = (await skip.boundingBox())!;
  expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = (await skip.boundingBox())!;
  expect(shown.y).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);

  await page.keyboard.press('Enter');
  await expect(page.locator('#token-view')).toBeFocused();
  // The next Tab lands inside the token view; the address bar's fragment, which holds the
  // share state, never becomes the link's target.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('token-view')!.contains(document.activeElement)),
  ).toBe(true);
  expect(new URL(page.url()).hash).not.toContain('token-view');
});

test('the hidden file input is no Tab stop: Tab goes from "Open file…" to "Follow this file…"', async ({
  page,
}) => {
  await openDefault(page);
  await page.getByTestId('load-change').click();
  await page.getByRole('button', { name: 'Open file…' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('follow-file')).toBeFocused();
  await expect(page.getByTestId('file-input')).not.toBeFocused();
});

test('on a phone a finger drags the keep-recent handle, and the setting follows', async ({ page }) => {
  await openDefault(page);
  const handle = page.getByTestId('keep-recent-handle');
  await expect(handle).toHaveAttribute('aria-valuetext', 'budget 20,000 tokens');
  // A finger reaches only what is on the screen: the strip is scrolled to first.
  await handle.scrollIntoViewIfNeeded();
  const box = await settledBox(handle);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: at, y, id: 1 }],
    });
  // A short way left: far enough to keep more messages, not so far as to reach the budget's cap.
  await touch('touchStart', x);
  for (let step = 1; step <= 4; step++) await touch('touchMove', x - step * 5);
  await touch('touchEnd', x - 20);

  // A larger tail is kept, and the settings field shows the same budget as the handle.
  const field = page.getByTestId('setting-keep-recent');
  await expect
    .poll(async () => {
      const kept = Number(await field.inputValue());
      const said = await handle.getAttribute('aria-valuetext');
      return said === `budget ${kept.toLocaleString('en-US')} tokens` ? kept : -1;
    })
    .toBeGreaterThan(20000);
});

test('on a phone the sample list and every strategy name can be read whole', async ({ page }) => {
  await openDefault(page);
  await page.getByTestId('load-change').click();
  // The select is at least as wide as its label, measured in the page's own font.
  const sample = await page.getByTestId('sample-select').evaluate((select: HTMLSelectElement) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(select).font;
    probe.textContent = select.options[0]!.text;
    document.body.append(probe);
    const label = probe.getBoundingClientRect().width;
    probe.remove();
    return { label: select.options[0]!.text, labelWidth: label, width: select.clientWidth };
  });
  expect(sample.label).toBe('Samples…');
  expect(sample.width).toBeGreaterThan(sample.labelWidth);
  // A long name wraps at its hyphen and starts each line at the same left edge.
  await compareAllStrategies(page);
  const name = page.locator('[data-strategy="anthropic-compaction"] th button');
  const lines = await name.evaluate((button) => {
    const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return [...range.getClientRects()].map((r) => Math.round(r.left));
  });
  expect(lines.length).toBeGreaterThan(0);
  expect(new Set(lines).size).toBe(1);
});

/** Where each part of the answer lies against the screen, for a message that says which part fell below it. */
async function answerBoxes(page: Page): Promise<string> {
  const parts = ['verdict-strategy', 'verdict', 'strip-plot', 'strip-legend'];
  const boxes = await Promise.all(parts.map((id) => page.getByTestId(id).boundingBox()));
  return parts
    .map((id, i) => `${id} ${Math.round(boxes[i]!.y)}–${Math.round(boxes[i]!.y + boxes[i]!.height)}`)
    .join(', ');
}

/** Whether compaction fires, under which strategy, and what each bar means: all on the first screen, attached to the report. */
async function expectAnswerOnFirstScreen(page: Page, info: TestInfo, state: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = info.outputPath(`phone-answer-${state.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path });
  await info.attach(`phone first screen, ${state}`, { path, contentType: 'image/png' });
  for (const id of ['verdict-strategy', 'verdict', 'strip-plot', 'strip-legend'])
    await expect(page.getByTestId(id), `${state}: ${id}; ${await answerBoxes(page)}`).toBeInViewport({
      ratio: 1,
    });
}

test.describe('the first screen on a phone answers without scrolling', () => {
  test('the default sample, a sample that fires and a Claude Code file: verdict, strategy, strip and legend in view', async ({
    page,
  }, info) => {
    await openDefault(page);
    await expect(page.getByTestId('verdict-strategy')).toHaveText('budget');
    await expectAnswerOnFirstScreen(page, info, 'the default sample');

    // Made to fire, and opened again from the address bar: the first load of a state that fires.
    await page.getByTestId('make-it-fire').click();
    await expect(page.getByTestId('verdict')).toContainText('compaction fires');
    await page.reload();
    await expect(page.getByTestId('verdict')).toContainText('compaction fires');
    await expectAnswerOnFirstScreen(page, info, 'a sample that fires');

    // A Claude Code file of the user's own, on a page with the default settings again.
    await openDefault(page);
    await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/claude-code.jsonl');
    await expect(page.getByTestId('verdict-strategy')).toHaveText('claude-code');
    await expect(page.getByTestId('verdict')).toContainText('compaction does not fire');
    await expect(page.getByTestId('load-change')).toHaveText('Change · 3 notes');
    await expectAnswerOnFirstScreen(page, info, 'a Claude Code file');
  });

  test("a minimal link reopened on a phone: under the link's banners, the verdict, strategy, strip and legend in view", async ({
    page,
    browser,
  }, info) => {
    await openDefault(page);
    await page.getByTestId('share-open').click();
    await expect(page.getByTestId('share-minimal')).toHaveValue(/#v3\./);
    const link = await page.getByTestId('share-minimal').inputValue();
    const reader = await (
      await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
    ).newPage();
    await reader.goto(link);
    await expect(reader.getByTestId('cut-index')).toHaveText('185');
    await expect(reader.getByTestId('shared-mark')).toBeVisible();
    await expectAnswerOnFirstScreen(reader, info, 'a reopened minimal link');
  });

  test('the folded load controls open by keyboard, and keep what was typed in them', async ({ page }) => {
    await openDefault(page);
    const change = page.getByTestId('load-change');
    await expect(change).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('load-fold')).toContainText('claude-code-tallybook.jsonl');
    await expect(page.getByRole('button', { name: 'Paste…' })).toBeHidden();
    // Tab from the top reaches the fold's button after the header's own.
    await page.locator('body').focus();
    for (let tabs = 0; tabs < 12 && !(await change.evaluate((el) => el === document.activeElement)); tabs++)
      await page.keyboard.press('Tab');
    await expect(change).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(change).toHaveAttribute('aria-expanded', 'true');
    // The row opens above the file line: the focus goes to its first way in, and Tab walks on through it.
    await expect(page.getByRole('button', { name: 'Paste…' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Open file…' })).toBeFocused();
    const url = page.getByRole('textbox', { name: 'Transcript URL' });
    await url.fill('https://example.com/half-typed');
    // Folded and opened again (Space this time), the address is still there.
    await change.focus();
    await page.keyboard.press('Space');
    await expect(change).toHaveAttribute('aria-expanded', 'false');
    await expect(url).toBeHidden();
    await page.keyboard.press('Space');
    await expect(url).toHaveValue('https://example.com/half-typed');

    // A sample picked from the opened controls folds them again, the focus back on the fold's button.
    await page.getByTestId('sample-select').selectOption('claude-code-linkcheck');
    await expect(page.getByTestId('message-count')).toHaveText('12');
    await expect(change).toHaveAttribute('aria-expanded', 'false');
    await expect(change).toBeFocused();
    await expect(page.getByTestId('load-fold')).toContainText('claude-code-linkcheck.jsonl');

    // So does a paste loaded from the keyboard: the paste box closes, the focus is on "Change" again.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Paste…' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('paste-input').fill(CHAT);
    await page.getByTestId('paste-load').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('source-name')).toHaveText('Pasted text · OpenAI Chat Completions');
    await expect(page.getByTestId('paste-input')).toHaveCount(0);
    await expect(change).toHaveAttribute('aria-expanded', 'false');
    await expect(change).toBeFocused();
  });
});
