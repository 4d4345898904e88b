/** Shared test data and helpers for the end-to-end tests. */
import type { Page } from '@playwright/test';
import { SMALL_CHAT } from '../src/formats/fixtures/smallChat';

/** A small OpenAI Chat Completions request: 7 messages, 84 o200k tokens. */
export const CHAT = JSON.stringify(SMALL_CHAT);

/** Opens the page with nothing remembered from an earlier test. */
export async function openFresh(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    localStorage.clear();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase('keyval-store');
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  });
  await page.reload();
}

export async function paste(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('paste-input');
  if (!(await input.isVisible())) await page.getByRole('button', { name: 'Paste…' }).click();
  await input.fill(text);
  await page.getByTestId('paste-load').click();
}

/** Every spec takes `test` and `expect` from here: a test that runs into the Content-Security-Policy fails. */
export { expect, test, type CspViolations } from './csp-fixture';
