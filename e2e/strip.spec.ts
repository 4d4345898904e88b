/**
 * The token strip's sliders and bars as a user handles them: where a drag or
 * a key stops and why, which slider a press grabs, the legend, the bars and
 * the message list pointing at each other, the aria values, and touch.
 */
import type { Locator, Page } from '@playwright/test';
import {
  CHAT,
  expect,
  openFresh as openFreshPage,
  paste,
  settledBox,
  test,
  compareAllStrategies,
} from './fixtures';

/**
 * A fresh page with the default sample at a typed window of 128,000: the
 * numbers here were made for that window (the sample's model has 200,000).
 */
async function openFresh(page: Page) {
  await openFreshPage(page);
  // Once the sample is in (the saved settings restored), so the typed window is not replaced.
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('setting-window').fill('128000');
}

/** The default sample's window and reserve give a keep-recent ceiling of (128,000 − 16,384) / 4. */
const DEFAULT_CAP_NOTE = 'capped at 27,904: a quarter of window − reserve (128,000 − 16,384) / 4';

/** x on the page of message boundary `i` in a strip that shows all `n` messages. */
async function boundaryX(page: Page, i: number, n: number): Promise<number> {
  const plot = await settledBox(page.getByTestId('strip-plot'));
  // The plot has a 1 px border; the bars span the inside.
  return plot.x + 1 + (i * (plot.width - 2)) / n;
}

/**
 * Presses the pointer on `slider` (which takes focus when grabbed) and leaves
 * it down. On a busy machine the layout can still shift between reading a box
 * and pressing, so it presses again until the slider has it.
 */
async function grab(page: Page, slider: Locator, at?: (box: { x: number; width: number }) => number) {
  let y = 0;
  await expect(async () => {
    // A press that missed may have clicked something that moved the page.
    await slider.scrollIntoViewIfNeeded();
    await slider.evaluate((el) => (el as HTMLElement).blur());
    const box = await settledBox(slider);
    y = box.y + box.height / 2;
    await page.mouse.move(at ? at(box) : box.x + box.width / 2, y);
    await page.mouse.down();
    if (!(await slider.evaluate((el) => el === document.activeElement))) {
      await page.mouse.up();
      throw new Error('the press missed the slider');
    }
  }).toPass({ timeout: 30_000 });
  return y;
}

test.describe('where a slider stops and why', () => {
  test('Home on the keep-recent handle stops at the quarter of window − reserve and says so', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    // The handle announces its position (27,904 − the budget), from 0 at the left end to 27,903 for a budget of 1.
    await expect(handle).toHaveAttribute('aria-valuemax', '27903');
    await handle.focus();
    // Home is the left end: the most the budget can be.
    await page.keyboard.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 27,904 tokens');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('27904');
    await expect(page.getByTestId('strip-stop')).toHaveText(DEFAULT_CAP_NOTE);
    // The settings apply it as written: no "effective" value beside the field.
    await expect(page.getByText(/effective 27,904/)).toHaveCount(0);
    // Leaving the handle takes the note away.
    await handle.blur();
    await expect(page.getByTestId('strip-stop')).toHaveCount(0);
  });

  test('dragging the handle past the ceiling stops there, with the reason at the pointer', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    const y = await grab(page, handle);
    const plot = await settledBox(page.getByTestId('strip-plot'));
    const to = plot.x + 40;
    await page.mouse.move(to, y, { steps: 8 });
    const note = page.getByTestId('strip-stop');
    await expect(note).toHaveText(DEFAULT_CAP_NOTE);
    // Beside the pointer, not at the handle.
    const box = (await note.boundingBox())!;
    expect(Math.abs(box.x - (to + 12))).toBeLessThan(4);
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('27904');
  });

  test('the cut line will not go before a tool result, and says why', async ({ page }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-keep-recent').fill('30');
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    const cut = page.getByTestId('cut-line');
    const y = await grab(page, cut);
    // Boundary 3 is before the tool result of read_file.
    await page.mouse.move(await boundaryX(page, 3, 7), y, { steps: 6 });
    await expect(page.getByTestId('strip-stop')).toHaveText(
      '#3 is a tool result: it stays with the call that made it',
    );
    await expect(cut).toHaveAttribute('aria-valuenow', '4');
    await page.mouse.up();
    await expect(page.getByTestId('cut-index')).toHaveText('4');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('30');
  });

  test('under the turns strategy the cut line moves back to where the turn begins, and says so', async ({
    page,
  }) => {
    await openFresh(page);
    await paste(page, CHAT);
    await page.getByTestId('setting-strategy').selectOption('turns');
    // The newest turn (#5 and #6) holds 16 tokens: a budget of 10 reaches into it, so it is kept whole.
    await page.getByTestId('setting-keep-recent').fill('10');
    await expect(page.getByTestId('cut-index')).toHaveText('5');
    const cut = page.getByTestId('cut-line');
    await cut.focus();
    // #6 is inside the newest turn: the turns strategy keeps it whole.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('strip-stop')).toHaveText(
      'the turns strategy always keeps the newest turn: the cut stays before #5',
    );
    await expect(cut).toHaveAttribute('aria-valuenow', '5');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('10');
    // One step left skips the boundaries inside the first turn: back to its start, nothing compacted,
    // and the field holds the tail from there: all 70 tokens after the system prompt.
    await page.keyboard.press('ArrowLeft');
    await expect(cut).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByTestId('strip-stop')).toHaveCount(0);
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('70');
  });
});

