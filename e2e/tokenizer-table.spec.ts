/**
 * The tokenizer's table is kept between visits: a later visit counts without
 * the packaged ranks, and a kept table that does not hold together is
 * rebuilt from them.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';

const KEY = 'tokenizer-table:o200k_base:1';
/** The o200k ranks as the workers download them: the rank file made at build time. */
const RANKS = /\/assets\/o200k_base-[^/]+\.bpe$/;
/** The same ranks as js-tiktoken packages them, a 2.3 MB module the page no longer downloads. */
const PACKAGED_RANKS = /\/assets\/o200k_base-[^/]+\.js$/;

/** The default sample's total once the exact counts are in. */
async function exactTotal(page: Page): Promise<string> {
  await expect(page.getByTestId('total-tokens')).toBeVisible();
  await expect(page.getByTestId('first-bars-estimate')).toHaveCount(0);
  return (await page.getByTestId('total-tokens').textContent()) ?? '';
}

/** What IndexedDB holds under `key`, in outline: the table's size and whether its arrays are typed. */
async function keptTable(page: Page): Promise<{ size: unknown; typed: boolean } | null> {
  return page.evaluate(
    (key) =>
      new Promise<{ size: unknown; typed: boolean } | null>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get(key);
          read.onsuccess = () => {
            open.result.close();
            const parts = (read.result as { parts?: Record<string, unknown> } | undefined)?.parts;
            resolve(
              parts
                ? {
                    size: parts.size,
                    typed: parts.slots instanceof Int32Array && parts.tokenBytes instanceof Uint8Array,
                  }
                : null,
            );
          };
          read.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
    KEY,
  );
}

async function putKept(page: Page, value: unknown): Promise<void> {
  await page.evaluate(
    ([key, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, key as string);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [KEY, value] as const,
  );
}

test('a first visit downloads the ranks as the rank file, never as the packaged module', async ({ page }) => {
  const downloaded: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (RANKS.test(path) || PACKAGED_RANKS.test(path))
      downloaded.push(path.endsWith('.bpe') ? 'rank file' : 'module');
  });
  await openFresh(page);
  await exactTotal(page);
  expect(downloaded).toEqual(['rank file']);
});

test('a second visit counts with the table kept from the first, without the rank file', async ({ page }) => {
  await openFresh(page);
  const total = await exactTotal(page);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });

  let asked = 0;
  await page.route(RANKS, (route) => {
    asked++;
    return route.abort();
  });
  await page.reload();
  expect(await exactTotal(page)).toBe(total);
  expect(asked).toBe(0);
});

test('a kept table that does not hold together is rebuilt from the packaged ranks and kept again', async ({
  page,
}) => {
  await openFresh(page);
  const total = await exactTotal(page);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });
  await putKept(page, { pattern: 'x', parts: { size: 3, slots: [1, 2, 3] } });
  expect(await keptTable(page)).toEqual({ size: 3, typed: false });

  await page.reload();
  expect(await exactTotal(page)).toBe(total);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });
});

/** The kept table's split pattern, read only. */
async function keptPattern(page: Page): Promise<unknown> {
  return page.evaluate(
    (key) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get(key);
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { pattern?: unknown } | undefined)?.pattern);
          };
          read.onerror = () => resolve(undefined);
        };
        open.onerror = () => resolve(undefined);
      }),
    KEY,
  );
}

/** Rewrites the kept table's split pattern in place, as a script of the origin could; resolves to the old one. */
async function setKeptPattern(page: Page, pattern: string): Promise<string> {
  return page.evaluate(
    ([key, pattern]) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval');
          const read = store.get(key);
          read.onsuccess = () => {
            const kept = read.result as { pattern: string };
            const old = kept.pattern;
            store.put({ ...kept, pattern }, key);
            store.transaction.oncomplete = () => {
              open.result.close();
              resolve(old);
            };
          };
          read.onerror = () => reject(read.error);
        };
      }),
    [KEY, pattern] as const,
  );
}

test('a kept table with a changed pattern is refused: the counts stay the shipped tokenizer’s, and the shipped table is kept again', async ({
  page,
}) => {
  await openFresh(page);
  const total = await exactTotal(page);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });
  const shipped = await setKeptPattern(page, '[\\s\\S]');
  expect(await keptPattern(page)).toBe('[\\s\\S]');

  await page.reload();
  expect(await exactTotal(page)).toBe(total);
  await expect.poll(() => keptPattern(page)).toBe(shipped);
});

test('a kept table whose pattern is not a valid expression is refused, and the page still counts', async ({
  page,
}) => {
  await openFresh(page);
  const total = await exactTotal(page);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });
  await setKeptPattern(page, '(?<unclosed');

  await page.reload();
  expect(await exactTotal(page)).toBe(total);
  await expect.poll(() => keptTable(page)).toEqual({ size: 199_998, typed: true });
});
