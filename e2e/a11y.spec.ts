/**
 * An automated accessibility audit (axe-core, WCAG 2.0 and 2.1 A and AA
 * rules) of the page's main states: no serious or critical violation in either
 * theme, on a desktop or a phone, with a dialog open or a preview shown.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chatMessages, compareAllStrategies, expect, linkFor, openFresh, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Audits the page as it is now, or only the part under `within`; a failure
 * lists each violation's id, its help and the elements.
 */
async function expectNoSeriousViolations(page: Page, state: string, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const report = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `      at ${n.target.join(' ')}`).join('\n'),
    );
  expect(report, `${state}: serious or critical accessibility violations`).toEqual([]);
}

async function openDefault(page: Page): Promise<void> {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await expect(page.getByRole('figure')).toHaveCount(2);
}

async function switchToDark(page: Page): Promise<void> {
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test('the default page passes the audit in the light and the dark theme, and so does its share dialog', async ({
  page,
}) => {
  await openDefault(page);
  await expectNoSeriousViolations(page, 'default page, light');
  // The dialog on the same page, rather than on one more load of the sample.
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  await expectNoSeriousViolations(page, 'share dialog open');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toBeHidden();
  await switchToDark(page);
  await expectNoSeriousViolations(page, 'default page, dark');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the default page passes the audit at 390 × 844 in both themes', async ({ page }) => {
    await openDefault(page);
    await expectNoSeriousViolations(page, '390 × 844, light');
    await switchToDark(page);
    await expectNoSeriousViolations(page, '390 × 844, dark');
  });
});

for (const theme of ['light', 'dark']) {
  test(`an offline preview passes the audit in every tab, ${theme}`, async ({ page }) => {
    // The small chat from a link, keep-recent 16 (messages 1–4 summarized): every tab shows what it shows
    // for the sample, with the markup of each kind of row, without loading and counting the sample first.
    await page.goto(`/${await linkFor(chatMessages(), { settings: { keepRecentTokens: 16 } })}`);
    await expect(page.getByTestId('cut-index')).toHaveText('5');
    if (theme === 'dark') await switchToDark(page);
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-flags')).toBeVisible();
    // The whole page once, with the first tab; a tab changes only its panel, so the others audit that
    // panel alone (the tabs and the page around it are the ones already audited).
    for (const [i, tab] of ['summary', 'result', 'diff', 'request', 'raw', 'usage', 'compare'].entries()) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByRole('tabpanel')).toHaveAccessibleName(
        (await page.getByTestId(`tab-${tab}`).textContent())!,
      );
      await expectNoSeriousViolations(
        page,
        `offline preview, ${tab} tab, ${theme}`,
        i ? '#preview-tabpanel' : undefined,
      );
    }
  });
}

test('the charts are hidden from assistive technology and tell their numbers in tables', async ({ page }) => {
  await openDefault(page);
  // Nothing inside a chart is a Tab stop or read out; the figure is named by its caption.
  await expect(page.locator('.charts [aria-hidden="true"] svg')).toHaveCount(2);
  await expect(page.locator('.charts svg[tabindex]')).toHaveCount(0);
  const totals = page.getByRole('table', { name: /Tokens in the context now and after compaction/ });
  const roles = page.getByRole('table', { name: 'Tokens by role in the loaded transcript' });
  await expect(page.getByRole('figure', { name: 'Tokens by role' })).toContainText('Tokens by role');

  // The totals table says what the header and the strategy table say: "now" is the context a request holds.
  const context = await page.getByTestId('context-tokens').textContent();
  await expect(totals.getByRole('row', { name: /^now / })).toHaveText(`now${context}`);
  await compareAllStrategies(page);
  for (const strategy of ['budget', 'pi', 'turns']) {
    // Under the threshold both say what it would leave if it fired.
    const after = await page.locator(`[data-strategy="${strategy}"] td`).last().textContent();
    await expect(
      totals.getByRole('row', {
        name: new RegExp(`^${after!.startsWith('would') ? 'would be ' : ''}after ${strategy}`),
      }),
    ).toContainText(after!.replace(/^would be /, ''));
  }
  await expect(
    totals.getByRole('row', { name: /would be after budget \(the chosen strategy\)/ }),
  ).toHaveCount(1);

  // One row per role, adding up to the context but for the 3 tokens of reply priming that
  // close the list and belong to no message: the header names them as framing.
  await expect(roles.getByRole('row')).toHaveCount(5);
  const cells = await roles.getByRole('cell').allTextContents();
  const sum = cells.reduce((s, c) => s + Number(c.replace(/,/g, '')), 0);
  expect(Number(context!.replace(/,/g, '')) - sum).toBe(3);
  await expect(page.getByTestId('framing-tokens')).toHaveText('3');
});

test('the skip link shows itself on focus above the page', async ({ page }, info) => {
  await openDefault(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the token view' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  // It is on top: the point at its centre belongs to the link, not to the header under it.
  const box = (await skip.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Skip to the token view');
  await page.screenshot({
    path: info.outputPath('a11y-skip-link.png'),
    clip: { x: 0, y: 0, width: 700, height: 200 },
  });
});
