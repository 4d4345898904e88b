/**
 * "Use in your agent": the settings on the page written in an agent's own
 * configuration, the same text the command line's `config` prints, copied
 * as shown.
 */
import { expect, openFresh, test } from './fixtures';

test('the panel writes the tuned settings for the chosen agent and copies exactly what it shows', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  await page.getByTestId('setting-window').fill('200000');
  await page.getByTestId('setting-reserve').fill('40000');
  await page.getByTestId('setting-reserve').press('Tab');

  const panel = page.getByTestId('agent-config');
  await expect(panel.getByRole('heading', { name: 'Use in your agent' })).toBeVisible();
  await expect(page.getByTestId('agent-config-text')).toHaveText(
    'export CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=88\n',
  );
  await expect(page.getByTestId('agent-config-notes').locator('li').nth(1)).toHaveText(
    '88% compacts at 158,400, the closest whole percent at or below the tuned 160,000',
  );

  // By keyboard: focus the agent list, choose Codex, then Copy.
  const select = page.getByTestId('agent-config-harness');
  await select.focus();
  await select.selectOption('codex');
  await expect(page.getByTestId('agent-config-file')).toHaveText('In ~/.codex/config.toml');
  const shown = 'model_context_window = 200000\nmodel_auto_compact_token_limit = 160000\n';
  await expect(page.getByTestId('agent-config-text')).toHaveText(shown);
  await page.getByTestId('agent-config-copy').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('agent-config-copied')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await page.getByTestId('agent-config-text').textContent(),
  );

  // A change in the settings changes the snippet at once.
  await page.getByTestId('setting-reserve').fill('10000');
  await page.getByTestId('setting-reserve').press('Tab');
  await expect(page.getByTestId('agent-config-text')).toHaveText(
    'model_context_window = 200000\nmodel_auto_compact_token_limit = 190000\n',
  );
  await expect(page.getByTestId('agent-config-notes').locator('li').first()).toHaveText(
    'Codex never compacts later than 0.9 of the window: it fires at 180,000, not the tuned 190,000',
  );
});

test("the panel follows the loaded file's agent, and the user can still pick another", async ({ page }) => {
  await openFresh(page);
  await expect(page.getByTestId('cut-index')).toHaveText('185');
  const select = page.getByTestId('agent-config-harness');
  await expect(select).toHaveValue('claude-code');

  await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/pi.jsonl');
  await expect(page.getByTestId('format')).toHaveText('pi');
  await expect(select).toHaveValue('pi');
  await expect(page.getByTestId('agent-config-file')).toHaveText('In ~/.pi/agent/settings.json');

  await select.selectOption('letta');
  await expect(select).toHaveValue('letta');

  await page.getByTestId('file-input').setInputFiles('src/formats/fixtures/codex.jsonl');
  await expect(page.getByTestId('format')).toHaveText('codex');
  await expect(select).toHaveValue('codex');
  await expect(page.getByTestId('agent-config-file')).toHaveText('In ~/.codex/config.toml');
});
