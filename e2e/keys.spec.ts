/**
 * Keys go only where the user sent them: a link can choose a provider, never
 * where a remembered key goes.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ALONE_MOCK_PORT } from '../playwright.config';
import { CHAT, chatMessages, expect, linkFor, mockRequests, openFresh, paste, test } from './fixtures';

const MOCK = `http://127.0.0.1:${ALONE_MOCK_PORT}`;
const KEY = 'sk-remembered-0123456789abcdef';
const OTHER_KEY = 'sk-typed-for-link-0123456789';

/** Requests that reach a host the test stands in for, with their headers. */
async function capture(context: BrowserContext, pattern: string) {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  await context.route(pattern, async (route) => {
    seen.push({ url: route.request().url(), headers: await route.request().allHeaders() });
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":{"message":"refused by the test"}}',
    });
  });
  return seen;
}

/** The user's own setup: OpenAI at its own address, key remembered on this device. */
async function rememberOpenAiKey(page: Page) {
  await openFresh(page);
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-key').fill(KEY);
  await page.getByTestId('provider-remember').check();
}

/** A link carrying the small chat (keep-recent 16: something to compact) and a provider. */
const linkWith = (provider: { kind: 'openai' | 'openai-compatible'; baseUrl: string; model: string }) =>
  linkFor(chatMessages(), { settings: { keepRecentTokens: 16 }, provider });

test("a link's base URL gets no request and no key until confirmed, and a revisit without the link forgets it", async ({
  page,
  context,
}) => {
  const openai = await capture(context, 'https://api.openai.com/**');
  await rememberOpenAiKey(page);
  const before = (await mockRequests(page, MOCK)).length;

  await page.goto(`/${await linkWith({ kind: 'openai', baseUrl: `${MOCK}/v1`, model: 'mock' })}`);
  await expect(page.getByTestId('confirm-base-url')).toContainText(`${MOCK}/v1`);
  await expect(page.getByTestId('provider-base-url')).toHaveValue(`${MOCK}/v1`);
  await expect(page.getByTestId('provider-key')).toHaveValue('');
  await expect(page.getByTestId('preview-run')).toBeDisabled();

  // The next visit, without the link: the user's own provider, no banner.
  const revisit = await context.newPage();
  await revisit.goto('/');
  await expect(revisit.getByTestId('provider-select')).toHaveValue('openai');
  await expect(revisit.getByTestId('provider-base-url')).toHaveValue('https://api.openai.com/v1');
  await expect(revisit.getByTestId('provider-key')).toHaveValue(KEY);
  await expect(revisit.getByTestId('confirm-base-url')).toHaveCount(0);
  await paste(revisit, CHAT);
  await revisit.getByTestId('setting-keep-recent').fill('16');
  await revisit.getByTestId('preview-run').click();
  await expect(revisit.getByTestId('preview-error')).toBeVisible();
  expect(openai.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  expect((await mockRequests(page, MOCK)).length).toBe(before);

  // Confirmed in this visit, the link's server is used, with a key typed for it, never the remembered one.
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expect(page.getByTestId('provider-key')).toHaveValue('');
  await expect(page.getByTestId('preview-run')).toBeDisabled();
  await page.getByTestId('provider-key').fill(OTHER_KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-summary')).toContainText('Fix the failing test');
  const sent = (await mockRequests(page, MOCK)).slice(before);
  expect(sent.map((r) => [r.url, r.headers.authorization])).toEqual([
    ['/v1/chat/completions', `Bearer ${OTHER_KEY}`],
  ]);
});

test('a link that switches to another preset does not carry the remembered key along', async ({
  page,
  context,
}) => {
  const llamacpp = await capture(context, 'http://localhost:8080/**');
  await rememberOpenAiKey(page);
  await page.goto(
    `/${await linkWith({ kind: 'openai-compatible', baseUrl: 'http://localhost:8080/v1', model: 'local' })}`,
  );
  await expect(page.getByTestId('provider-select')).toHaveValue('llamacpp');
  await expect(page.getByTestId('confirm-base-url')).toHaveCount(0);
  await expect(page.getByTestId('provider-key')).toHaveValue('');
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-error')).toBeVisible();
  expect(llamacpp).toHaveLength(1);
  expect(llamacpp[0].headers.authorization).toBeUndefined();
  expect(JSON.stringify(llamacpp)).not.toContain(KEY);
});

test('a provider that quotes the key back never puts it on the page', async ({ page }) => {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('16');
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(`${MOCK}/v1`);
  await page.getByTestId('provider-model').fill('echo-key');
  await page.getByTestId('provider-key').fill(KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-error')).toContainText('Incorrect API key provided: [redacted]');
  for (const tab of ['Summary', 'Request', 'Raw stream', 'Usage & cost']) {
    await page.getByRole('tab', { name: tab }).click();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(KEY);
  }
});

test('a base URL with a user name and password is refused where it is typed', async ({ page }) => {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('16');
  await page.getByTestId('provider-select').selectOption('ollama');
  await page.getByTestId('provider-base-url').fill('http://user:pass@127.0.0.1:11434/v1');
  await expect(page.getByTestId('provider-base-url-error')).toHaveText(
    'Base URL: give the address without a user name or password. The key goes in the key field.',
  );
  await expect(page.getByTestId('preview-run')).toBeDisabled();
});