test.describe('which slider the pointer takes', () => {
  test('the handle and the cut line a few pixels apart each keep a grab zone of their own', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    const cut = page.getByTestId('cut-line');
    const h = await settledBox(handle);
    const c = await settledBox(cut);
    // The budget of 20,000 ends a few pixels left of the cut before #185: the zones meet halfway.
    expect(c.x - h.x).toBeLessThan(14);
    expect(Math.abs(h.x + h.width - c.x)).toBeLessThan(0.5);
    // A press in each zone takes its own slider, and a press without a move changes nothing.
    await grab(page, cut);
    await page.mouse.up();
    await expect(cut).toBeFocused();
    await grab(page, handle);
    await page.mouse.up();
    await expect(handle).toBeFocused();
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('20000');
    await expect(page.getByTestId('cut-index')).toHaveText('185');
  });

  test('hovering a slider shows its own tooltip, not the bar underneath', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const tooltip = page.getByTestId('strip-tooltip');
    const h = await settledBox(page.getByTestId('keep-recent-handle'));
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await expect(tooltip).toHaveAttribute('data-over', 'keep');
    await expect(tooltip).toHaveText('keep-recent budget 20,000 tokens · drag to change');
    const c = await settledBox(page.getByTestId('cut-line'));
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await expect(tooltip).toHaveAttribute('data-over', 'cut');
    await expect(tooltip).toHaveText('cut before #185 (assistant) · 13,134 tokens kept · drag to move');
    // Off the sliders, over the first bar: the message's own line.
    await page.mouse.move(await boundaryX(page, 0.5, 198), c.y + c.height / 2);
    await expect(tooltip).toHaveAttribute('data-over', 'bars');
    await expect(tooltip).toHaveText(/^#0 · user · 51 tokens · /);
  });

  test('the bar tooltip names the bar under the pointer after the view moves under it', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    await page.getByRole('button', { name: '+', exact: true }).click();
    await page.getByRole('button', { name: '+', exact: true }).click();
    const plot = await settledBox(page.getByTestId('strip-plot'));
    const x = plot.x + plot.width * 0.3;
    const y = plot.y + plot.height - 40;
    await page.mouse.move(x, y);
    const tooltip = page.getByTestId('strip-tooltip');
    await expect(tooltip).toHaveAttribute('data-over', 'bars');
    const before = await tooltip.textContent();
    // Shift + wheel pans the zoomed view to earlier messages; the pointer does not move.
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, -400);
    await page.keyboard.up('Shift');
    await expect(tooltip).not.toHaveText(before!);
    const after = await tooltip.textContent();
    // What a fresh pointer move finds at the same place is what the tooltip already says.
    await page.mouse.move(x + 0.4, y);
    await page.mouse.move(x, y);
    await expect(tooltip).toHaveText(after!);
  });
});

test.describe('what follows a drag', () => {
  test('the strategy table, the charts and the list catch up once the keys rest, and then agree with the strip', async ({
    page,
  }) => {
    await openFresh(page);
    const cut = page.getByTestId('cut-index');
    await expect(cut).toHaveText('185');
    await page.getByTestId('keep-recent-handle').focus();
    // Page Up moves the handle right: a tenth of the ceiling off the budget at each press.
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageUp');
    await expect(cut).not.toHaveText('185');
    // Nothing is left marked as lagging behind the strip...
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // ...and the chosen strategy's row names the cut the strip shows.
    const shown = (await cut.textContent())!;
    await compareAllStrategies(page);
    const row = page.locator('[data-testid="strategy-row"].current');
    await expect(row.getByTestId('strategy-cut')).toHaveText(new RegExp(`^#${shown}(,|$)`));
  });
});

