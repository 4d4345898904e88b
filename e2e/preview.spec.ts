import type { Page } from '@playwright/test';
import { ALONE_MOCK_PORT } from '../playwright.config';
import { chooseProvider, expect, loadChat, test } from './fixtures';

const MOCK = `http://127.0.0.1:${ALONE_MOCK_PORT}`;
const KEY = 'sk-test-e2e-0123456789abcdef';

/** The five wire protocols, each pointed at the local test server. */
const FAMILIES = [
  { preset: 'openai', baseUrl: `${MOCK}/v1`, path: '/v1/chat/completions' },
  { preset: 'openai-responses', baseUrl: `${MOCK}/v1`, path: '/v1/responses' },
  { preset: 'anthropic', baseUrl: MOCK, path: '/v1/messages' },
  { preset: 'gemini', baseUrl: MOCK, path: ':streamGenerateContent' },
  { preset: 'ollama-native', baseUrl: MOCK, path: '/api/chat' },
] as const;

async function received(
  page: Page,
): Promise<{ url: string; method: string; headers: Record<string, string> }[]> {
  const response = await page.request.get(`${MOCK}/__requests`);
  return (await response.json()) as { url: string; method: string; headers: Record<string, string> }[];
}

test('the offline summarizer works without a key and says it is not a model', async ({ page }) => {
  await loadChat(page);
  await page.getByTestId('preview-run').click();
  const summary = page.getByTestId('preview-summary');
  await expect(summary).toContainText('generated offline by the playground');
  await expect(summary).toContainText('Fix the failing test in src/a.ts');
  await expect(page.getByTestId('preview-tokens')).toContainText('84 →');
  await expect(page.getByText(/not (written by )?a model/)).toHaveCount(1);
  await page.getByTestId('tab-result').click();
  await expect(page.getByTestId('preview-rows').locator('tbody tr')).toHaveCount(4);
  await page.getByTestId('tab-diff').click();
  await expect(page.getByTestId('preview-diff')).toContainText('−4 messages');
});

for (const family of FAMILIES) {
  test(`a ${family.preset} preview streams the summary from the local server`, async ({ page }) => {
    await loadChat(page);
    await chooseProvider(page, family.preset, family.baseUrl, 'mock-summarizer', KEY);
    await page.getByTestId('preview-run').click();
    await expect(page.getByTestId('preview-summary')).toContainText('"Fix the failing test in src/a.ts"');
    await expect(page.getByTestId('preview-flags')).toContainText('84 →');
    await page.getByTestId('tab-request').click();
    const request = page.getByTestId('preview-request');
    await expect(request).toContainText(family.path);
    await expect(request).not.toContainText(KEY);
    if (family.preset !== 'ollama-native') await expect(request).toContainText('[redacted]');
    await page.getByTestId('tab-raw').click();
    await expect(page.getByTestId('preview-raw')).not.toBeEmpty();
    await page.getByTestId('tab-usage').click();
    await expect(page.getByTestId('preview-usage')).toContainText('reported by the provider');
    const calls = (await received(page)).filter((r) => r.method === 'POST');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.url).not.toContain(KEY);
    expect(page.url()).not.toContain(KEY);
  });
}

test('a stream that goes silent after its headers stalls, is tried twice, and degrades to the archive', async ({
  page,
}) => {
  await loadChat(page);
  await page.getByTestId('setting-stall').fill('800');
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'silent-after-headers', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('flag-degraded')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('preview-degraded')).toContainText('stalled');
  await expect(page.getByTestId('preview-summary')).toContainText('Raw conversation archive');
});

test('Stop aborts a running preview and reports it as stopped', async ({ page }) => {
  await loadChat(page);
  await chooseProvider(page, 'anthropic', MOCK, 'slow-2000', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-status')).toBeVisible();
  await page.getByTestId('preview-stop').click();
  await expect(page.getByTestId('preview-stopped')).toBeVisible();
  await expect(page.getByTestId('flag-degraded')).toBeHidden();
});

test('a provider that never stops streaming is stopped at the answer cap, and the page says so', async ({
  page,
}) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'endless', KEY);
  await page.getByTestId('preview-run').click();
  const error = page.getByTestId('preview-error');
  await expect(error).toHaveAttribute('data-category', 'too-long', { timeout: 20_000 });
  await expect(error).toContainText("The provider's answer passed 400,000 characters; it was stopped there");
  await expect(page.getByTestId('preview-stop')).toBeDisabled();
});

test('a key the model writes back in two pieces shows nowhere on the page', async ({ page }) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'quote-key', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-summary')).toContainText('The key I was given: [redacted].');
  await page.getByTestId('tab-raw').click();
  await expect(page.getByTestId('preview-raw')).toContainText('[redacted]');
  const half = Math.floor(KEY.length / 2);
  for (const piece of [KEY.slice(0, half), KEY.slice(half)]) {
    await expect(page.locator('main')).not.toContainText(piece);
    expect(page.url()).not.toContain(piece);
  }
});

test('a rejected key is an authentication error, not retried', async ({ page }) => {
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'unauthorized', KEY);
  await page.getByTestId('preview-run').click();
  const error = page.getByTestId('preview-error');
  await expect(error).toHaveAttribute('data-category', 'auth');
  await expect(error).toContainText(/key/i);
});

test('a rate limit says so, after the second attempt', async ({ page }) => {
  await loadChat(page);
  await chooseProvider(page, 'gemini', MOCK, 'rate-limited', KEY);
  await page.getByTestId('preview-run').click();
  const degraded = page.getByTestId('preview-degraded');
  await expect(degraded).toHaveAttribute('data-category', 'rate-limit');
  await expect(degraded).toContainText(/rate limit/i);
});

for (const family of FAMILIES) {
  test(`a ${family.preset} context overflow is recognized and names the provider's message`, async ({
    page,
  }) => {
    await loadChat(page);
    await chooseProvider(page, family.preset, family.baseUrl, 'overflow', KEY);
    await page.getByTestId('preview-run').click();
    const degraded = page.getByTestId('preview-degraded');
    await expect(degraded).toHaveAttribute('data-category', 'overflow');
    await expect(degraded).toContainText(/matched .+'s overflow message/);
  });
}

test('the key stays out of storage unless the user asks to remember it', async ({ page }) => {
  // A page that has not had its idle moment (a busy machine): its other writes still wait.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await loadChat(page);
  await chooseProvider(page, 'openai', `${MOCK}/v1`, 'mock-summarizer', KEY);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('preview-summary')).toContainText('Fix the failing test');
  const stored = async () =>
    page.evaluate(async () => {
      const local = JSON.stringify({ ...localStorage });
      const idb = await new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const all = db.transaction('keyval').objectStore('keyval').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      });
      return local + idb;
    });
  expect(await stored()).not.toContain(KEY);
  await page.reload();
  await expect(page.getByTestId('provider-key')).toHaveValue('');

  await page.getByTestId('provider-key').fill(KEY);
  await page.getByTestId('provider-remember').check();
  expect(await stored()).toContain(KEY);
  await page.reload();
  await expect(page.getByTestId('provider-key')).toHaveValue(KEY);
  // Unticked, it is gone from storage as soon as the box is clear.
  await page.getByTestId('provider-remember').uncheck();
  expect(await stored()).not.toContain(KEY);
});
