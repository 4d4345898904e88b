/**
 * The address bar carries the settings and a reference to the transcript kept
 * in this browser, never its text; a shared link's transcript stays with the
 * tab that opened it, marked, until the user keeps it as their own.
 */
import { inflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { importTranscript } from '../src/formats/registry';
import { toShareMessage } from '../src/share/payload';
import { CHAT, expect, linkFor, openFresh, paste, readIdb, test } from './fixtures';

/** The JSON a `#v3.` address carries, or '' for an address without one. */
function linkText(link: string): string {
  const data = link.split('#v3.')[1];
  return data ? inflateRawSync(Buffer.from(data, 'base64url')).toString('utf8') : '';
}

/** Free prose no secret pattern knows: only keeping the text out of the address keeps it out. */
const PROSE = 'my password is hunter2-xyz';
const NOTES = JSON.stringify([
  { role: 'user', content: `Remember this: ${PROSE}` },
  { role: 'assistant', content: 'Noted.' },
]);

/** A stranger's transcript, as the full link they would send. */
const THEIRS = JSON.stringify([
  { role: 'user', content: 'a question from someone else' },
  { role: 'assistant', content: 'their answer' },
  { role: 'user', content: 'their follow-up' },
]);
const theirLink = () => linkFor(importTranscript(THEIRS).messages.map(toShareMessage));

/** Once the page has written its own address for the state on screen. */
async function addressSettled(page: Page, holds: string): Promise<string> {
  await expect.poll(() => linkText(page.url()), { timeout: 10_000 }).toContain(holds);
  return linkText(page.url());
}

test('a file holding a password no scanner knows keeps it out of the address bar; a reload restores the transcript and settings', async ({
  page,
}) => {
  await openFresh(page);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from(NOTES) });
  await expect(page.getByTestId('message-count')).toHaveText('2');
  await page.getByTestId('setting-keep-recent').fill('16');
  const carried = await addressSettled(page, '"keepRecentTokens":16');
  expect(JSON.parse(carried)).toMatchObject({
    variant: 'settings-only',
    transcript: { name: 'notes.json', messageCount: 2 },
  });
  expect(page.url()).not.toContain('hunter2');
  expect(carried).not.toContain('hunter2');
  expect(carried).not.toContain('Noted.');

  await expect.poll(() => readIdb(page, 'compaction-playground:transcript')).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('source-name')).toContainText('notes.json');
  await expect(page.getByTestId('message-count')).toHaveText('2');
  await expect(page.getByTestId('message-row').first()).toContainText(PROSE);
  await expect(page.getByTestId('setting-keep-recent')).toHaveValue('16');
  await expect(page.getByTestId('shared-mark')).toHaveCount(0);
  expect(page.url()).not.toContain('hunter2');
});

test("a link opened in a tab comes back on that tab's reload, marked as shared; a new tab shows the user's own", async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await expect.poll(() => readIdb(page, 'compaction-playground:transcript')).toBeTruthy();

  const tab = await page.context().newPage();
  await tab.goto(`/${await theirLink()}`);
  await expect(tab.getByTestId('message-count')).toHaveText('3');
  await expect(tab.getByTestId('shared-mark')).toContainText('Shared link, this tab only');
  // The tab's address becomes its own: the reference, not the stranger's text.
  const carried = await addressSettled(tab, '"variant":"settings-only"');
  expect(carried).not.toContain('their answer');

  await tab.reload();
  await expect(tab.getByTestId('message-count')).toHaveText('3');
  await expect(tab.getByTestId('message-row').nth(1)).toContainText('their answer');
  await expect(tab.getByTestId('shared-mark')).toBeVisible();

  const plain = await page.context().newPage();
  await plain.goto('/');
  await expect(plain.getByTestId('message-count')).toHaveText('7');
  await expect(plain.getByTestId('shared-mark')).toHaveCount(0);
  expect(JSON.stringify(await readIdb(plain, 'compaction-playground:transcript'))).not.toContain(
    'their answer',
  );
});

test('"Keep as my own" makes a link\'s transcript the user\'s: a later visit opens it, unmarked', async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');

  const tab = await page.context().newPage();
  await tab.goto(`/${await theirLink()}`);
  await expect(tab.getByTestId('shared-mark')).toBeVisible();
  await tab.getByTestId('keep-as-own').click();
  await expect(tab.getByTestId('shared-mark')).toHaveCount(0);
  await expect
    .poll(async () => JSON.stringify(await readIdb(tab, 'compaction-playground:transcript')))
    .toContain('their answer');

  const later = await page.context().newPage();
  await later.goto('/');
  await expect(later.getByTestId('message-count')).toHaveText('3');
  await expect(later.getByTestId('shared-mark')).toHaveCount(0);
});

/** Removes one key the app keeps in IndexedDB, as clearing site data would. */
async function forgetIdb(page: Page, key: string): Promise<void> {
  await page.evaluate(
    (k) =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').delete(k);
          tx.oncomplete = tx.onerror = () => {
            open.result.close();
            resolve();
          };
        };
        open.onerror = () => resolve();
      }),
    key,
  );
}

test('a reload whose transcript this browser no longer keeps says so and shows the sample', async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await addressSettled(page, '"messageCount":7');
  await expect.poll(() => readIdb(page, 'compaction-playground:transcript')).toBeTruthy();
  await forgetIdb(page, 'compaction-playground:transcript');
  await page.reload();
  await expect(page.getByTestId('stored-notice')).toContainText(
    'The transcript this address names is not kept in this browser',
  );
  await expect(page.getByTestId('cut-index')).toHaveText('185');
});

test('a reload after another tab opened a newer transcript names the one the address meant and shows the kept one', async ({
  page,
}) => {
  await openFresh(page);
  await paste(page, CHAT);
  await expect(page.getByTestId('message-count')).toHaveText('7');
  await addressSettled(page, '"messageCount":7');

  const other = await page.context().newPage();
  await other.goto('/');
  await other
    .getByTestId('file-input')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from(NOTES) });
  await expect(other.getByTestId('message-count')).toHaveText('2');
  await expect
    .poll(async () => JSON.stringify(await readIdb(other, 'compaction-playground:transcript')))
    .toContain('notes.json');

  await page.reload();
  await expect(page.getByTestId('message-count')).toHaveText('2');
  await expect(page.getByTestId('stored-notice')).toContainText(
    'is no longer kept in this browser: another tab opened one since. Your last transcript, notes.json, is shown instead.',
  );
});
