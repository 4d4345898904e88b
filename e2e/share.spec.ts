import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { secretExamples, secretsLeftIn } from '../testing/secretExamples';
import { CHAT, expect, openFresh, paste, test } from './fixtures';

const KEY = 'sk-test-share-0123456789abcdef';

async function loadAndTune(page: Page) {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('30');
  await page.getByTestId('setting-strategy').selectOption('pi');
  await page.getByTestId('setting-window').fill('64000');
  await page.locator('[data-testid="message-row"][data-index="2"]').click();
  await expect(page.getByTestId('cut-index')).toHaveText('4');
}

async function shareLink(page: Page, testId: 'share-full' | 'share-settings'): Promise<string> {
  await page.getByTestId('share-open').click();
  const input = page.getByTestId(testId);
  await expect(input).toHaveValue(/#v3\./);
  return input.inputValue();
}

async function expectSameState(page: Page) {
  await expect(page.getByTestId('format')).toHaveText('openai-chat');
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await expect(page.getByTestId('cut-index')).toHaveText('4');
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('30');
  await expect(page.getByTestId('setting-strategy')).toHaveValue('pi');
  await expect(page.getByTestId('setting-window')).toHaveValue('64000');
  await expect(page.locator('[data-testid="message-row"][data-index="2"]')).toHaveAttribute(
    'aria-current',
    'true',
  );
}

test('a full link reopens the same cut, settings and selected message in a fresh browser', async ({
  page,
  browser,
}) => {
  await loadAndTune(page);
  const link = await shareLink(page, 'share-full');
  await expect(page.getByTestId('share-full-length')).toHaveAttribute('data-class', 'short');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expectSameState(other);
  await fresh.close();
});

test('the preview a link brought says when the page no longer shows what it was made from', async ({
  page,
  browser,
}, testInfo) => {
  await loadAndTune(page);
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
  const link = await shareLink(page, 'share-full');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expectSameState(other);
  const shared = other.getByTestId('shared-preview');
  await expect(shared).toContainText('Preview from the shared link');
  await expect(shared).toContainText('generated offline by the playground');
  await expect(other.getByTestId('shared-preview-stale')).toHaveCount(0);

  await other.getByTestId('setting-keep-recent').fill('40');
  await expect(other.getByTestId('shared-preview-stale')).toHaveText(
    'The settings changed since the link was opened. This is the sender’s preview, not one of this page: run the preview to see this page’s.',
  );
  await shared.screenshot({ path: testInfo.outputPath('shared-preview-stale.png') });
  // Back to the link's budget, it matches again.
  await other.getByTestId('setting-keep-recent').fill('30');
  await expect(other.getByTestId('shared-preview-stale')).toHaveCount(0);
  await other.getByTestId('sample-select').selectOption('claude-code-linkcheck');
  await expect(other.getByTestId('shared-preview-stale')).toContainText(
    'Another transcript is loaded since the link was opened',
  );
  await fresh.close();
});

test('the address bar follows the state without adding history entries', async ({ page }) => {
  await loadAndTune(page);
  const length = await page.evaluate(() => history.length);
  await page.getByTestId('setting-keep-recent').fill('16');
  await expect(page).toHaveURL(/#v3\./, { timeout: 5000 });
  const before = page.url();
  await page.getByTestId('setting-keep-recent').fill('58');
  await expect.poll(() => page.url(), { timeout: 5000 }).not.toBe(before);
  expect(await page.evaluate(() => history.length)).toBe(length);
});

test('a repro bundle reopens the same state from the file picker', async ({ page, browser }) => {
  await loadAndTune(page);
  await page.getByTestId('share-open').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('share-bundle').click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('"variant":"full"');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openFresh(other);
  await other.getByTestId('file-input').setInputFiles(file);
  await expectSameState(other);
  await fresh.close();
});

test('a settings-only link asks for the transcript and confirms its hash', async ({ page, browser }) => {
  await loadAndTune(page);
  const link = await shareLink(page, 'share-settings');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  const banner = other.getByTestId('expected-transcript');
  await expect(banner).toContainText('carries settings only');
  await expect(other.getByTestId('setting-keep-recent')).toHaveValue('30');
  await paste(other, CHAT.replace('Done.', 'Done!'));
  await expect(banner).toHaveAttribute('data-matches', 'false');
  await paste(other, CHAT);
  await expect(banner).toHaveAttribute('data-matches', 'true');
  await expect(other.getByTestId('cut-index')).toHaveText('4');
  await fresh.close();
});

test('a tampered link shows what was wrong and the page still works', async ({ page }) => {
  await loadAndTune(page);
  const link = await shareLink(page, 'share-full');
  const tampered = `${link.slice(0, -12)}!!!!${link.slice(-8)}`;
  await page.goto('about:blank');
  await page.goto(tampered);
  await expect(page.getByTestId('link-error')).toContainText('could not be opened');
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
});

test('a link that inflates past 20 MB is refused while it decompresses', async ({ page }) => {
  await openFresh(page);
  const json = JSON.stringify({
    v: 1,
    variant: 'full',
    transcript: { messages: [{ id: 'a', role: 'user', content: 'a'.repeat(25 * 1024 * 1024) }] },
  });
  const fragment = `v1.${deflateRawSync(json, { level: 9 }).toString('base64url')}`;
  expect(fragment.length).toBeLessThan(100_000);
  await page.goto('about:blank');
  await page.goto(`/#${fragment}`);
  await expect(page.getByTestId('link-error')).toContainText('could not be opened');
  await expect(page.getByTestId('link-error')).toContainText('20');
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
});

test('a key-shaped string in the transcript is found and redacted by default', async ({ page }) => {
  await openFresh(page);
  const secret = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  await paste(
    page,
    JSON.stringify([
      { role: 'user', content: `my key is ${secret}` },
      { role: 'assistant', content: 'noted' },
    ]),
  );
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-findings')).toContainText('message #0');
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  const link = await page.getByTestId('share-full').inputValue();
  const payload = await page.evaluate(async (l) => {
    const data = l.split('#v3.')[1].replaceAll('-', '+').replaceAll('_', '/');
    const bytes = Uint8Array.from(atob(data + '='.repeat((4 - (data.length % 4)) % 4)), (c) =>
      c.charCodeAt(0),
    );
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new Response(stream).text();
  }, link);
  expect(payload).not.toContain(secret);
});

/** The JSON a `#v3.` link carries, or '' for an address without one. */
function linkText(link: string): string {
  const data = link.split('#v3.')[1];
  return data ? inflateRawSync(Buffer.from(data, 'base64url')).toString('utf8') : '';
}

test('a key pasted inside a transcript never reaches the address bar or its history', async ({ page }) => {
  await openFresh(page);
  const openai = 'sk-proj-T3xQ9vLm2RkW7ZpN4bHc8YdJ1sFa6GuE0oKiVtXr';
  const anthropic = 'sk-ant-api03-Wq8Zr2Lk5Nv9Xb3Jm7Tc1Hp4Sd6Fg0Yu-Ea2Ko8Ri5Mx';
  await paste(
    page,
    JSON.stringify([
      { role: 'user', content: `deploy with OPENAI_KEY ${openai} please` },
      {
        role: 'assistant',
        content: `curl https://api.anthropic.com/v1/messages -H "x-api-key: ${anthropic}"`,
      },
    ]),
  );
  await expect(page.getByTestId('message-count')).toHaveText('2');
  // The address follows the pasted transcript once the debounce settles: its hash, never its text.
  await expect.poll(() => linkText(page.url()), { timeout: 10_000 }).toContain('"messageCount":2');
  const carried = linkText(page.url());
  expect(carried).not.toContain('deploy with OPENAI_KEY');
  for (const key of [openai, anthropic]) {
    expect(page.url()).not.toContain(key);
    expect(carried).not.toContain(key);
  }
});

test('no link or bundle ever contains the API key, even when it is remembered', async ({ page }) => {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-key').fill(KEY);
  await page.getByTestId('provider-remember').check();
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-full')).toHaveValue(/#v3\./);
  const links = [
    await page.getByTestId('share-full').inputValue(),
    await page.getByTestId('share-settings').inputValue(),
  ];
  const download = page.waitForEvent('download');
  await page.getByTestId('share-bundle').click();
  const bundle = readFileSync(await (await download).path(), 'utf8');
  const decoded = await page.evaluate(async (all) => {
    const out: string[] = [];
    for (const l of all) {
      const data = l.split('#v3.')[1].replaceAll('-', '+').replaceAll('_', '/');
      const bytes = Uint8Array.from(atob(data + '='.repeat((4 - (data.length % 4)) % 4)), (c) =>
        c.charCodeAt(0),
      );
      out.push(
        await new Response(
          new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')),
        ).text(),
      );
    }
    return out.join('\n');
  }, links);
  expect(decoded).toContain('anthropic');
  expect(decoded).not.toContain(KEY);
  expect(bundle).not.toContain(KEY);
  expect(page.url()).not.toContain(KEY);
});

test('the share dialog lists an example of every secret kind, and neither the links nor the bundle carry any of them', async ({
  page,
}) => {
  // Random characters of each format, a new seed each run: never real keys.
  const seed = Date.now() % 1_000_000;
  const examples = secretExamples(seed);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const leftIn = (text: string) => secretsLeftIn(text, examples);
  await openFresh(page);
  await paste(
    page,
    JSON.stringify(
      examples.flatMap((e, i) => [
        { role: 'user', content: `step ${i}: ${e.text}` },
        { role: 'assistant', content: 'ok' },
      ]),
    ),
  );
  await expect(page.getByTestId('message-count')).toHaveText(String(2 * examples.length));
  await page.getByTestId('share-open').click();

  // Every example is listed, in order, under its kind, and the list shows none of them.
  const findings = page.getByTestId('share-findings');
  await expect(findings.locator('li')).toHaveCount(examples.length);
  expect(await findings.locator('li').evaluateAll((items) => items.map((li) => li.dataset.kind))).toEqual(
    examples.map((e) => e.kind),
  );
  expect(leftIn((await findings.textContent()) ?? '')).toEqual([]);

  // Without redaction the full link would carry them: the check below can fail.
  const redact = page.getByTestId('share-redact-secrets');
  await expect(redact).toBeChecked();
  const redactedLink = await page.getByTestId('share-full').inputValue();
  await redact.uncheck();
  await expect(page.getByTestId('share-full')).not.toHaveValue(redactedLink);
  expect(leftIn(linkText(await page.getByTestId('share-full').inputValue()))).toEqual(
    examples.map((e) => e.kind),
  );

  await redact.check();
  await expect(page.getByTestId('share-full')).toHaveValue(redactedLink);
  const links = [
    await page.getByTestId('share-full').inputValue(),
    await page.getByTestId('share-settings').inputValue(),
    await page.getByTestId('share-minimal').inputValue(),
  ];
  for (const link of links) expect(linkText(link)).not.toBe('');
  expect(linkText(links[0])).toContain('[redacted]');
  expect(leftIn(links.map(linkText).join('\n'))).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByTestId('share-bundle').click();
  const bundle = readFileSync(await (await download).path(), 'utf8');
  expect(bundle).toContain('"variant":"full"');
  expect(bundle).toContain('[redacted]');
  expect(leftIn(bundle)).toEqual([]);
  expect(leftIn(`${page.url()}\n${linkText(page.url())}`)).toEqual([]);
});