test.describe('legend', () => {
  test('names every band and line the strip draws, and only those', async ({ page }, testInfo) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // The other strategies' cuts, and their key in the legend, come with Compare all strategies.
    await compareAllStrategies(page);
    const legend = page.getByTestId('strip-legend');
    await expect(legend).toBeVisible();
    // The default sample's cut splits turn #98: summarized history, a turn prefix, the kept tail.
    await expect(legend.locator('li')).toHaveText([
      'summarized',
      'turn prefix (summarized on its own)',
      'kept verbatim',
      'keep-recent budget (handle and bracket)',
      'cut: the first kept message',
      "other strategies' cuts",
      'a turn starts',
    ]);
    await page
      .getByTestId('token-strip-summary')
      .locator('..')
      .screenshot({ path: testInfo.outputPath('strip-legend.png') });
    // Whole turns only: no turn prefix to name.
    await page.getByTestId('setting-strategy').selectOption('turns');
    await expect(page.getByTestId('cut-index')).toHaveText('98');
    await expect(legend.locator('li[data-item="turn-prefix"]')).toHaveCount(0);
    await expect(legend.locator('li[data-item="summarized"]')).toBeVisible();
  });
});

test.describe('a strategy that cuts without the budget', () => {
  test('draws the handle dashed, with no bracket, and says the budget does not move its cut', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    const bracket = page.locator('.token-strip__bracket');
    await expect(bracket).toHaveCount(1);
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 20,000 tokens');

    // Claude Code summarizes everything before its threshold, whatever the budget.
    await page.getByTestId('setting-strategy').selectOption('claude-code');
    await expect(handle).toHaveAttribute(
      'aria-valuetext',
      'budget 20,000 tokens; the claude-code strategy does not cut by it',
    );
    await expect(handle).toContainText('budget 20,000 · ignored by claude-code');
    await expect(bracket).toHaveCount(0);
    await expect(page.locator('[data-testid="strip-legend"] li[data-item="budget"]')).toHaveText(
      'keep-recent budget (this strategy cuts without it)',
    );
    // The other strategies' cuts still follow it: the handle still sets the budget.
    await compareAllStrategies(page);
    await expect(page.getByTestId('strategy-marker-pi')).toBeVisible();

    await page.getByTestId('setting-strategy').selectOption('pi');
    await expect(bracket).toHaveCount(1);
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 20,000 tokens');
  });
});

test.describe('bars and rows', () => {
  /** The message row with index `i`, selected as the list marks it. */
  const isSelectedRow = (page: Page, i: number) =>
    page
      .locator(`[data-testid="message-row"][data-index="${i}"]`)
      .evaluate(
        (el) => el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-current') === 'true',
      );

  test('clicking a bar brings the list into view and opens its message', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // The list starts far below the first screen.
    await expect(page.getByTestId('message-list')).not.toBeInViewport();
    const plot = await settledBox(page.getByTestId('strip-plot'));
    // Low in the plot, below any label or tab: the bar of message #120.
    await page.mouse.click(await boundaryX(page, 120.5, 198), plot.y + plot.height - 40);
    await expect(page.getByTestId('token-strip')).toHaveAttribute('data-selected-index', '120');
    // The page scrolled to the list (it once selected the row 1,300 px below the fold, and
    // nothing visible happened), and the list to the row, which is open with its text.
    const row = page.locator('[data-testid="message-row"][data-index="120"]');
    await expect.poll(() => isSelectedRow(page, 120)).toBe(true);
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('message-list')).toBeInViewport();
    await expect(row).toBeInViewport();
    await expect(page.getByTestId('message-detail')).toBeInViewport();
    // The list's top is not under the line of numbers that stays at the top of the screen.
    const numbers = await settledBox(page.getByTestId('sticky-numbers'));
    const list = await settledBox(page.getByTestId('message-list'));
    expect(list.y).toBeGreaterThanOrEqual(numbers.y + numbers.height);
    const box = await settledBox(row);
    expect(box.y).toBeGreaterThanOrEqual(list.y);
    expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height);
  });

  test('selecting a row highlights its bar, panning a zoomed strip to it', async ({ page }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    // Zoomed in around the cut: the first messages are out of view.
    await page.getByRole('button', { name: '+', exact: true }).click();
    await page.getByRole('button', { name: '+', exact: true }).click();
    const range = page.locator('.token-strip__range');
    await expect(range).toHaveText(/^#1\d\d–#\d+ of 198/);
    await page.locator('[data-testid="message-row"][data-index="3"]').click();
    await expect(page.getByTestId('token-strip')).toHaveAttribute('data-selected-index', '3');
    await expect.poll(() => isSelectedRow(page, 3)).toBe(true);
    const [, from, to] = /^#(\d+)–#(\d+)/.exec((await range.textContent()) ?? '') ?? [];
    expect(Number(from)).toBeLessThanOrEqual(3);
    expect(Number(to)).toBeGreaterThanOrEqual(3);
  });
});

