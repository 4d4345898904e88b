import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

/** A full v1 link to a transcript of these user messages, built as the page builds one. */
function linkTo(contents: readonly string[]): string {
  const json = JSON.stringify({
    v: 1,
    variant: 'full',
    transcript: { messages: contents.map((content, i) => ({ id: `m${i}`, role: 'user', content })) },
  });
  return `/#v1.${deflateRawSync(json, { level: 9 }).toString('base64url')}`;
}

async function open(page: Page, link: string): Promise<void> {
  await openFresh(page);
  await page.goto('about:blank');
  await page.goto(link);
}

/** Counting is in the worker; a busy shared machine loads the ranks slowly, a quadratic count never ends. */
const COUNTED = { timeout: 20_000 };

test('a link holding one message of 200,000 "a" opens and shows its token count', async ({ page }) => {
  await open(page, linkTo(['a'.repeat(200_000)]));
  await expect(page.getByTestId('message-count')).toHaveText('1', COUNTED);
  // 'aaaaaaaa' is one o200k token: 25,000, plus 3 framing and 1 for the role; the list's 3 are the context's.
  await expect(page.getByTestId('total-tokens')).toHaveText('25,004', COUNTED);
  await expect(page.getByTestId('context-tokens')).toHaveText('25,007', COUNTED);
  await expect(page.locator('[data-testid="message-row"][data-index="0"] .num')).toHaveText('25,004');
});

// Each kind of character's exact count over 200,000 of them, in linear time, is
// checked where the counting is: src/core/tokenizer.test.ts. The worker runs that code.

test('one message of 5,000,000 alternating spaces and tabs opens in pieces and the page stays responsive', async ({
  page,
}) => {
  // Counting five million characters on a busy shared machine takes a while; drawing them all never ends.
  test.setTimeout(150_000);
  await open(page, linkTo([' \t'.repeat(2_500_000), 'the message after it']));
  await expect(page.getByTestId('message-count')).toHaveText('2', { timeout: 90_000 });
  // 2,499,999 o200k tokens and 4 for the first message, 4 and 4 for the second; the reply's 3 are framing.
  await expect(page.getByTestId('total-tokens')).toHaveText('2,500,011', { timeout: 90_000 });
  await page.locator('[data-testid="message-row"][data-index="0"]').click();
  const detail = page.getByTestId('message-detail');
  const text = detail.locator('pre').first();
  await expect(detail.getByTestId('text-shown').first()).toHaveText(
    'The first 20,000 of 5,000,000 characters.',
  );
  expect(await text.evaluate((el) => el.textContent?.length)).toBe(20_000);

  // The page answers at once: the next piece, then another message.
  await detail.getByTestId('text-more').first().click();
  await expect(detail.getByTestId('text-shown').first()).toHaveText(
    'The first 40,000 of 5,000,000 characters.',
  );
  expect(await text.evaluate((el) => el.textContent?.length)).toBe(40_000);
  await page.locator('[data-testid="message-row"][data-index="1"]').click();
  await expect(
    page.locator('[role="listitem"][data-index="1"]').getByTestId('message-detail').locator('pre').first(),
  ).toHaveText('the message after it');
});
