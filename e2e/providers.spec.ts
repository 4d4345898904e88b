/**
 * Providers fail early and honestly: Run waits until the provider has what it
 * needs, and a call that reached no server is an error naming the address
 * called, never a degraded result with token counts.
 */
import { createServer } from 'node:net';
import { MOCK_LLM_PORT } from '../playwright.config';
import { expect, loadChat, test } from './fixtures';

const MOCK = `http://127.0.0.1:${MOCK_LLM_PORT}`;

/** A loopback port nothing listens on: bound by the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('Run waits for a custom endpoint’s base URL and model, naming what is missing', async ({
  page,
}, info) => {
  await loadChat(page);
  const run = page.getByTestId('preview-run');
  const missing = page.getByTestId('preview-missing');
  await expect(run).toBeEnabled();
  await expect(missing).toHaveCount(0);

  await page.getByTestId('provider-select').selectOption('custom');
  await expect(run).toBeDisabled();
  await expect(missing).toHaveText(
    'To run with Custom (OpenAI-compatible), enter the base URL and the model.',
  );
  await page.locator('.preview').screenshot({ path: info.outputPath('preview-missing.png') });

  await page.getByTestId('provider-base-url').fill(`${MOCK}/v1`);
  await expect(run).toBeDisabled();
  await expect(missing).toHaveText('To run with Custom (OpenAI-compatible), enter the model.');

  await page.getByTestId('provider-model').fill('mock-summarizer');
  await expect(missing).toHaveCount(0);
  await run.click();
  await expect(page.getByTestId('preview-summary')).toContainText('"Fix the failing test in src/a.ts"');
});

test('Run waits for the key of a hosted service, and says the key stays in the page', async ({ page }) => {
  await loadChat(page);
  await page.getByTestId('provider-select').selectOption('anthropic');
  await expect(page.getByTestId('preview-run')).toBeDisabled();
  await expect(page.getByTestId('preview-missing')).toHaveText(
    'To run with Anthropic, enter the API key. The key stays in this page unless you tick “Remember on this device”.',
  );
  await page.getByTestId('provider-model').fill('');
  await expect(page.getByTestId('preview-missing')).toContainText('enter the model and the API key.');
  await page.getByTestId('provider-model').fill('claude-haiku-4-5');
  await page.getByTestId('provider-key').fill('sk-ant-test-0123456789');
  await expect(page.getByTestId('preview-missing')).toHaveCount(0);
  await expect(page.getByTestId('preview-run')).toBeEnabled();
});

test('an Anthropic-compatible server that cannot be reached is an error naming its address, with no token counts', async ({
  page,
}, info) => {
  const port = await closedPort();
  await loadChat(page);
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-base-url').fill(`http://127.0.0.1:${port}`);
  await page.getByTestId('provider-model').fill('mock-summarizer');
  await page.getByTestId('provider-key').fill('sk-ant-test-0123456789');
  await page.getByTestId('preview-run').click();

  const error = page.getByTestId('preview-error');
  await expect(error).toHaveAttribute('data-category', 'unreachable');
  await expect(error.locator('strong').first()).toHaveText(
    `Could not reach http://127.0.0.1:${port}/v1/messages`,
  );
  await expect(error).toContainText(
    `Check that the server is running at http://127.0.0.1:${port}/v1/messages`,
  );
  await expect(error).not.toContainText(/anthropic\.com|Anthropic/);
  await page.locator('.preview').screenshot({ path: info.outputPath('preview-unreachable.png') });
  await expect(page.getByTestId('preview-degraded')).toHaveCount(0);
  await expect(page.getByTestId('preview-flags')).toHaveCount(0);
  await expect(page.getByTestId('preview-tokens')).toHaveCount(0);
  // One attempt: no retry can make an absent server answer.
  await page.getByTestId('tab-request').click();
  await expect(
    page.getByTestId('preview-request').locator('summary', { hasText: 'HTTP request' }),
  ).toHaveCount(1);
});
