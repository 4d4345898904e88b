/** Shared test data and helpers for the end-to-end tests. */
import type { Page } from '@playwright/test';

/** A small OpenAI Chat Completions request: 7 messages, 84 o200k tokens. */
export const CHAT = JSON.stringify({
  model: 'gpt-4o',
  messages: [
    { role: 'system', content: 'You are a helpful coding agent.' },
    { role: 'user', content: 'Fix the failing test in src/a.ts' },
    {
      role: 'assistant',
      content: 'Let me read it.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"src/a.ts"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'export const a = 1;\n' },
    { role: 'assistant', content: 'Fixed.' },
    { role: 'user', content: 'Thanks! Now the docs.' },
    { role: 'assistant', content: 'Done.' },
  ],
});

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
