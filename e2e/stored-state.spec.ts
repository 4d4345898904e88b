/**
 * Values kept on this device by an earlier visit (or another build of the
 * app) are untrusted: each bad one reopens to a working page with a notice.
 */
import type { Page } from '@playwright/test';
import { CHAT, chatMessages, expect, linkFor, openFresh, paste, readIdb, test } from './fixtures';

/** Writes `value` under `key` in the IndexedDB store the app keeps its records in. */
async function putIdb(page: Page, key: string, value: unknown) {
  await page.evaluate(
    async ([k, v]) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(v, k);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    [key, value] as const,
  );
}

async function idbKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const all = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result.map(String));
          };
        };
      }),
  );
}

async function setLocal(page: Page, key: string, value: string) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value] as const);
}

/** The default sample loaded and drawn: the page works. */
async function expectWorkingPage(page: Page) {
  await expect(page.getByTestId('message-count')).not.toHaveText('', { timeout: 30_000 });
  await expect(page.getByTestId('verdict')).toBeVisible();
}

/**
 * The default sample in, and the settings the page saves on its own once it
 * has (the window of the sample's model) written: a record planted after
 * this is not overwritten by that write.
 */
async function openSettled(page: Page) {
  await openFresh(page);
  await expectWorkingPage(page);
  await expect.poll(() => idbKeys(page)).toContain('compaction-playground:settings');
}

const settingsRecord = (settings: Record<string, unknown>) =>
  JSON.stringify({ state: { settings, modelId: null }, version: 1 });

test('a stored strategy this version does not know falls back to the default, with a notice', async ({
  page,
}) => {
  await openSettled(page);
  await putIdb(
    page,
    'compaction-playground:settings',
    settingsRecord({ strategy: 'plan', keepRecentTokens: 9000 }),
  );
  await page.reload();
  await expectWorkingPage(page);
  await expect(page.getByTestId('stored-notice')).toContainText('strategy "plan"');
  await expect(page.getByTestId('setting-strategy')).toHaveValue('budget');
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('9000');
});

test('stored settings that are not JSON give the defaults, and a link in the address bar still opens', async ({
  page,
}) => {
  await openSettled(page);
  await putIdb(page, 'compaction-playground:settings', '{"state": {"settings": ');
  // A fresh start with the link (from the open page, a new fragment would only be a hash change).
  await page.goto('about:blank');
  await page.goto(`/${await linkFor(chatMessages(), { settings: { keepRecentTokens: 16 } })}`);
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('16');
  await expect(page.getByTestId('stored-notice')).toContainText('could not be read (not JSON)');
});

test('an unknown provider preset and a key that is not text reopen to the offline summarizer', async ({
  page,
}) => {
  await openFresh(page);
  await setLocal(
    page,
    'compaction-playground:provider',
    JSON.stringify({ state: { presetId: 'plan', remembered: { 'openai x': 42 } }, version: 2 }),
  );
  await page.reload();
  await expectWorkingPage(page);
  await expect(page.getByTestId('provider-select')).toHaveValue('offline');
  await expect(page.getByTestId('stored-notice')).toContainText('"plan" is not known');
  await expect(page.getByTestId('stored-notice')).toContainText('1 remembered key was not text');
});

for (const start of ['a reload of its own link', 'a fresh visit']) {
  test(`a corrupted stored transcript gives way to the sample, with a notice: ${start}`, async ({ page }) => {
    // The page's own start-up writes (held until it idles, flushed together) land before the plant.
    await openSettled(page);
    // The address bar mirrors the page: the sample's own link, which names the stored transcript.
    await expect(page).toHaveURL(/#v3\./);
    await putIdb(page, 'compaction-playground:transcript', {
      source: { kind: 'file', file: 'not a file' },
      sourceName: 7,
    });
    if (start === 'a fresh visit') await page.goto('/');
    else await page.reload();
    await expectWorkingPage(page);
    await expect(page.getByTestId('stored-notice')).toContainText(
      'The transcript kept from your last visit could not be restored',
    );
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('stored-notice')).toHaveCount(0);
  });
}

test('a stored theme it does not know uses the system theme, with a notice', async ({ page }) => {
  await openFresh(page);
  await setLocal(page, 'compaction-playground:theme', 'neon');
  await page.reload();
  await expectWorkingPage(page);
  await expect(page.getByTestId('stored-notice')).toContainText('The saved theme "neon" is not known');
});

test('whatever fails while rendering shows what failed and a reset, never a blank page', async ({ page }) => {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('16');
  await expect(page.getByTestId('cut-index')).toHaveText('5');
  // Any failure during render will do: formatting the message count (7) breaks on the next load.
  await page.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!.get!;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get() {
        const format = real.call(this) as (n: number) => string;
        return (n: number) => {
          if (n === 7 && !sessionStorage.getItem('repaired')) throw new Error('formatting is broken');
          return format(n);
        };
      },
    });
  });
  await page.reload();
  await expect(page.getByTestId('crash')).toContainText('formatting is broken');
  await page.evaluate(() => sessionStorage.setItem('repaired', '1'));
  await page.getByTestId('crash-reset').click();
  // Reset forgot the saved settings (keep-recent 16), then reloaded.
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('20000');
  await expect(page.getByTestId('crash')).toHaveCount(0);
  // What the page saves again on its own after the reload (the sample's window) is not the 16 it forgot.
  expect(JSON.stringify((await readIdb(page, 'compaction-playground:settings')) ?? '')).not.toMatch(
    /keepRecentTokens\\*":16\D/,
  );
});
