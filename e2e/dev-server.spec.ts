/**
 * `npm start` and `npm run dev` serve the source through Vite's dev server,
 * whose inline hot-reload preamble the policy would refuse: the policy is
 * written into the built page only, and development must keep working.
 */
import { readFileSync } from 'node:fs';
import { DEV_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

const DEV = `http://127.0.0.1:${DEV_PORT}/`;
const [FIRST_SAMPLE] = JSON.parse(
  readFileSync(new URL('../public/samples/index.json', import.meta.url), 'utf8'),
) as { format: string }[];

test('the development server opens the app, without the policy, with the first sample loaded as in the build', async ({
  page,
}) => {
  // The dev server's first page load transforms every module and pre-bundles the dependencies.
  test.slow();
  await page.goto('/');
  await expect(page.getByTestId('format')).toHaveText(FIRST_SAMPLE.format);
  const messages = await page.getByTestId('message-count').textContent();

  await page.goto(DEV);
  await expect(page.getByTestId('format')).toHaveText(FIRST_SAMPLE.format, { timeout: 60_000 });
  await expect(page.getByTestId('message-count')).toHaveText(messages!);
  await expect(page.getByTestId('verdict')).toContainText('tokens');
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(0);
});