test.describe('sliders for assistive technology', () => {
  test('Right and Up increase the value each slider announces, and move it right, as the arrow points', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    // The handle's value is its position: the 27,904 the budget can reach, less the budget.
    await expect(handle).toHaveAttribute('aria-valuenow', '7904');
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 20,000 tokens');
    await handle.focus();
    const before = await settledBox(handle);
    // One step is 1% of the 27,904 the budget can reach: → takes it off the budget and moves the handle right.
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', '8183');
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 19,721 tokens');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('19721');
    expect((await settledBox(handle)).x).toBeGreaterThan(before.x);
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-valuenow', '8462');
    await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '8183');
    await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '7904');
    expect((await settledBox(handle)).x).toBeCloseTo(before.x, 0);
    await page.keyboard.press('End');
    await expect(handle).toHaveAttribute('aria-valuetext', 'budget 1 token');
    await expect(handle).toHaveAttribute('aria-valuenow', '27903');

    const cut = page.getByTestId('cut-line');
    await page.getByTestId('setting-keep-recent').fill('20000');
    await expect(cut).toHaveAttribute('aria-valuenow', '185');
    await expect(cut).toHaveAttribute('aria-valuetext', 'first kept #185 (assistant), 13,134 tokens kept');
    await cut.focus();
    await page.keyboard.press('ArrowRight');
    await expect(cut).not.toHaveAttribute('aria-valuenow', '185');
    const now = Number(await cut.getAttribute('aria-valuenow'));
    expect(now).toBeGreaterThan(185);
    await expect(cut).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^first kept #${now} \\(\\w+\\), [\\d,]+ tokens kept$`),
    );
    await expect(page.getByTestId('cut-index')).toHaveText(String(now));
    await page.keyboard.press('ArrowLeft');
    await expect(cut).toHaveAttribute('aria-valuenow', '185');
  });
});

test.describe('touch at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a finger drags the keep-recent handle to where it stops', async ({ page }, testInfo) => {
    await openFresh(page);
    await expect(page.getByTestId('cut-index')).toHaveText('185');
    const handle = page.getByTestId('keep-recent-handle');
    await handle.scrollIntoViewIfNeeded();
    // Real touch events, so the browser makes the pointer events (pointerType "touch") itself.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    let y = 0;
    let x = 0;
    await expect(async () => {
      await handle.evaluate((el) => (el as HTMLElement).blur());
      const box = await settledBox(handle);
      x = box.x + box.width / 2;
      y = box.y + box.height / 2;
      await touch('touchStart', x, y);
      if (!(await handle.evaluate((el) => el === document.activeElement))) {
        await touch('touchEnd');
        throw new Error('the finger missed the handle');
      }
    }).toPass({ timeout: 30_000 });
    const plot = await settledBox(page.getByTestId('strip-plot'));
    const to = plot.x + 4;
    for (let i = 1; i <= 8; i++) await touch('touchMove', x + ((to - x) * i) / 8, y);
    await expect(page.getByTestId('strip-stop')).toHaveText(DEFAULT_CAP_NOTE);
    await touch('touchEnd');
    // At the left end: position 0, the largest budget.
    await expect(handle).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByTestId('setting-keep-recent')).toHaveValue('27904');
    await page.getByTestId('token-strip').screenshot({ path: testInfo.outputPath('strip-phone.png') });
  });
});
