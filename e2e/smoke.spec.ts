import { expect, test } from './fixtures';

test('the built page opens with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Compaction Playground');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compaction Playground');
});
