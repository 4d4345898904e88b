/** Shared test data and helpers for the end-to-end tests. */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { HARNESSES } from '../src/core/harness/registry';
import { SMALL_CHAT } from '../src/formats/fixtures/smallChat';
import { importTranscript } from '../src/formats/registry';
import { encodeShare } from '../src/share/codec';
import {
  SHARE_VERSION,
  toShareMessage,
  type FullSharePayload,
  type ShareMessage,
} from '../src/share/payload';

/** A small OpenAI Chat Completions request: 7 messages, 81 o200k tokens (84 with the list framing). */
export const CHAT = JSON.stringify(SMALL_CHAT);

/** Rows of the strategy table: the three cut rules, then one per preset. */
export const STRATEGY_ROWS = 3 + HARNESSES.length;

/**
 * Opens the page with nothing remembered from an earlier test. A test's first
 * page is in a context of its own, with empty storage, so it only navigates;
 * a page that has been used in this test is cleared and loaded again.
 */
export async function openFresh(page: Page): Promise<void> {
  const firstVisit = page.url() === 'about:blank';
  await page.goto('/');
  if (firstVisit) return;
  await page.evaluate(async () => {
    localStorage.clear();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('keyval-store');
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  });
  await page.reload();
}

/** The default sample, fresh, with the offline summarizer's preview of it on the page. */
export async function openWithPreview(page: Page): Promise<void> {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('preview-run').click();
  await expect(page.getByTestId('eval-checklist')).toBeVisible();
}

export async function paste(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('paste-input');
  // The box closes itself once an earlier paste has loaded, which can land just
  // after it was seen open: open it again and retry until the text is in it.
  await expect(async () => {
    if (!(await input.isVisible())) await page.getByRole('button', { name: 'Paste…' }).click();
    await input.fill(text, { timeout: 15_000 });
  }).toPass({ timeout: 50_000 });
  await page.getByTestId('paste-load').click();
}

/** CHAT with keep-recent 16: messages 1–4 are summarized, 5–6 kept. */
export async function loadChat(page: Page): Promise<void> {
  await openFresh(page);
  await paste(page, CHAT);
  await page.getByTestId('setting-keep-recent').fill('16');
  await expect(page.getByTestId('cut-index')).toHaveText('5');
}

/** Points the preview at `preset` on `baseUrl`, with a model and a key. */
export async function chooseProvider(
  page: Page,
  preset: string,
  baseUrl: string,
  model: string,
  key: string,
): Promise<void> {
  await page.getByTestId('provider-select').selectOption(preset);
  await page.getByTestId('provider-base-url').fill(baseUrl);
  await page.getByTestId('provider-model').fill(model);
  await page.getByTestId('provider-key').fill(key);
}

/**
 * Opens the share dialog, takes its full link and opens it in a fresh
 * browser, as the reader of a bug report would: the reader's page, in a
 * context of its own (closed with the test's browser).
 */
export async function openFullLinkElsewhere(page: Page, browser: Browser): Promise<Page> {
  await page.getByTestId('share-open').click();
  const input = page.getByTestId('share-full');
  await expect(input).toHaveValue(/#v3\./);
  const link = await input.inputValue();
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  return other;
}

/** The small chat as the messages a full share link carries. */
export function chatMessages(): ShareMessage[] {
  return importTranscript(CHAT).messages.map(toShareMessage);
}

/** A full share link (the part from `#`) for `messages`, with anything else a link may carry. */
export async function linkFor(
  messages: ShareMessage[],
  extra: Omit<FullSharePayload, 'v' | 'variant' | 'transcript'> = {},
): Promise<string> {
  const payload: FullSharePayload = { v: SHARE_VERSION, variant: 'full', transcript: { messages }, ...extra };
  return `#${await encodeShare(payload)}`;
}

/** Everything the local LLM test server has received so far. */
export async function mockRequests(
  page: Page,
  mockUrl: string,
): Promise<{ url: string; method: string; headers: Record<string, string> }[]> {
  const response = await page.request.get(`${mockUrl}/__requests`);
  return (await response.json()) as { url: string; method: string; headers: Record<string, string> }[];
}

/**
 * The element's box once it has stopped moving: on a busy machine the layout
 * may still shift (charts arriving, the strip resizing) after the state a test
 * waited for, and a pointer aimed at a moving target grabs the wrong thing.
 */
export async function settledBox(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        const now = JSON.stringify(box);
        const same = box !== null && now === last;
        last = now;
        return same;
      },
      { intervals: [100, 100, 200, 250] },
    )
    .toBe(true);
  return box!;
}

/** The value the app keeps under `key` in IndexedDB, or undefined. */
export async function readIdb(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get(k);
          read.onsuccess = () => {
            open.result.close();
            // A Blob does not cross into the test; its presence does.
            resolve(read.result instanceof Blob ? '[Blob]' : read.result);
          };
          read.onerror = () => resolve(undefined);
        };
        open.onerror = () => resolve(undefined);
      }),
    key,
  );
}
/** Every spec takes `test` and `expect` from here: a test that runs into the Content-Security-Policy fails. */
export { expect, test, type CspViolations } from './csp-fixture';

/** Turns on "Compare all strategies": the other strategies' cuts on the strip and the strategy table. */
export async function compareAllStrategies(page: Page): Promise<void> {
  const toggle = page.getByTestId('compare-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}
